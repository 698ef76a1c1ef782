/**
 * Supplier orders and the installer's close-out:
 * - suppliers, and each product's supplier (products.supplier_id);
 * - purchase_orders (one per supplier and batch, numbered from 1001 by order_counters'
 *   'purchase_order' row) and purchase_order_lines (an order item, its quantity, what arrived);
 * - remakes (the reason, who pays, the new line);
 * - close_outs (one per visit: the checklist as JSON, the signer, the signature file) and
 *   close_out_photos;
 * - reviews.verified / reviews.order_id and orders.review_token_hash (the completion email's
 *   review link, stored hashed).
 * Rows hanging off an order are deleted with it (retention deletes old orders).
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

const FIRST_PO_NUMBER = 1001;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("suppliers")
    .addColumn("id", "integer", serialId)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("account_number", "text")
    .addColumn("lead_days", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("supplier_id", "integer", (c) => c.references("suppliers.id"))
    .execute();

  await db
    .insertInto("order_counters")
    .values({ name: "purchase_order", value: FIRST_PO_NUMBER - 1 })
    .execute();
  await db.schema
    .createTable("purchase_orders")
    .addColumn("id", "integer", serialId)
    .addColumn("po_number", "bigint", (c) => c.notNull().unique())
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("supplier_id", "integer", (c) => c.notNull().references("suppliers.id"))
    // 'draft' | 'sent' | 'confirmed' | 'partly_received' | 'received'
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("supplier_reference", "text")
    // YYYY-MM-DD (store time): the supplier's promise, or today + the supplier's lead days.
    .addColumn("expected_ship_date", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("purchase_orders_order")
    .on("purchase_orders")
    .column("order_id")
    .execute();
  await db.schema
    .createIndex("purchase_orders_status")
    .on("purchase_orders")
    .columns(["status", "expected_ship_date"])
    .execute();
  await db.schema
    .createTable("purchase_order_lines")
    .addColumn("id", "integer", serialId)
    .addColumn("purchase_order_id", "integer", (c) =>
      c.notNull().references("purchase_orders.id").onDelete("cascade"),
    )
    .addColumn("order_item_id", "integer", (c) =>
      c.notNull().references("order_items.id").onDelete("cascade"),
    )
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("received_quantity", "integer", (c) => c.notNull().defaultTo(0))
    // 1 for the line of a remake (the item ordered again).
    .addColumn("is_remake", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("purchase_order_lines_po")
    .on("purchase_order_lines")
    .column("purchase_order_id")
    .execute();
  await db.schema
    .createIndex("purchase_order_lines_item")
    .on("purchase_order_lines")
    .column("order_item_id")
    .execute();

  await db.schema
    .createTable("remakes")
    .addColumn("id", "integer", serialId)
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("order_item_id", "integer", (c) =>
      c.notNull().references("order_items.id").onDelete("cascade"),
    )
    // 'mis-measure' | 'damaged' | 'defect' | 'other'
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    // 'store' | 'supplier'
    .addColumn("paid_by", "text", (c) => c.notNull())
    .addColumn("purchase_order_line_id", "integer", (c) =>
      c.notNull().references("purchase_order_lines.id").onDelete("cascade"),
    )
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("remakes_created").on("remakes").column("created_at").execute();

  await db.schema
    .createTable("close_outs")
    .addColumn("id", "integer", serialId)
    .addColumn("visit_id", "integer", (c) =>
      c.notNull().unique().references("visits.id").onDelete("cascade"),
    )
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    // JSON: [{ itemId, status: 'installed' | 'problem', note }]
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("signer_name", "text", (c) => c.notNull())
    // The signature PNG under DATA_DIR/uploads/signatures.
    .addColumn("signature_file", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("close_out_photos")
    .addColumn("id", "integer", serialId)
    .addColumn("close_out_id", "integer", (c) =>
      c.notNull().references("close_outs.id").onDelete("cascade"),
    )
    .addColumn("file_name", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("reviews")
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("reviews").addColumn("order_id", "integer").execute();
  // SHA-256 of the review link's token, emailed with the completion; null until completed.
  await db.schema.alterTable("orders").addColumn("review_token_hash", "text").execute();
  await db.schema
    .createIndex("orders_review_token_hash")
    .on("orders")
    .column("review_token_hash")
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("orders_review_token_hash").execute();
  await db.schema.alterTable("orders").dropColumn("review_token_hash").execute();
  await db.schema.alterTable("reviews").dropColumn("order_id").execute();
  await db.schema.alterTable("reviews").dropColumn("verified").execute();
  await db.schema.dropTable("close_out_photos").execute();
  await db.schema.dropTable("close_outs").execute();
  await db.schema.dropTable("remakes").execute();
  await db.schema.dropTable("purchase_order_lines").execute();
  await db.schema.dropTable("purchase_orders").execute();
  await db.deleteFrom("order_counters").where("name", "=", "purchase_order").execute();
  await db.schema.alterTable("products").dropColumn("supplier_id").execute();
  await db.schema.dropTable("suppliers").execute();
}
