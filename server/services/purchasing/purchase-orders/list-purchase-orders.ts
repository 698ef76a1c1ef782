import {
  OPEN_PURCHASE_ORDER_STATUSES,
  type PurchaseOrderFilter,
} from "../../../../domain/purchasing/purchasing";
import { listPurchaseOrders } from "../../../db/repositories/purchasing/purchase-orders";
import { byUrgency, type PurchaseOrderServiceDeps, type PurchaseOrderView, views } from "./shared";

export async function listPurchaseOrderViews(
  deps: PurchaseOrderServiceDeps,
  filter: {
    orderId?: number;
    status: PurchaseOrderFilter;
  },
): Promise<PurchaseOrderView[]> {
  const { db } = deps;

  const statuses =
    filter.status === "all" || filter.status === "overdue"
      ? undefined
      : filter.status === "open"
        ? OPEN_PURCHASE_ORDER_STATUSES
        : [filter.status];
  const rows = await listPurchaseOrders(db, { orderId: filter.orderId, statuses });
  const list = (await views(deps, rows)).sort(byUrgency);
  return filter.status === "overdue" ? list.filter((p) => p.overdue) : list;
}
