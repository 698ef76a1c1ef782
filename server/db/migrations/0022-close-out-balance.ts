/**
 * A close-out that leaves money due says why: the installer's reason is kept with the close-out, so the dashboard can list the order
 * as "installed, balance due" with it. Null: nothing was left due.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("close_outs").addColumn("balance_reason", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("close_outs").dropColumn("balance_reason").execute();
}
