/**
 * The windows measured on a visit: three widths and three heights as measured, the well's depth,
 * and the ordering size the trade's rule takes from them, in eighths of an inch.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema
    .createTable("visit_measurements")
    .addColumn("id", "integer", (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("visit_id", "integer", (c) =>
      c.notNull().references("visits.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("room", "text", (c) => c.notNull())
    .addColumn("product_type", "text")
    .addColumn("mount", "text", (c) => c.notNull());
  for (const column of [
    "width_top_eighths",
    "width_middle_eighths",
    "width_bottom_eighths",
    "height_left_eighths",
    "height_center_eighths",
    "height_right_eighths",
    "order_width_eighths",
    "order_height_eighths",
  ]) {
    table = table.addColumn(column, "integer", (c) => c.notNull());
  }
  await table
    .addColumn("depth_eighths", "integer")
    .addColumn("note", "text")
    .addColumn("flags", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("measured_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("visit_measurements_visit")
    .on("visit_measurements")
    .columns(["visit_id", "position"])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("visit_measurements").execute();
}
