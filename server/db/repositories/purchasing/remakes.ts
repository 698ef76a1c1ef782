/** Remakes: an item ordered again, why, and who pays (migration 0014). */
import type { Selectable } from "kysely";
import { type Db, toNumber } from "../../database";
import type { RemakesTable } from "../../types";

export type RemakeRow = Selectable<RemakesTable>;

export interface RemakeListRow extends RemakeRow {
  order_number: number;
  item_name: string;
  room_label: string | null;
  po_number: number;
}

export async function insertRemake(db: Db, row: Omit<RemakeRow, "id">): Promise<number> {
  const inserted = await db
    .insertInto("remakes")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Remakes created in [from, to) (ISO instants), oldest first. */
export async function listRemakes(
  db: Db,
  range: { from: string; to: string },
): Promise<RemakeListRow[]> {
  const rows = await db
    .selectFrom("remakes")
    .innerJoin("orders", "orders.id", "remakes.order_id")
    .innerJoin("order_items", "order_items.id", "remakes.order_item_id")
    .innerJoin("purchase_order_lines", "purchase_order_lines.id", "remakes.purchase_order_line_id")
    .innerJoin("purchase_orders", "purchase_orders.id", "purchase_order_lines.purchase_order_id")
    .selectAll("remakes")
    .select([
      "orders.order_number as order_number",
      "order_items.name as item_name",
      "order_items.room_label as room_label",
      "purchase_orders.po_number as po_number",
    ])
    .where("remakes.created_at", ">=", range.from)
    .where("remakes.created_at", "<", range.to)
    .orderBy("remakes.created_at")
    .orderBy("remakes.id")
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    ...r,
    order_number: toNumber(r.order_number),
    po_number: toNumber(r.po_number),
  }));
}

export async function listRemakesForOrder(db: Db, orderId: number): Promise<RemakeRow[]> {
  return db
    .selectFrom("remakes")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}
