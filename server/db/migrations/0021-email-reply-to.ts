/**
 * A queued email may carry a Reply-To:
 * the store's notice of a contact message or an estimate request answers the customer, not the
 * store's own address. Null for every other email.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("reply_to", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("reply_to").execute();
}
