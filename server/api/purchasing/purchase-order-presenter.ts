/** A purchase order's state as an order's JSON carries it (GET /api/admin/orders/:id). */
import type { PurchaseOrderView } from "../../services/purchasing/purchase-orders";

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
