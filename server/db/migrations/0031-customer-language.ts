/**
 * The customer's language (decision 595): `language` on carts, orders, quotes, visits (online
 * bookings and the office's visits alike) and account sign-in links, 'en' or 'es', default 'en'
 * so every row written before reads as English. A column CHECK keeps other values out on both
 * databases. Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

const TABLES = ["carts", "orders", "quotes", "visits", "account_links"] as const;

export async function up(db: Db): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("language", "text", (c) =>
        c.notNull().defaultTo("en").check(sql`language in ('en', 'es')`),
      )
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn("language").execute();
  }
}
