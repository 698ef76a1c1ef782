/**
 * Booking a visit online and keeping the customer informed: installers'
 * weekly hours and days off; visits booked online (the customer's contact beside the visit,
 * since they need no order; a partial unique index so that one installer's window is claimed
 * once, whatever the number of processes); text-message consents; the texts outbox; and the
 * day-before reminder's mark on order visits. Frozen in time: Kysely<any>, no application
 * imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  // One row per working range: staff 3 works Monday 08:00–12:00 and 13:00–17:00 = two rows.
  await db.schema
    .createTable("staff_hours")
    .addColumn("id", "integer", serialId)
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    // 'mon' … 'sun'
    .addColumn("weekday", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_hours_staff").on("staff_hours").column("staff_id").execute();

  // Days off, both dates included (store-local YYYY-MM-DD).
  await db.schema
    .createTable("staff_time_off")
    .addColumn("id", "integer", serialId)
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("from_date", "text", (c) => c.notNull())
    .addColumn("to_date", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_time_off_staff")
    .on("staff_time_off")
    .column("staff_id")
    .execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", "integer", serialId)
    // Unguessable: the key of /bookings/REFERENCE, where the customer moves or cancels.
    .addColumn("reference", "text", (c) => c.notNull().unique())
    // 'scheduled' | 'done' | 'cancelled'
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("visit_date", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("text_reminders", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("estimate_request_id", "integer", (c) =>
      c.references("estimate_requests.id").onDelete("set null"),
    )
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reminder_sent_at", "text")
    .addColumn("two_person", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The claim: one scheduled booking per installer and window start, on both databases.
  await db.schema
    .createIndex("bookings_claim")
    .on("bookings")
    .columns(["staff_id", "visit_date", "start_time"])
    .unique()
    .where(sql.ref("status"), "=", "scheduled")
    .execute();
  await db.schema
    .createIndex("bookings_date")
    .on("bookings")
    .columns(["visit_date", "start_time"])
    .execute();

  // What the customer agreed to, when, from where.
  await db.schema
    .createTable("text_consents")
    .addColumn("id", "integer", serialId)
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("words", "text", (c) => c.notNull())
    // 'booking' | 'checkout'
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("booking_id", "integer", (c) => c.references("bookings.id").onDelete("cascade"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("consented_at", "text", (c) => c.notNull())
    .execute();

  // Texts queued like emails: written in the transaction that decides them, sent once.
  await db.schema
    .createTable("text_outbox")
    .addColumn("id", "integer", serialId)
    // 'reminder' | 'on_my_way'
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_phone", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("related_type", "text")
    .addColumn("related_id", "integer")
    // 'pending' | 'sending' | 'sent' | 'failed'
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("claimed_by", "text")
    // ISO instants, like the email outbox.
    .addColumn("claimed_until", "text")
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("text_outbox_due")
    .on("text_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();

  // Order visits: the day-before reminder's mark, and the customer's wish for texts.
  await db.schema.alterTable("visits").addColumn("reminder_sent_at", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("text_reminders", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("text_reminders").execute();
  await db.schema.alterTable("visits").dropColumn("reminder_sent_at").execute();
  await db.schema.dropTable("text_outbox").execute();
  await db.schema.dropTable("text_consents").execute();
  await db.schema.dropTable("bookings").execute();
  await db.schema.dropTable("staff_time_off").execute();
  await db.schema.dropTable("staff_hours").execute();
}
