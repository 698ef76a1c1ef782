/**
 * The customer's own page and Florida sales tax:
 * - every order keeps the rates that taxed it (tax_rate_bp, surtax_rate_bp) and the surtax part
 *   of its tax (surtaxable_cents, surtax_cents). Orders placed before this were taxed at a flat
 *   rate: they are backfilled with the flat rate their own figures show and no surtax, so no
 *   figure of theirs changes and an adjustment re-taxes them the way they were taxed;
 * - one-time sign-in links for /account (stored as SHA-256 hashes) and the sessions they open;
 * - indexes for the books (payments by date exist since 0004; completions by date here).
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

/** The rate (basis points) that an old order's own figures show it was charged. */
function flatRateOf(taxable: number, tax: number): number {
  if (taxable <= 0) return 750;
  const halfUp = (bp: number) => Math.round((taxable * bp) / 10_000 + 1e-9);
  // The store charged 7.5 % unless SALES_TAX_PERCENT said otherwise: keep 750 when it fits.
  if (halfUp(750) === tax) return 750;
  const estimate = Math.round((tax * 10_000) / taxable);
  for (let d = 0; d <= 50; d++) {
    for (const bp of [estimate - d, estimate + d]) if (bp >= 0 && halfUp(bp) === tax) return bp;
  }
  return estimate;
}

export async function up(db: Db): Promise<void> {
  for (const column of ["tax_rate_bp", "surtax_rate_bp"]) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const column of ["surtaxable_cents", "surtax_cents"]) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  const old = await db
    .selectFrom("orders")
    .select(["id", "subtotal_cents", "discount_cents", "tax_cents"])
    .execute();
  const byRate = new Map<number, number[]>();
  for (const o of old) {
    const bp = flatRateOf(Number(o.subtotal_cents) - Number(o.discount_cents), Number(o.tax_cents));
    const ids = byRate.get(bp) ?? [];
    ids.push(Number(o.id));
    byRate.set(bp, ids);
  }
  for (const [bp, ids] of byRate) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable("orders")
        .set({ tax_rate_bp: bp })
        .where("id", "in", ids.slice(i, i + 500))
        .execute();
    }
  }

  // Account sign-in links: 256-bit tokens, only their SHA-256 kept; 15 minutes, used once.
  await db.schema
    .createTable("account_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("account_links_expires")
    .on("account_links")
    .column("expires_at")
    .execute();
  await db.schema
    .createTable("account_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("account_sessions_expires")
    .on("account_sessions")
    .column("expires_at")
    .execute();

  // The customer's page finds orders by email (stored lower-cased by checkout).
  await db.schema.createIndex("orders_email").on("orders").column("email").execute();
  // The books: completions in a period, and the tax of orders completed in it.
  await db.schema
    .createIndex("order_status_history_to_changed")
    .on("order_status_history")
    .columns(["to_status", "changed_at", "order_id"])
    .execute();
  // The balance outstanding: only the orders still owing, a small part of a big store.
  await sql`create index orders_unpaid on orders (status, total_cents, paid_cents) where total_cents > paid_cents`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("orders_unpaid").execute();
  await db.schema.dropIndex("order_status_history_to_changed").execute();
  await db.schema.dropIndex("orders_email").execute();
  await db.schema.dropTable("account_sessions").execute();
  await db.schema.dropTable("account_links").execute();
  for (const column of ["surtax_cents", "surtaxable_cents", "surtax_rate_bp", "tax_rate_bp"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
