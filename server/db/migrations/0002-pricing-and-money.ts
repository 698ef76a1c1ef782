/**
 * Prices in the database and 64-bit money. Frozen in time: Kysely<any>, no application imports.
 * - installation_tiers and zebra_option_prices: the last rates that lived only in code (the
 *   catalog seed fills them; the owner edits them later);
 * - every money column becomes 64-bit on PostgreSQL (SQLite's INTEGER already is);
 * - orders.order_number: the short sequential number for phone calls, from 1001, with its
 *   counter row (order_counters) so concurrent orders of different carts never share one;
 * - order_items.pricing: JSON of the rates that priced the item at placement.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

const MONEY_COLUMNS: Record<string, string[]> = {
  products: ["rate_cents_per_sqft", "minimum_cents"],
  zebra_collections: ["upcharge_cents_per_sqft"],
  services: ["price_cents_per_unit"],
  cart_items: ["unit_price_cents"],
  orders: ["subtotal_cents", "discount_cents", "shipping_cents", "tax_cents", "total_cents"],
  order_items: ["unit_price_cents", "installation_cents", "line_total_cents"],
};

const FIRST_ORDER_NUMBER = 1001;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  if (pg) {
    for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
      for (const column of columns) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(
          db,
        );
      }
    }
  }

  await db.schema
    .createTable("installation_tiers")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // Widths up to and including this many inches; null for the last tier (any wider).
    .addColumn("max_width_inches", "integer")
    .addColumn("price_cents", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("zebra_option_prices")
    .addColumn("option", "text", (c) => c.primaryKey())
    .addColumn("price_cents", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("order_counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "bigint", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("orders").addColumn("order_number", "bigint").execute();
  // Orders placed before this migration get numbers in the order they were placed.
  const existing = await db
    .selectFrom("orders")
    .select("id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const [i, row] of existing.entries()) {
    await db
      .updateTable("orders")
      .set({ order_number: FIRST_ORDER_NUMBER + i })
      .where("id", "=", row.id)
      .execute();
  }
  await db
    .insertInto("order_counters")
    .values({ name: "order_number", value: FIRST_ORDER_NUMBER - 1 + existing.length })
    .execute();
  await db.schema
    .createIndex("orders_order_number")
    .on("orders")
    .column("order_number")
    .unique()
    .execute();

  await db.schema.alterTable("order_items").addColumn("pricing", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("pricing").execute();
  await db.schema.dropIndex("orders_order_number").execute();
  await db.schema.alterTable("orders").dropColumn("order_number").execute();
  await db.schema.dropTable("order_counters").execute();
  await db.schema.dropTable("zebra_option_prices").execute();
  await db.schema.dropTable("installation_tiers").execute();
}
