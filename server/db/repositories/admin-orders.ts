/** Orders as the back office reads and changes them: list, search, detail, status, notes. */
import { type ExpressionBuilder, sql } from "kysely";
import type { OrderStatus } from "../../../domain/order-status";
import { type Db, toNumber } from "../database";
import type { Database, Order, OrderItemRow } from "../types";

export interface OrderFilter {
  status?: OrderStatus;
  /** Reference, name, email or phone (digits compared without punctuation). */
  q?: string;
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

function whereFilter(eb: ExpressionBuilder<Database, "orders">, filter: OrderFilter) {
  const conditions = [];
  if (filter.status) conditions.push(eb("orders.status", "=", filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const like = (column: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const alternatives = [
      like("orders.reference"),
      like("orders.email"),
      like("orders.first_name"),
      like("orders.last_name"),
      sql<boolean>`lower(orders.first_name || ' ' || orders.last_name) like ${pattern} escape '\\'`,
    ];
    const digits = filter.q.replace(/\D/g, "");
    if (digits.length >= 3) {
      alternatives.push(
        sql<boolean>`replace(replace(replace(replace(replace(replace(orders.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') like ${`%${digits}%`}`,
      );
    }
    conditions.push(eb.or(alternatives));
  }
  return eb.and(conditions);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .where((eb) => whereFilter(eb, filter))
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}

/** Newest first; `id` breaks ties between orders placed in the same millisecond. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<Order[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where((eb) => whereFilter(eb, filter))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function findOrderItemsForOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("position")
    .execute();
}

export async function findOrderById(db: Db, id: number): Promise<Order | null> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

export async function findOrderHistory(db: Db, orderId: number) {
  return db
    .selectFrom("order_status_history")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
}

export async function findOrderNotes(db: Db, orderId: number) {
  return db
    .selectFrom("order_notes")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Moves the order only if it is still in `from`; false when someone else moved it first. */
export async function updateOrderStatus(
  db: Db,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: to, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOrderHistory(
  db: Db,
  row: {
    orderId: number;
    from: string | null;
    to: string;
    note: string | null;
    actor: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("order_status_history")
    .values({
      order_id: row.orderId,
      from_status: row.from,
      to_status: row.to,
      note: row.note,
      actor: row.actor,
      changed_at: row.at,
    })
    .execute();
}

export async function insertOrderNote(
  db: Db,
  orderId: number,
  body: string,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto("order_notes")
    .values({ order_id: orderId, body, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
