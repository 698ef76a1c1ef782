import { type PurchaseOrderUpdate, poLabel } from "../../../../domain/purchasing/purchasing";
import { updatePurchaseOrder } from "../../../db/repositories/purchasing/purchase-orders";
import { recordOrderChange } from "../../orders/order-events";
import type { Actor } from "../../people/actor";
import {
  changePurchaseOrder,
  type PurchaseOrderServiceDeps,
  type PurchaseOrderView,
} from "./shared";

/** PATCH: the supplier's reference and ship date (`confirmed`). */
export async function confirmPurchaseOrder(
  deps: PurchaseOrderServiceDeps,
  id: number,
  input: PurchaseOrderUpdate,
  actor: Actor,
): Promise<PurchaseOrderView> {
  return changePurchaseOrder(deps, id, async (trx, po, at) => {
    const confirms = po.status === "draft" || po.status === "sent";
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
      },
      after: input,
    };
    await recordOrderChange(trx, actor, at, {
      orderId: po.order_id,
      kind: "purchasing",
      summary: `${poLabel(po.po_number)} confirmed by ${po.supplier_name}${words ? `: ${words}` : ""}`,
      details: change,
      audit: {
        kind: "purchasing",
        summary: `${poLabel(po.po_number)} updated`,
        details: change,
      },
    });
  });
}
