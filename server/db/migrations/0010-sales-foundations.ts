/**
 * What quotes, booking and purchasing share: the owner's sales settings on the
 * back office's settings row, and on each order the deposit it must collect and the end of the
 * buyer's right to cancel. Frozen in time: uses Kysely<any> and no application imports.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("back_office_settings")
    .addColumn("deposit_percent", "integer", (c) => c.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable("back_office_settings")
    .addColumn("cancel_business_days", "integer", (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable("back_office_settings")
    .addColumn("quote_valid_days", "integer", (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable("back_office_settings")
    .addColumn("max_discount_percent", "integer", (c) => c.notNull().defaultTo(15))
    .execute();
  await db.schema
    .alterTable("back_office_settings")
    .addColumn("booking_horizon_days", "integer", (c) => c.notNull().defaultTo(21))
    .execute();
  // The deposit an order made from a quote must collect before production (0: none), and the
  // last day (store time, YYYY-MM-DD, through its end) of the buyer's right to cancel.
  await db.schema
    .alterTable("orders")
    .addColumn("deposit_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("cancel_until", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("cancel_until").execute();
  await db.schema.alterTable("orders").dropColumn("deposit_cents").execute();
  for (const column of [
    "booking_horizon_days",
    "max_discount_percent",
    "quote_valid_days",
    "cancel_business_days",
    "deposit_percent",
  ]) {
    await db.schema.alterTable("back_office_settings").dropColumn(column).execute();
  }
}
