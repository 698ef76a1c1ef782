import type { Db } from "../database";
import { toNumber } from "../database";

/** Carts untouched since `before` that no order was placed from; their items go with them. */
export async function deleteUnusedCarts(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("carts")
    .where("updated_at", "<", before)
    .where("id", "not in", db.selectFrom("orders").select("cart_id"))
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteUnpublishedReviews(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("reviews")
    .where("status", "!=", "approved")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/** Messages handled before `before`, or never handled and received before it. */
export async function deleteOldContactMessages(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("contact_messages")
    .where((eb) =>
      eb.or([
        eb("handled_at", "<", before),
        eb.and([eb("handled_at", "is", null), eb("created_at", "<", before)]),
      ]),
    )
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteSentEmails(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("email_outbox")
    .where("sent_at", "is not", null)
    .where("sent_at", "<", before)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteExpiredAdminSessions(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("expires_at", "<", now)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/** Orders created before `before` with the item types of each (candidates for deletion). */
export async function findOrdersCreatedBefore(
  db: Db,
  before: string,
): Promise<{ id: number; createdAt: string; itemTypes: string[] }[]> {
  const rows = await db
    .selectFrom("orders")
    .leftJoin("order_items", "order_items.order_id", "orders.id")
    .select(["orders.id as id", "orders.created_at as created_at", "order_items.item_type"])
    .where("orders.created_at", "<", before)
    .execute();
  const byId = new Map<number, { id: number; createdAt: string; itemTypes: string[] }>();
  for (const row of rows) {
    const id = Number(row.id);
    const entry = byId.get(id) ?? { id, createdAt: row.created_at, itemTypes: [] };
    if (row.item_type) entry.itemTypes.push(row.item_type);
    byId.set(id, entry);
  }
  return [...byId.values()];
}

/**
 * Deletes orders; their items, history and notes go with them through the schema's
 * ON DELETE CASCADE (SQLite runs with foreign_keys=ON).
 */
export async function deleteOrders(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom("orders").where("id", "in", ids).executeTakeFirst();
  return toNumber(result.numDeletedRows);
}
