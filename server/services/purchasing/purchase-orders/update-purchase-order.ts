import { type PurchaseOrderUpdate, poLabel } from "../../../../domain/purchasing/purchasing";
import { centsToAmount } from "../../../../domain/shared/money";
import type { Db } from "../../../db/database";
import {
  listLines,
  setLineUnitCost,
  updatePurchaseOrder,
} from "../../../db/repositories/purchasing/purchase-orders";
import { fieldError } from "../../../errors";
import { recordOrderChange } from "../../orders/order-events";
import type { Actor } from "../../people/actor";
import {
  changePurchaseOrder,
  type PurchaseOrderServiceDeps,
  type PurchaseOrderView,
} from "./shared";

/**
 * PATCH: the supplier's reference and ship date (`confirmed`), and the supplier's cost of each
 * line (`lines: [{ itemId, unitCost }]`, which doesn't confirm it).
 */
export async function confirmPurchaseOrder(
  deps: PurchaseOrderServiceDeps,
  id: number,
  input: PurchaseOrderUpdate,
  actor: Actor,
): Promise<PurchaseOrderView> {
  return changePurchaseOrder(deps, id, async (trx, po, at) => {
    const answered = input.supplierReference !== undefined || input.expectedShipDate !== undefined;
    const confirms = answered && (po.status === "draft" || po.status === "sent");
    const costs = input.lines ? await enterCosts(trx, id, input.lines) : [];
    await updatePurchaseOrder(trx, id, {
      ...(input.supplierReference !== undefined
        ? { supplier_reference: input.supplierReference }
        : {}),
      ...(input.expectedShipDate !== undefined
        ? { expected_ship_date: input.expectedShipDate }
        : {}),
      ...(confirms ? { status: "confirmed" } : {}),
      updated_at: at,
    });
    const words = [
      input.supplierReference ? `reference ${input.supplierReference}` : null,
      input.expectedShipDate ? `ships ${input.expectedShipDate}` : null,
    ]
      .filter(Boolean)
      .join(", ");
    const change = {
      before: {
        supplierReference: po.supplier_reference,
        expectedShipDate: po.expected_ship_date,
        ...(costs.length
          ? { lines: costs.map((c) => ({ itemId: c.itemId, unitCost: c.before })) }
          : {}),
      },
      after: {
        ...(input.supplierReference !== undefined
          ? { supplierReference: input.supplierReference }
          : {}),
        ...(input.expectedShipDate !== undefined
          ? { expectedShipDate: input.expectedShipDate }
          : {}),
        ...(costs.length
          ? { lines: costs.map((c) => ({ itemId: c.itemId, unitCost: c.after })) }
          : {}),
      },
    };
    const summary = answered
      ? `${poLabel(po.po_number)} confirmed by ${po.supplier_name}${words ? `: ${words}` : ""}`
      : `${poLabel(po.po_number)}: supplier's cost entered for ${costs.length} ${costs.length === 1 ? "line" : "lines"}`;
    await recordOrderChange(trx, actor, at, {
      orderId: po.order_id,
      kind: "purchasing",
      summary,
      details: change,
      audit: {
        kind: "purchasing",
        summary: `${poLabel(po.po_number)} updated`,
        details: change,
      },
    });
  });
}

/** Sets each listed line's unit cost; 400 naming the item when it is not on this purchase order. */
async function enterCosts(
  trx: Db,
  purchaseOrderId: number,
  lines: NonNullable<PurchaseOrderUpdate["lines"]>,
) {
  const onPo = await listLines(trx, [purchaseOrderId]);
  const changed: { itemId: number; before: number | null; after: number }[] = [];
  for (const [index, entry] of lines.entries()) {
    const matching = onPo.filter((l) => Number(l.order_item_id) === entry.itemId);
    if (matching.length === 0) {
      throw fieldError(
        "validation_failed",
        `lines.${index}.itemId`,
        `item ${entry.itemId} is not on this purchase order`,
      );
    }
    for (const line of matching) {
      await setLineUnitCost(trx, Number(line.id), entry.unitCost);
      changed.push({
        itemId: entry.itemId,
        before: line.unit_cost_cents === null ? null : centsToAmount(Number(line.unit_cost_cents)),
        after: centsToAmount(entry.unitCost),
      });
    }
  }
  return changed;
}
