/**
 * The email outbox's claim walks unsent rows in id order: its index becomes
 * (sent_at, id) instead of (sent_at, next_attempt_at). The claim asks for the oldest 50 unsent
 * rows that are due; with the old index SQLite read every unsent row's entry and sorted them
 * all by id for each batch of 50, so draining a backlog of n emails cost n²/50 entries read.
 * Now it reads unsent rows in id order and stops at the 50th due one. Removing sent rows by age
 * (retention: sent_at < a date) uses the new index's first column as it used the old one's.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex("email_outbox_pending").execute();
  await db.schema
    .createIndex("email_outbox_unsent")
    .on("email_outbox")
    .columns(["sent_at", "id"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("email_outbox_unsent").execute();
  await db.schema
    .createIndex("email_outbox_pending")
    .on("email_outbox")
    .columns(["sent_at", "next_attempt_at"])
    .execute();
}
