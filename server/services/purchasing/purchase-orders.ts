/**
 * Purchase orders: one per supplier
 * for the items of an order not yet ordered, held back by the deposit and the right to cancel;
 * sent to the supplier as a PDF; confirmed with the supplier's reference and ship date; received
 * line by line; overdue when the ship date passed. Remakes order an item again on a new line.
 * The first purchase order moves the order to `in_production`; the last item received with the
 * installation visit already booked moves it to `scheduled`.
 */

import { type ServiceDeps, withDeps } from "../deps";
import type { AdminOrders } from "../orders/admin-orders";
import { createPurchaseOrdersForOrder } from "./purchase-orders/create-for-order";
import { purchasingDashboardLists } from "./purchase-orders/dashboard-lists";
import { listPurchaseOrderViews } from "./purchase-orders/list-purchase-orders";
import { orderSupply } from "./purchase-orders/order-supply";
import { purchaseOrderPdf } from "./purchase-orders/purchase-order-pdf";
import { receivePurchaseOrder } from "./purchase-orders/receive-purchase-order";
import { remakeItems } from "./purchase-orders/remake-items";
import { sendPurchaseOrder } from "./purchase-orders/send-purchase-order";
import type { PurchaseOrderServiceDeps } from "./purchase-orders/shared";
import { getPurchaseOrder, remakesForMonth } from "./purchase-orders/shared";
import { confirmPurchaseOrder } from "./purchase-orders/update-purchase-order";

export type {
  PurchaseOrderLineView,
  PurchaseOrderView,
  RemakeView,
} from "./purchase-orders/shared";

export function createPurchaseOrderService(
  deps: ServiceDeps,
  admin: Pick<AdminOrders, "orderItems">,
) {
  const all: PurchaseOrderServiceDeps = { ...deps, admin };
  return {
    getPurchaseOrder: withDeps(all, getPurchaseOrder),
    listPurchaseOrders: withDeps(all, listPurchaseOrderViews),
    createForOrder: withDeps(all, createPurchaseOrdersForOrder),
    pdf: withDeps(all, purchaseOrderPdf),
    send: withDeps(all, sendPurchaseOrder),
    update: withDeps(all, confirmPurchaseOrder),
    receive: withDeps(all, receivePurchaseOrder),
    remake: withDeps(all, remakeItems),
    remakesForMonth: withDeps(all, remakesForMonth),
    orderSupply: withDeps(all, orderSupply),
    dashboardLists: withDeps(all, purchasingDashboardLists),
  };
}

export type PurchaseOrderService = ReturnType<typeof createPurchaseOrderService>;
