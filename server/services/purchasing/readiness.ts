/**
 * Ready to install (DECISIONS.md "Supplier orders and receiving"; decision 222): every item we
 * make for the order (products; services such as a track replacement are not ordered) has a
 * purchase order line, and every line, remakes included, arrived in full.
 */
import { allItemsReceived } from "../../../domain/purchasing";
import type { Db } from "../../db/database";
import { listOrderItems } from "../../db/repositories/orders/orders";
import {
  listLinesForOrder,
  type PurchaseOrderLineRow,
} from "../../db/repositories/purchasing/purchase-orders";

export async function isReadyToInstall(db: Db, orderId: number): Promise<boolean> {
  const items = (await listOrderItems(db, [orderId])).filter((i) => i.product_id !== null);
  if (items.length === 0) return false;
  return readyFromLines(
    items.map((i) => i.id),
    await listLinesForOrder(db, orderId),
  );
}

/** The same from what was already read: the made items' ids and the order's lines. */
export function readyFromLines(
  madeItemIds: readonly number[],
  lines: readonly Pick<PurchaseOrderLineRow, "order_item_id" | "quantity" | "received_quantity">[],
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
