/**
 * Saved projects: a shopper's configured windows kept under a name and an unguessable token,
 * without an account. The items keep the cart item's columns, the unit price as it was when saved.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("projects")
    .addColumn("id", "integer", (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("projects_email").on("projects").column("email").execute();
  await db.schema
    .createTable("project_items")
    .addColumn("id", "integer", (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("project_id", "integer", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
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
    .addColumn("include_installation", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("saved_unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("room_label", "text")
    .addColumn("configuration", "text", (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema
    .createIndex("project_items_project")
    .on("project_items")
    .columns(["project_id", "position"])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("project_items").execute();
  await db.schema.dropTable("projects").execute();
}
