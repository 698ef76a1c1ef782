/**
 * Good, better, best on a quote, and the measured size a line was made from (decisions 570-573):
 * - quote_items.alternative_of: the position of the quote's item this row is an alternative to
 *   (null for the quote's own items); alternatives sit after the items, in the order offered;
 * - quote_items.tier: 1 for an item that offers alternatives, 2, 3… for its alternatives (null
 *   for an item that offers none); quote_items.sold: 1 for the rows the accepted order was made
 *   of, so the dashboard counts which tier sold in one statement;
 * - quote_items.measured and order_items.measured: JSON of the window's measurements (mount,
 *   three widths, three heights, depth, in eighths) the line's size came from, or null;
 * - quote_signatures.choices: JSON list of the customer's [{ itemId, alternativeId }].
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("quote_items").addColumn("alternative_of", "integer").execute();
  await db.schema.alterTable("quote_items").addColumn("tier", "integer").execute();
  await db.schema
    .alterTable("quote_items")
    .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("quote_items").addColumn("measured", "text").execute();
  await db.schema.alterTable("order_items").addColumn("measured", "text").execute();
  await db.schema
    .alterTable("quote_signatures")
    .addColumn("choices", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("quote_signatures").dropColumn("choices").execute();
  await db.schema.alterTable("order_items").dropColumn("measured").execute();
  for (const column of ["measured", "sold", "tier", "alternative_of"]) {
    await db.schema.alterTable("quote_items").dropColumn(column).execute();
  }
}
