import { poLabel } from "../../../../domain/purchasing/purchasing";
import { now } from "../../../db/database";
import { listOrderItems } from "../../../db/repositories/orders/orders";
import { listLinesForOrder } from "../../../db/repositories/purchasing/purchase-orders";
import { productSuppliers } from "../../../db/repositories/purchasing/suppliers";
import { AppError } from "../../../errors";
import { recordOrderChange } from "../../orders/order-events";
import { moveOrderByWork } from "../../orders/order-moves";
import type { Actor } from "../../people/actor";
import {
  assertNoOpenChoice,
  assertOrderable,
  getPurchaseOrder,
  lockedOrder,
  newPurchaseOrder,
  type PurchaseOrderServiceDeps,
  type PurchaseOrderView,
} from "./shared";

/** POST /api/admin/orders/:id/purchase-orders: one per supplier for what is not ordered. */
export async function createPurchaseOrdersForOrder(
  deps: PurchaseOrderServiceDeps,
  orderId: number,
  actor: Actor,
): Promise<PurchaseOrderView[]> {
  const { db, logger } = deps;

  const at = now();
  const created = await db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, orderId);
    assertOrderable(order);
    const items = (await listOrderItems(trx, [orderId])).filter((i) => i.product_id !== null);
    const ordered = new Set(
      (await listLinesForOrder(trx, orderId))
        .filter((l) => Number(l.is_remake) === 0)
        .map((l) => Number(l.order_item_id)),
    );
    const toOrder = items.filter((i) => !ordered.has(i.id));
    if (toOrder.length === 0) {
      throw new AppError(
        "conflict",
        `Every item of Order #${order.order_number} is already on a purchase order.`,
        { details: { reason: "nothing_to_order" } },
      );
    }
    assertNoOpenChoice(order, toOrder);
    const suppliers = await productSuppliers(trx);
    const bySupplier = new Map<number, typeof toOrder>();
    const missing: string[] = [];
    for (const item of toOrder) {
      const supplierId = item.product_id === null ? null : (suppliers.get(item.product_id) ?? null);
      if (supplierId === null) {
        missing.push(item.name);
        continue;
      }
      bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), item]);
    }
    if (missing.length) {
      throw new AppError(
        "conflict",
        `Choose a supplier in the catalog for ${[...new Set(missing)].join(", ")} before ordering.`,
        { details: { reason: "supplier_missing" } },
      );
    }
    const firstEver = ordered.size === 0;
    const made: { id: number; poNumber: number }[] = [];
    for (const [supplierId, list] of [...bySupplier.entries()].sort((a, b) => a[0] - b[0])) {
      const po = await newPurchaseOrder(
        trx,
        order,
        supplierId,
        list.map((i) => ({ orderItemId: i.id, quantity: i.quantity, item: i })),
        false,
        at,
      );
      made.push(po);
    }
    const labels = made.map((m) => poLabel(m.poNumber)).join(", ");
    await recordOrderChange(trx, actor, at, {
      orderId,
      kind: "purchasing",
      summary: `Purchase orders created: ${labels}`,
      details: { purchaseOrders: made },
      audit: {
        kind: "purchasing",
        summary: `Order #${order.order_number}: purchase orders created: ${labels}`,
        details: { after: { purchaseOrders: made } },
      },
    });
    if (firstEver) {
      await moveOrderByWork(
        trx,
        orderId,
        "in_production",
        `purchase order ${poLabel(made[0]?.poNumber ?? 0)} created`,
        actor,
        at,
      );
    }
    return made;
  });
  logger.info("purchase orders created", { orderId, count: created.length });
  return Promise.all(created.map((m) => getPurchaseOrder(deps, m.id)));
}
