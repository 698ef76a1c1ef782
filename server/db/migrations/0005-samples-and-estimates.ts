/**
 * Free sample requests and free in-home estimate requests, with the estimate's photos. Frozen in time: Kysely<any>, no app imports.
 * - sample_requests.items: JSON text, the list of { productType, color } the shopper chose;
 * - estimate_requests.product_types: JSON text, a list of product types (may be empty);
 * - estimate_photos: one row per re-encoded photo; the file lives under DATA_DIR/uploads.
 * Both requests carry a shopper-facing reference and the admin's handled mark.
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("sample_requests")
    .addColumn("id", "integer", serialId)
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .execute();
  await db.schema
    .createIndex("sample_requests_status_created")
    .on("sample_requests")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("estimate_requests")
    .addColumn("id", "integer", serialId)
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("window_count", "integer", (c) => c.notNull())
    .addColumn("product_types", "text", (c) => c.notNull())
    .addColumn("preferred_window", "text")
    .addColumn("message", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .execute();
  await db.schema
    .createIndex("estimate_requests_status_created")
    .on("estimate_requests")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("estimate_photos")
    .addColumn("id", "integer", serialId)
    .addColumn("estimate_id", "integer", (c) =>
      c.notNull().references("estimate_requests.id").onDelete("cascade"),
    )
    // The stored file's name under DATA_DIR/uploads/estimates (random, never the shopper's).
    .addColumn("file_name", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("estimate_photos_estimate")
    .on("estimate_photos")
    .column("estimate_id")
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("estimate_photos").execute();
  await db.schema.dropTable("estimate_requests").execute();
  await db.schema.dropTable("sample_requests").execute();
}
