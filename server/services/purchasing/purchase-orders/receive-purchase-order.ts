import {
  poLabel,
  type ReceiveInput,
  statusAfterReceiving,
} from "../../../../domain/purchasing/purchasing";
import {
  listLines,
  setLineReceived,
  updatePurchaseOrder,
} from "../../../db/repositories/purchasing/purchase-orders";
import { AppError } from "../../../errors";
import { recordOrderChange } from "../../orders/order-events";
import type { Actor } from "../../people/actor";
import {
  afterReceiving,
  changePurchaseOrder,
  type PurchaseOrderServiceDeps,
  type PurchaseOrderView,
  poStatus,
} from "./shared";

/** POST /receive: lines partly or fully; `received` when all are. */
export async function receivePurchaseOrder(
  deps: PurchaseOrderServiceDeps,
  id: number,
  input: ReceiveInput,
  actor: Actor,
): Promise<PurchaseOrderView> {
  return changePurchaseOrder(deps, id, async (trx, po, at) => {
    const lines = await listLines(trx, [id]);
    const received = new Map(lines.map((l) => [Number(l.id), Number(l.received_quantity)]));
    const words: string[] = [];
    for (const [index, entry] of input.items.entries()) {
      let left = entry.quantity;
      const own = lines.filter((l) => Number(l.order_item_id) === entry.itemId);
      if (own.length === 0) {
        throw new AppError(
          "validation_failed",
          `items: item ${entry.itemId} is not on ${poLabel(po.po_number)}.`,
          {
            fields: { [`items.${index}.itemId`]: `itemId is not on ${poLabel(po.po_number)}` },
          },
        );
      }
      for (const line of own) {
        const have = received.get(Number(line.id)) ?? 0;
        const take = Math.min(left, Number(line.quantity) - have);
        if (take <= 0) continue;
        received.set(Number(line.id), have + take);
        left -= take;
      }
      if (left > 0) {
        throw new AppError(
          "conflict",
          `items: item ${entry.itemId} is already received in full on ${poLabel(po.po_number)} (${left} more than ordered).`,
          {
            details: { reason: "over_received", itemId: entry.itemId },
            fields: {
              [`items.${index}.quantity`]: `quantity is ${left} more than is still due`,
            },
          },
        );
      }
      words.push(`${entry.quantity} × item ${entry.itemId}`);
    }
    for (const line of lines) {
      const value = received.get(Number(line.id)) ?? 0;
      if (value !== Number(line.received_quantity)) await setLineReceived(trx, line.id, value);
    }
    const status = statusAfterReceiving(
      poStatus(po.status),
      lines.map((l) => ({
        quantity: Number(l.quantity),
        receivedQuantity: received.get(Number(l.id)) ?? 0,
      })),
    );
    await updatePurchaseOrder(trx, id, { status, updated_at: at });
    await recordOrderChange(trx, actor, at, {
      orderId: po.order_id,
      kind: "purchasing",
      summary: `${poLabel(po.po_number)}: received ${words.join(", ")}${status === "received" ? " (all received)" : ""}`,
      details: { purchaseOrderId: id, items: input.items },
      audit: {
        kind: "purchasing",
        summary: `${poLabel(po.po_number)}: received ${words.join(", ")}`,
        details: { after: { status, items: input.items } },
      },
    });
    if (status === "received") await afterReceiving(trx, po.order_id, actor, at);
  });
}
