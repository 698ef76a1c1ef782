/** Orders, their item snapshots and status history. */
import { type Db, toNumber } from "../database";
import type { NewOrder, Order, OrderItemRow, OrderItemsTable } from "../types";
import type { Insertable } from "kysely";

export async function findOrderByCartId(db: Db, cartId: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom("orders")
    .selectAll()
    .where("cart_id", "=", cartId)
    .executeTakeFirst();
  return row ? normalizeOrder(row) : undefined;
}

export async function findOrderByReference(db: Db, reference: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom("orders")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
  return row ? normalizeOrder(row) : undefined;
}

export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const row = await db.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function insertOrderItems(
  db: Db,
  items: readonly Insertable<OrderItemsTable>[],
): Promise<void> {
  if (items.length === 0) return;
  await db.insertInto("order_items").values([...items]).execute();
}

export async function listOrderItems(db: Db, orderId: number): Promise<OrderItemRow[]> {
  const rows = await db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), order_id: toNumber(r.order_id) }));
}

export async function insertStatusHistory(
  db: Db,
  entry: {
    orderId: number;
    fromStatus: string | null;
    toStatus: string;
    note: string | null;
    actor: string;
    changedAt: string;
  },
): Promise<void> {
  await db
    .insertInto("order_status_history")
    .values({
      order_id: entry.orderId,
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      note: entry.note,
      actor: entry.actor,
      changed_at: entry.changedAt,
    })
    .execute();
}

export async function listStatusHistory(db: Db, orderId: number) {
  return db
    .selectFrom("order_status_history")
    .select(["to_status", "changed_at"])
    .where("order_id", "=", orderId)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
}

export async function countOrdersForCart(db: Db, cartId: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("cart_id", "=", cartId)
    .executeTakeFirst();
  return toNumber(row?.n);
}

/** A unique-constraint violation on SQLite or PostgreSQL (e.g. a second order for one cart). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

function normalizeOrder(row: Order): Order {
  return { ...row, id: toNumber(row.id) };
}
