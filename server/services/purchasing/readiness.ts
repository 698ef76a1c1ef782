/**
 * Ready to install (DECISIONS.md "Supplier orders and receiving"; decision 222): every item we
 * make for the order (products; services such as a track replacement are not ordered) has a
 * purchase order line, and every line, remakes included, arrived in full.
 */
import { allItemsReceived } from "../../../domain/purchasing";
import type { Db } from "../../db/database";
import { listOrderItems } from "../../db/repositories/orders/orders";
import { listLinesForOrder } from "../../db/repositories/purchasing/purchase-orders";

export async function isReadyToInstall(db: Db, orderId: number): Promise<boolean> {
  const items = (await listOrderItems(db, [orderId])).filter((i) => i.product_id !== null);
  if (items.length === 0) return false;
  const lines = await listLinesForOrder(db, orderId);
  return allItemsReceived(
    items.map((i) => i.id),
    lines.map((l) => ({
      orderItemId: l.order_item_id,
      quantity: l.quantity,
      receivedQuantity: l.received_quantity,
    })),
  );
}
