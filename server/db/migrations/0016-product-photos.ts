/**
 * Owners' product photos and one count per repeated request:
 * - product_photos: one row per uploaded photo of a product; its renditions are files under
 *   DATA_DIR/uploads/products named `<file_key>-<width>.avif` and `.webp`, one pair per width
 *   in `widths` (JSON list, narrowest first). `alt` is required; the lowest sort_order is shown
 *   first.
 * - sample_requests.fingerprint and estimate_requests.fingerprint: a hash of what the shopper
 *   sent (email included), so the same request sent again within a minute is stored once.
 *   Requests stored before this have none.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("product_photos")
    .addColumn("id", "integer", (col) =>
      pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("product_photos_product")
    .on("product_photos")
    .columns(["product_id", "sort_order"])
    .execute();

  for (const table of ["sample_requests", "estimate_requests"]) {
    await db.schema.alterTable(table).addColumn("fingerprint", "text").execute();
    await db.schema
      .createIndex(`${table}_fingerprint`)
      .on(table)
      .columns(["fingerprint", "created_at"])
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of ["sample_requests", "estimate_requests"]) {
    await db.schema.dropIndex(`${table}_fingerprint`).execute();
    await db.schema.alterTable(table).dropColumn("fingerprint").execute();
  }
  await db.schema.dropTable("product_photos").execute();
}
