/** A purchase order's state as an order's JSON carries it (GET /api/admin/orders/:id). */
import { centsToAmount } from "../../../domain/shared/money";
import type { PurchaseOrderView } from "../../services/purchasing/purchase-orders";

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToAmount(cents));

/** A purchase order on the wire: each line's costs in dollars; null cost says "no cost". */
export function purchaseOrderToJson(po: PurchaseOrderView) {
  return {
    ...po,
    items: po.items.map(({ unitCostCents, lineCostCents, ...line }) => ({
      ...line,
      unitCost: dollarsOrNull(unitCostCents),
      lineCost: dollarsOrNull(lineCostCents),
      ...(unitCostCents === null
        ? { costNote: "No cost: none entered and none in the supplier's grid" }
        : {}),
    })),
  };
}

export function purchaseOrderStateToJson(po: PurchaseOrderView) {
  return {
    id: po.id,
    poNumber: po.poNumber,
    poLabel: po.poLabel,
    supplierName: po.supplierName,
    status: po.status,
    statusLabel: po.statusLabel,
    expectedShipDate: po.expectedShipDate,
    overdue: po.overdue,
    received: po.items.every((l) => l.receivedQuantity >= l.quantity),
  };
}
