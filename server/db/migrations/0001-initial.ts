/**
 * Initial schema. Frozen in time: uses Kysely<any> and no application imports.
 * Runs on SQLite and PostgreSQL; `id` columns are identity/autoincrement per dialect.
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
  const idType = "integer";

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("rate_cents_per_sqft", "integer", (c) => c.notNull())
    .addColumn("minimum_cents", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("colors")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("hex", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("product_colors")
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("color_key", "text", (c) => c.notNull().references("colors.key"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_colors_pk", ["product_id", "color_key"])
    .execute();

  await db.schema
    .createTable("zebra_collections")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("upcharge_cents_per_sqft", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("zebra_fabrics")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("collection_slug", "text", (c) =>
      c.notNull().references("zebra_collections.slug").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("hex", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("services")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_cents_per_unit", "integer", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("carts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("cart_items")
    .addColumn("id", idType, serialId)
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.references("products.id"))
    .addColumn("service_id", "integer", (c) => c.references("services.id"))
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("width_eighths", "integer", (c) => c.notNull())
    .addColumn("height_eighths", "integer", (c) => c.notNull())
    .addColumn("selected_color", "text", (c) => c.notNull())
    .addColumn("include_installation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("room_label", "text")
    .addColumn("configuration", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cart_items_cart_id").on("cart_items").column("cart_id").execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", idType, serialId)
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("cart_id", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("special_instructions", "text")
    .addColumn("visit_window", "text")
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("shipping_cents", "integer", (c) => c.notNull())
    .addColumn("tax_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_created_at").on("orders").column("created_at").execute();
  await db.schema.createIndex("orders_status").on("orders").column("status").execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", idType, serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
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
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("installation_cents", "integer", (c) => c.notNull())
    .addColumn("line_total_cents", "integer", (c) => c.notNull())
    .addColumn("room_label", "text")
    .addColumn("configuration", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_items_order_id")
    .on("order_items")
    .column("order_id")
    .execute();

  await db.schema
    .createTable("order_status_history")
    .addColumn("id", idType, serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_status_history_order_id")
    .on("order_status_history")
    .column("order_id")
    .execute();

  await db.schema
    .createTable("order_notes")
    .addColumn("id", idType, serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_notes_order_id")
    .on("order_notes")
    .column("order_id")
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", idType, serialId)
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("customer_email", "text", (c) => c.notNull())
    .addColumn("customer_location", "text")
    .addColumn("product_type", "text")
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("review_text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("moderated_at", "text")
    .execute();
  await db.schema.createIndex("reviews_status").on("reviews").column("status").execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", idType, serialId)
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("preferred_contact_method", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .execute();

  await db.schema
    .createTable("admin_credentials")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", idType, serialId)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("related_type", "text")
    .addColumn("related_id", "integer")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("email_outbox_pending")
    .on("email_outbox")
    .columns(["sent_at", "next_attempt_at"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    "email_outbox",
    "admin_sessions",
    "admin_credentials",
    "contact_messages",
    "reviews",
    "order_notes",
    "order_status_history",
    "order_items",
    "orders",
    "cart_items",
    "carts",
    "services",
    "zebra_fabrics",
    "zebra_collections",
    "product_colors",
    "colors",
    "products",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
