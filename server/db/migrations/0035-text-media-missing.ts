/**
 * An inbound text's attachments the store could not keep (a photo Twilio would not give, a video,
 * a contact card): counted on the message so the thread can say so. Expand only: a default, the
 * release before writes messages without it. Frozen in time: Kysely<any>, no application imports.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("text_messages")
    .addColumn("media_missing", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("text_messages").dropColumn("media_missing").execute();
}
