import { OPEN_PURCHASE_ORDER_STATUSES } from "../../../../domain/purchasing/purchasing";
import {
  findOrdersWithLines,
  listPurchaseOrders,
} from "../../../db/repositories/purchasing/purchase-orders";
import { countVisitsByOrder } from "../../../db/repositories/scheduling/visits";
import { readyOrders } from "../readiness";
import { byUrgency, type PurchaseOrderServiceDeps, type PurchaseOrderView, views } from "./shared";

/** The dashboard: orders whose items all arrived (to schedule) and overdue purchase orders. */
export async function purchasingDashboardLists(deps: PurchaseOrderServiceDeps): Promise<{
  readyToInstall: { orderId: number; orderNumber: number; installBooked: boolean }[];
  overdue: PurchaseOrderView[];
}> {
  const { db } = deps;

  // A fixed number of statements however many orders: the orders with
  // their numbers, all their items, all their lines, the ready ones' booked installations.
  const orders = await findOrdersWithLines(db, ["in_production", "scheduled"]);
  const readyIds = await readyOrders(
    db,
    orders.map((o) => o.id),
  );
  const candidates = orders.filter((o) => readyIds.has(o.id));
  const booked = await countVisitsByOrder(db, {
    orderIds: candidates.map((o) => o.id),
    kind: "install",
    statuses: ["scheduled"],
  });
  const ready = candidates.map((o) => ({
    orderId: o.id,
    orderNumber: o.orderNumber,
    installBooked: (booked.get(o.id) ?? 0) > 0,
  }));
  const open = await listPurchaseOrders(db, {
    statuses: OPEN_PURCHASE_ORDER_STATUSES,
  });
  const overdue = (await views(deps, open)).filter((p) => p.overdue).sort(byUrgency);
  return { readyToInstall: ready, overdue };
}
