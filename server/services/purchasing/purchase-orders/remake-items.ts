import {
  poLabel,
  REMAKE_PAYER_LABELS,
  REMAKE_REASON_LABELS,
  type RemakeInput,
} from "../../../../domain/purchasing/purchasing";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import { now } from "../../../db/database";
import { listOrderItems } from "../../../db/repositories/orders/orders";
import {
  findPurchaseOrder,
  listLinesForOrder,
} from "../../../db/repositories/purchasing/purchase-orders";
import { insertRemake } from "../../../db/repositories/purchasing/remakes";
import { AppError, present } from "../../../errors";
import { recordOrderChange } from "../../orders/order-events";
import type { Actor } from "../../people/actor";
import {
  getPurchaseOrder,
  lockedOrder,
  newPurchaseOrder,
  type PurchaseOrderServiceDeps,
  type PurchaseOrderView,
  type RemakeView,
  remakesForMonth,
} from "./shared";

/** POST /orders/:id/items/:itemId/remake: ordered again; the customer's total unchanged. */
export async function remakeItems(
  deps: PurchaseOrderServiceDeps,
  orderId: number,
  itemId: number,
  input: RemakeInput,
  actor: Actor,
): Promise<{ remake: RemakeView; purchaseOrder: PurchaseOrderView }> {
  const { db } = deps;

  const at = now();
  const made = await db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, orderId);
    if (order.status === "cancelled") {
      throw new AppError("conflict", `Order #${order.order_number} is cancelled.`);
    }
    const item = (await listOrderItems(trx, [orderId])).find((i) => i.id === itemId);
    if (!item) throw new AppError("not_found", "Item not found on this order.");
    const first = (await listLinesForOrder(trx, orderId)).find(
      (l) => Number(l.order_item_id) === itemId && Number(l.is_remake) === 0,
    );
    if (!first) {
      throw new AppError(
        "conflict",
        `${item.name} has not been ordered from a supplier yet; order it before asking for a remake.`,
        { details: { reason: "not_ordered" } },
      );
    }
    const firstPo = present(
      await findPurchaseOrder(trx, first.purchase_order_id),
      `purchase order ${first.purchase_order_id}`,
    );
    const po = await newPurchaseOrder(
      trx,
      order,
      firstPo.supplier_id,
      [
        {
          orderItemId: itemId,
          quantity: item.quantity,
          item,
          // The same piece from the same supplier costs what the first one did.
          ...(first.unit_cost_cents !== null && first.cost_source !== null
            ? {
                knownCost: {
                  unitCostCents: Number(first.unit_cost_cents),
                  source: first.cost_source,
                },
              }
            : {}),
        },
      ],
      true,
      at,
    );
    const remakeId = await insertRemake(trx, {
      order_id: orderId,
      order_item_id: itemId,
      reason: input.reason,
      note: input.note,
      paid_by: input.paidBy,
      purchase_order_line_id: present(po.lineIds[0], "the remake's purchase order line"),
      actor: actor.label,
      staff_id: actor.staffId,
      created_at: at,
    });
    const summary = `Remake of ${item.name}${item.room_label ? ` (${item.room_label})` : ""} on ${poLabel(po.poNumber)}: ${REMAKE_REASON_LABELS[input.reason]}, paid by ${REMAKE_PAYER_LABELS[input.paidBy].toLowerCase()}`;
    await recordOrderChange(trx, actor, at, {
      orderId,
      kind: "purchasing",
      summary,
      details: { remakeId, itemId, ...input },
      audit: {
        kind: "purchasing",
        summary: `Order #${order.order_number}: ${summary}`,
        details: {
          after: { remakeId, itemId, reason: input.reason, paidBy: input.paidBy },
        },
      },
    });
    return { remakeId, poId: po.id, createdAt: at };
  });
  const month = storeToday(new Date(made.createdAt)).slice(0, 7);
  const remake = (await remakesForMonth(deps, month)).find((r) => r.id === made.remakeId);
  return {
    remake: present(remake, `remake ${made.remakeId}`),
    purchaseOrder: await getPurchaseOrder(deps, made.poId),
  };
}
