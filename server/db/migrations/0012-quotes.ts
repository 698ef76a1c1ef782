/**
 * Quotes the customer accepts online. Frozen in time: Kysely<any>, no app imports.
 * - quotes: the customer, the terms (extra discount in basis points, deposit percent, valid
 *   until), the links to the estimate request, visit or order it came from, its revision and
 *   public token, and the order its acceptance made (unique: one order per quote);
 * - quote_items: the items with the price and the rates (JSON) that priced them: a quote is a
 *   firm offer whatever the catalog does meanwhile;
 * - quote_signatures: the typed name, time, address, user agent and SHA-256 of what was shown;
 * - quote_events: what happened (sent, viewed, declined, question, reminders…); a reminder's
 *   kind is unique per quote, which sends it once whatever the number of processes;
 * - email_outbox.attachments: JSON list of files (base64) sent with an email (the quote's PDF).
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

const FIRST_QUOTE_NUMBER = 1001;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("quotes")
    .addColumn("id", "integer", serialId)
    .addColumn("quote_number", "bigint", (c) => c.notNull().unique())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("discount_basis_points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deposit_percent", "integer", (c) => c.notNull())
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("estimate_id", "integer", (c) =>
      c.references("estimate_requests.id").onDelete("set null"),
    )
    .addColumn("visit_id", "integer", (c) => c.references("visits.id").onDelete("set null"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("accepted_order_id", "integer", (c) =>
      c.unique().references("orders.id").onDelete("set null"),
    )
    .addColumn("staff_id", "integer")
    // The value of the required items (list and dashboard), kept with every change.
    .addColumn("total_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("sent_at", "text")
    .addColumn("viewed_at", "text")
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("answered_at", "text")
    .addColumn("decline_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("quotes_status_created")
    .on("quotes")
    .columns(["status", "created_at"])
    .execute();
  await db.schema.createIndex("quotes_estimate").on("quotes").column("estimate_id").execute();
  await db.schema.createIndex("quotes_order").on("quotes").column("order_id").execute();
  await db.schema.createIndex("quotes_email").on("quotes").column("email").execute();

  await db.schema
    .createTable("quote_items")
    .addColumn("id", "integer", serialId)
    .addColumn("quote_id", "integer", (c) =>
      c.notNull().references("quotes.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("optional", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("product_id", "integer")
    .addColumn("service_id", "integer")
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("width_eighths", "integer", (c) => c.notNull())
    .addColumn("height_eighths", "integer", (c) => c.notNull())
    .addColumn("selected_color", "text", (c) => c.notNull())
    .addColumn("color_name", "text", (c) => c.notNull())
    .addColumn("include_installation", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price_cents", "bigint", (c) => c.notNull())
    .addColumn("installation_cents", "bigint", (c) => c.notNull())
    .addColumn("line_total_cents", "bigint", (c) => c.notNull())
    .addColumn("room_label", "text")
    .addColumn("configuration", "text", (c) => c.notNull())
    .addColumn("pricing", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quote_items_quote").on("quote_items").column("quote_id").execute();

  await db.schema
    .createTable("quote_signatures")
    .addColumn("quote_id", "integer", (c) =>
      c.primaryKey().references("quotes.id").onDelete("cascade"),
    )
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("signature_name", "text", (c) => c.notNull())
    .addColumn("signed_at", "text", (c) => c.notNull())
    .addColumn("ip_address", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("optional_item_ids", "text", (c) => c.notNull())
    .addColumn("shown_sha256", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("quote_events")
    .addColumn("id", "integer", serialId)
    .addColumn("quote_id", "integer", (c) =>
      c.notNull().references("quotes.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quote_events_quote").on("quote_events").column("quote_id").execute();
  // One reminder of each kind per quote, whatever the number of processes sending them.
  await db.schema
    .createTable("quote_reminders")
    .addColumn("quote_id", "integer", (c) =>
      c.notNull().references("quotes.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("quote_reminders_pk", ["quote_id", "kind"])
    .execute();

  await db
    .insertInto("order_counters")
    .values({ name: "quote_number", value: FIRST_QUOTE_NUMBER - 1 })
    .execute();

  await db.schema.alterTable("email_outbox").addColumn("attachments", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("attachments").execute();
  await db.deleteFrom("order_counters").where("name", "=", "quote_number").execute();
  await db.schema.dropTable("quote_reminders").execute();
  await db.schema.dropTable("quote_events").execute();
  await db.schema.dropTable("quote_signatures").execute();
  await db.schema.dropTable("quote_items").execute();
  await db.schema.dropTable("quotes").execute();
}
