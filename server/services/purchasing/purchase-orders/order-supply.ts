import { storeToday } from "../../../../domain/scheduling/visit-time";
import {
  listLinesForOrder,
  listPurchaseOrders,
} from "../../../db/repositories/purchasing/purchase-orders";
import type { AdminOrderItem } from "../../orders/admin-orders";
import { readyFromLines } from "../readiness";
import { type PurchaseOrderServiceDeps, type PurchaseOrderView, toViews } from "./shared";

/**
 * The order page's summary: ordered, received, ready to install. The order's items are the
 * ones the page already read (admin.getOrder): only its purchase orders and their lines are
 * read here, once each.
 */
export async function orderSupply(
  deps: PurchaseOrderServiceDeps,
  order: { id: number; items: readonly AdminOrderItem[] },
): Promise<{
  purchaseOrders: PurchaseOrderView[];
  readyToInstall: boolean;
  unordered: number;
}> {
  const { db } = deps;

  const rows = await listPurchaseOrders(db, { orderId: order.id });
  // No purchase order, no line: nothing is ordered yet, so nothing is ready.
  const lines = rows.length ? await listLinesForOrder(db, order.id) : [];
  const items = new Map(order.items.map((i) => [i.id, i]));
  const purchaseOrders = toViews(rows, lines, items, storeToday()).sort(
    (a, b) => a.poNumber - b.poNumber,
  );
  const made = order.items.filter((i) => i.productId !== null).map((i) => i.id);
  const ordered = new Set(purchaseOrders.flatMap((p) => p.items.map((l) => l.itemId)));
  return {
    purchaseOrders,
    readyToInstall: readyFromLines(made, lines),
    unordered: made.filter((id) => !ordered.has(id)).length,
  };
}
