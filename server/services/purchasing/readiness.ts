/**
 * Ready to install: every item we
 * make for the order (products; services such as a track replacement are not ordered) has a
 * purchase order line, and every line, remakes included, arrived in full. One rule
 * (`readyFromItems` → `readyFromLines`), read for one order (`isReadyToInstall`, inside the
 * transactions that receive and book) or for many at once (`readyOrders`, the dashboard;
 * decision 437).
 */
import { allItemsReceived } from "../../../domain/purchasing/purchasing";
import type { Db } from "../../db/database";
import { listOrderItems, type OrderItemRecord } from "../../db/repositories/orders/orders";
import {
  listLinesForOrder,
  listLinesForOrders,
  type PurchaseOrderLineRow,
} from "../../db/repositories/purchasing/purchase-orders";

type LineProgress = Pick<PurchaseOrderLineRow, "order_item_id" | "quantity" | "received_quantity">;

export async function isReadyToInstall(db: Db, orderId: number): Promise<boolean> {
  const items = await listOrderItems(db, [orderId]);
  // Nothing made: not ready, whatever the lines (not read).
  if (!items.some((i) => i.product_id !== null)) return false;
  return readyFromItems(items, await listLinesForOrder(db, orderId));
}

/**
 * The orders of `orderIds` that are ready to install, in two statements however many they are
 * (all their items, all their lines), each judged by the same rule as `isReadyToInstall`.
 */
export async function readyOrders(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const items = groupBy(await listOrderItems(db, orderIds), (i) => i.order_id);
  const lines = groupBy(await listLinesForOrders(db, orderIds), (l) => l.order_id);
  return new Set(orderIds.filter((id) => readyFromItems(items.get(id) ?? [], lines.get(id) ?? [])));
}

/** The rule from an order's items (products are made, services are not) and its lines. */
function readyFromItems(
  items: readonly Pick<OrderItemRecord, "id" | "product_id">[],
  lines: readonly LineProgress[],
): boolean {
  return readyFromLines(
    items.filter((i) => i.product_id !== null).map((i) => i.id),
    lines,
  );
}

/** The same from what was already read: the made items' ids and the order's lines. */
export function readyFromLines(
  madeItemIds: readonly number[],
  lines: readonly LineProgress[],
): boolean {
  return allItemsReceived(
    madeItemIds,
    lines.map((l) => ({
      orderItemId: l.order_item_id,
      quantity: l.quantity,
      receivedQuantity: l.received_quantity,
    })),
  );
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
