/** Purchase orders, their lines and what arrived (migration 0014). */
import type { Selectable } from "kysely";
import type { OrderStatus } from "../../../../domain/orders/order-status";
import type { PurchaseOrderStatus } from "../../../../domain/purchasing/purchasing";
import { type Db, toNumber } from "../../database";
import type { LineCostSource, PurchaseOrderLinesTable, PurchaseOrdersTable } from "../../types";

export type PurchaseOrderRow = Selectable<PurchaseOrdersTable>;
export type PurchaseOrderLineRow = Selectable<PurchaseOrderLinesTable>;

export interface PurchaseOrderListRow extends PurchaseOrderRow {
  supplier_name: string;
  supplier_email: string;
  order_number: number;
}

/** The next PO number: the counter row's UPDATE serialises concurrent purchase orders. */
export async function nextPoNumber(db: Db): Promise<number> {
  const row = await db
    .updateTable("order_counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "purchase_order")
    .returning("value")
    .executeTakeFirstOrThrow();
  return toNumber(row.value);
}

function toPo<T extends PurchaseOrderRow>(row: T): T {
  return {
    ...row,
    po_number: toNumber(row.po_number),
    ...("order_number" in row ? { order_number: toNumber(row.order_number) } : {}),
  };
}

function withSupplier(db: Db) {
  return db
    .selectFrom("purchase_orders")
    .innerJoin("suppliers", "suppliers.id", "purchase_orders.supplier_id")
    .innerJoin("orders", "orders.id", "purchase_orders.order_id")
    .selectAll("purchase_orders")
    .select([
      "suppliers.name as supplier_name",
      "suppliers.email as supplier_email",
      "orders.order_number as order_number",
    ]);
}

export async function insertPurchaseOrder(
  db: Db,
  row: Omit<PurchaseOrderRow, "id">,
): Promise<number> {
  const inserted = await db
    .insertInto("purchase_orders")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertPurchaseOrderLine(
  db: Db,
  row: {
    purchaseOrderId: number;
    orderItemId: number;
    quantity: number;
    isRemake: boolean;
    at: string;
    /** Priced from the supplier's grid when the purchase order is made; null: no row fits. */
    cost?: { unitCostCents: number; source: LineCostSource } | null;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("purchase_order_lines")
    .values({
      purchase_order_id: row.purchaseOrderId,
      order_item_id: row.orderItemId,
      quantity: row.quantity,
      received_quantity: 0,
      is_remake: row.isRemake ? 1 : 0,
      created_at: row.at,
      unit_cost_cents: row.cost?.unitCostCents ?? null,
      cost_source: row.cost?.source ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findPurchaseOrder(
  db: Db,
  id: number,
): Promise<PurchaseOrderListRow | undefined> {
  const row = await withSupplier(db).where("purchase_orders.id", "=", id).executeTakeFirst();
  return row ? toPo(row) : undefined;
}

export async function listPurchaseOrders(
  db: Db,
  filter: { orderId?: number; statuses?: readonly PurchaseOrderStatus[] },
): Promise<PurchaseOrderListRow[]> {
  let query = withSupplier(db);
  if (filter.orderId !== undefined)
    query = query.where("purchase_orders.order_id", "=", filter.orderId);
  if (filter.statuses) query = query.where("purchase_orders.status", "in", [...filter.statuses]);
  const rows = await query
    .orderBy("purchase_orders.expected_ship_date")
    .orderBy("purchase_orders.po_number")
    .limit(500)
    .execute();
  return rows.map(toPo);
}

export async function listLines(
  db: Db,
  purchaseOrderIds: readonly number[],
): Promise<PurchaseOrderLineRow[]> {
  if (purchaseOrderIds.length === 0) return [];
  return db
    .selectFrom("purchase_order_lines")
    .selectAll()
    .where("purchase_order_id", "in", [...purchaseOrderIds])
    .orderBy("id")
    .execute();
}

/** Every line of an order's purchase orders (remakes included). */
export async function listLinesForOrder(
  db: Db,
  orderId: number,
): Promise<(PurchaseOrderLineRow & { po_status: PurchaseOrderStatus })[]> {
  return listLinesForOrders(db, [orderId]);
}

/** The same for several orders in one statement, each line with its order's id; by line id. */
export async function listLinesForOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<(PurchaseOrderLineRow & { po_status: PurchaseOrderStatus; order_id: number })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom("purchase_order_lines")
    .innerJoin("purchase_orders", "purchase_orders.id", "purchase_order_lines.purchase_order_id")
    .selectAll("purchase_order_lines")
    .select(["purchase_orders.status as po_status", "purchase_orders.order_id"])
    .where("purchase_orders.order_id", "in", [...orderIds])
    .orderBy("purchase_order_lines.id")
    .execute();
  return rows.map((r) => ({ ...r, order_id: toNumber(r.order_id) }));
}

export async function updatePurchaseOrder(
  db: Db,
  id: number,
  change: Partial<
    Pick<PurchaseOrderRow, "status" | "supplier_reference" | "expected_ship_date" | "sent_at">
  > & {
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable("purchase_orders").set(change).where("id", "=", id).execute();
}

export async function setLineReceived(db: Db, lineId: number, received: number): Promise<void> {
  await db
    .updateTable("purchase_order_lines")
    .set({ received_quantity: received })
    .where("id", "=", lineId)
    .execute();
}

/**
 * The orders in `statuses` with at least one purchase order, by id (at most 500): their ids and
 * order numbers, for the dashboard's "ready to install" list.
 */
export async function findOrdersWithLines(
  db: Db,
  statuses: readonly OrderStatus[],
): Promise<{ id: number; orderNumber: number }[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["orders.id", "orders.order_number"])
    .where("orders.status", "in", [...statuses])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("purchase_orders")
          .select("purchase_orders.id")
          .whereRef("purchase_orders.order_id", "=", "orders.id"),
      ),
    )
    .orderBy("orders.id")
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), orderNumber: toNumber(r.order_number) }));
}

/** The cost of one piece entered on a line (PATCH /api/admin/purchase-orders/:id). */
export async function setLineUnitCost(
  db: Db,
  lineId: number,
  unitCostCents: number,
): Promise<void> {
  await db
    .updateTable("purchase_order_lines")
    .set({ unit_cost_cents: unitCostCents, cost_source: "entered" })
    .where("id", "=", lineId)
    .execute();
}
