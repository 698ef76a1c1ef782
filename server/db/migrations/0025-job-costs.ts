/**
 * What each job cost, and tax-exempt sales:
 * - purchase_order_lines.unit_cost_cents (entered, or priced from the supplier's grid when the
 *   purchase order is made; null: no cost known) and cost_source ('entered' | 'grid');
 * - supplier_price_grid: a supplier's cost per product type up to a width × height (eighths of an
 *   inch), replaced whole by each CSV import;
 * - staff.hourly_cost_cents and staff.commission_basis_points (0 until the owner sets them);
 * - visits.on_my_way_at, arrived_at and done_at: the installer's time on a visit;
 * - orders and quotes: tax_exempt_type, tax_exempt_certificate, tax_exempt_expires (all null
 *   unless the sale is tax-exempt).
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
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
    .alterTable("purchase_order_lines")
    .addColumn("unit_cost_cents", "integer")
    .execute();
  await db.schema.alterTable("purchase_order_lines").addColumn("cost_source", "text").execute();

  await db.schema
    .createTable("supplier_price_grid")
    .addColumn("id", "integer", serialId)
    .addColumn("supplier_id", "integer", (c) =>
      c.notNull().references("suppliers.id").onDelete("cascade"),
    )
    .addColumn("product_type", "text", (c) => c.notNull())
    .addColumn("max_width_eighths", "integer", (c) => c.notNull())
    .addColumn("max_height_eighths", "integer", (c) => c.notNull())
    .addColumn("cost_cents", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("supplier_price_grid_lookup")
    .on("supplier_price_grid")
    .columns(["supplier_id", "product_type", "max_width_eighths", "max_height_eighths"])
    .execute();

  await db.schema
    .alterTable("staff")
    .addColumn("hourly_cost_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("staff")
    .addColumn("commission_basis_points", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  for (const column of ["on_my_way_at", "arrived_at", "done_at"]) {
    await db.schema.alterTable("visits").addColumn(column, "text").execute();
  }

  for (const table of ["orders", "quotes"]) {
    for (const column of ["tax_exempt_type", "tax_exempt_certificate", "tax_exempt_expires"]) {
      await db.schema.alterTable(table).addColumn(column, "text").execute();
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of ["orders", "quotes"]) {
    for (const column of ["tax_exempt_type", "tax_exempt_certificate", "tax_exempt_expires"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  for (const column of ["on_my_way_at", "arrived_at", "done_at"]) {
    await db.schema.alterTable("visits").dropColumn(column).execute();
  }
  await db.schema.alterTable("staff").dropColumn("commission_basis_points").execute();
  await db.schema.alterTable("staff").dropColumn("hourly_cost_cents").execute();
  await db.schema.dropTable("supplier_price_grid").execute();
  await db.schema.alterTable("purchase_order_lines").dropColumn("cost_source").execute();
  await db.schema.alterTable("purchase_order_lines").dropColumn("unit_cost_cents").execute();
}
