/**
 * The back office runs the business: staff (minimal; a later migration adds passwords and
 * two-factor), measurement and installation visits, payments and refunds, order events
 * (visit, payment, adjustment) beside the status history, who made each change, the amount
 * paid on the order, calendar invites on queued emails, and the indexes of the dashboard.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("staff")
    .addColumn("id", "integer", serialId)
    .addColumn("name", "text", (c) => c.notNull())
    // Stored lower-cased; unique, so one person has one account.
    .addColumn("email", "text", (c) => c.notNull().unique())
    // 'owner' | 'office' | 'installer'
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    // SHA-256 of the secret of the private calendar feed; null when none (or revoked).
    .addColumn("calendar_token_hash", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("visits")
    .addColumn("id", "integer", serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    // 'measure' | 'install'
    .addColumn("kind", "text", (c) => c.notNull())
    // 'scheduled' | 'done' | 'cancelled'
    .addColumn("status", "text", (c) => c.notNull())
    // The store's local date and times (America/New_York): YYYY-MM-DD, HH:MM.
    .addColumn("visit_date", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
    // iCalendar UID, stable across reschedules; SEQUENCE grows with every change.
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("visits_order_id").on("visits").column("order_id").execute();
  await db.schema
    .createIndex("visits_date")
    .on("visits")
    .columns(["visit_date", "start_time"])
    .execute();
  await db.schema
    .createIndex("visits_staff_date")
    .on("visits")
    .columns(["staff_id", "visit_date"])
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    // Negative for a refund.
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    // 'cash' | 'check' | 'card' | 'other'
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("note", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_order_id").on("payments").column("order_id").execute();
  await db.schema
    .createIndex("payments_received_at")
    .on("payments")
    .columns(["received_at", "amount_cents"])
    .execute();

  // Visits, payments and adjustments, as the order's timeline shows them next to its statuses.
  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    // 'visit' | 'payment' | 'refund' | 'adjustment' | 'receipt'
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    // JSON: what changed (before → after).
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_events_order_id")
    .on("order_events")
    .column("order_id")
    .execute();

  // Status changes: forward or back one step (with its reason in `note`), and who made them.
  await db.schema
    .alterTable("order_status_history")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("forward"))
    .execute();
  await db.schema
    .alterTable("order_status_history")
    .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
    .execute();

  // Kept in step with the payments in the same transaction: the balance of 100,000 orders is
  // then one index-only aggregate (bench:admin).
  await db.schema
    .alterTable("orders")
    .addColumn("paid_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();

  // An .ics invite (METHOD:REQUEST) sent with the email.
  await db.schema.alterTable("email_outbox").addColumn("calendar", "text").execute();

  // Dashboard: open balance by status, and orders and value per week, both index-only.
  await db.schema
    .createIndex("orders_status_balance")
    .on("orders")
    .columns(["status", "total_cents", "paid_cents"])
    .execute();
  await db.schema
    .createIndex("orders_created_status_total")
    .on("orders")
    .columns(["created_at", "status", "total_cents"])
    .execute();
  // The orders list filtered by status, newest first.
  await db.schema
    .createIndex("orders_status_created")
    .on("orders")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const index of [
    "orders_status_created",
    "orders_created_status_total",
    "orders_status_balance",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable("email_outbox").dropColumn("calendar").execute();
  await db.schema.alterTable("orders").dropColumn("paid_cents").execute();
  await db.schema.alterTable("order_status_history").dropColumn("staff_id").execute();
  await db.schema.alterTable("order_status_history").dropColumn("kind").execute();
  for (const table of ["order_events", "payments", "visits", "staff"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
