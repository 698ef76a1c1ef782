/**
 * Texts both ways, and storm days (decision 550): one thread per phone number with its messages
 * (in and out; an inbound MessageSid taken once by a unique index), the MMS photos of a message,
 * the consent ledger (text_consents gains the event, opt-in or opt-out, and the number in E.164
 * form so one number's entries are found whatever way it was typed), the texts outbox's number in
 * E.164 form (a STOP drops what is queued to it), and the days the store closes (a storm) with
 * the mark of the one move-all that moved their visits.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

/** (239) 555-0142 → +12395550142, as the store normalises US numbers at the time of writing. */
function e164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  return digits.length === 11 && digits.startsWith("1") ? `+${digits}` : `+1${digits}`;
}

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("text_threads")
    .addColumn("id", "integer", serialId)
    // E.164: one thread per number.
    .addColumn("phone", "text", (c) => c.notNull().unique())
    // The customer whose order or visit carries the number, when the thread began; null: unknown.
    .addColumn("customer_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("text_threads_last")
    .on("text_threads")
    .column("last_message_at")
    .execute();

  await db.schema
    .createTable("text_messages")
    .addColumn("id", "integer", serialId)
    .addColumn("thread_id", "integer", (c) =>
      c.notNull().references("text_threads.id").onDelete("cascade"),
    )
    // 'in' | 'out'
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    // Twilio's id of an inbound text: each taken once.
    .addColumn("message_sid", "text", (c) => c.unique())
    // Inbound: 0 until staff open the thread. Outbound: 1.
    .addColumn("read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("text_messages_thread")
    .on("text_messages")
    .columns(["thread_id", "read"])
    .execute();

  await db.schema
    .createTable("text_media")
    .addColumn("id", "integer", serialId)
    .addColumn("message_id", "integer", (c) =>
      c.notNull().references("text_messages.id").onDelete("cascade"),
    )
    .addColumn("content_type", "text", (c) => c.notNull())
    // A file under DATA_DIR, like estimate photos.
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("text_media_message").on("text_media").column("message_id").execute();

  // The consent ledger: every opt-in and opt-out.
  await db.schema
    .alterTable("text_consents")
    .addColumn("event", "text", (c) => c.notNull().defaultTo("opt-in"))
    .execute();
  await db.schema.alterTable("text_consents").addColumn("phone_e164", "text").execute();
  const consents = await db.selectFrom("text_consents").select(["id", "phone"]).execute();
  for (const row of consents) {
    await db
      .updateTable("text_consents")
      .set({ phone_e164: e164(String(row.phone)) })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema
    .createIndex("text_consents_phone")
    .on("text_consents")
    .columns(["phone_e164", "consented_at"])
    .execute();

  await db.schema.alterTable("text_outbox").addColumn("to_e164", "text").execute();
  const queued = await db.selectFrom("text_outbox").select(["id", "to_phone"]).execute();
  for (const row of queued) {
    await db
      .updateTable("text_outbox")
      .set({ to_e164: e164(String(row.to_phone)) })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema
    .createIndex("text_outbox_to")
    .on("text_outbox")
    .columns(["to_e164", "status"])
    .execute();

  // Storm days: both dates included (store-local YYYY-MM-DD).
  await db.schema
    .createTable("closures")
    .addColumn("id", "integer", serialId)
    .addColumn("from_date", "text", (c) => c.notNull())
    .addColumn("to_date", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("staff.id").onDelete("set null"))
    // Set by the one move-all that moved the visits: a second one finds it set.
    .addColumn("moved_at", "text")
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("closures").execute();
  await db.schema.dropIndex("text_outbox_to").execute();
  await db.schema.alterTable("text_outbox").dropColumn("to_e164").execute();
  await db.schema.dropIndex("text_consents_phone").execute();
  await db.schema.alterTable("text_consents").dropColumn("phone_e164").execute();
  await db.schema.alterTable("text_consents").dropColumn("event").execute();
  await db.schema.dropTable("text_media").execute();
  await db.schema.dropTable("text_messages").execute();
  await db.schema.dropTable("text_threads").execute();
}
