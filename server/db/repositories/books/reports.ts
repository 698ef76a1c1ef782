/**
 * The books: SQL aggregates over a period [from, to) of UTC instants, the same
 * statements on SQLite and PostgreSQL. Sums are answered as strings by PostgreSQL: every figure
 * goes through toNumber. Indexes: orders_created_status_total (orders placed),
 * order_status_history_to_changed (completions), payments_received_at (payments),
 * orders_status_balance (balances).
 */
import { sql } from "kysely";
import { type Db, toNumber } from "../../database";

export interface Instants {
  /** Inclusive, ISO-8601 UTC. */
  from: string;
  /** Exclusive, ISO-8601 UTC. */
  to: string;
}

export async function sumOrdersPlaced(
  db: Db,
  p: Instants,
): Promise<{ count: number; valueCents: number }> {
  const row = await db
    .selectFrom("orders")
    .select([
      sql<string | number>`count(*)`.as("n"),
      sql<string | number>`coalesce(sum(total_cents), 0)`.as("v"),
    ])
    .where("created_at", ">=", p.from)
    .where("created_at", "<", p.to)
    .where("status", "<>", "cancelled")
    .executeTakeFirstOrThrow();
  return { count: toNumber(row.n), valueCents: toNumber(row.v) };
}

export interface CompletedTotals {
  count: number;
  valueCents: number;
  shippingCents: number;
  /** Σ discounted subtotals: what the tax was charged on. */
  taxableCents: number;
  taxCents: number;
  /** Σ the amounts the county surtax was charged on (each item's first $5,000). */
  surtaxableCents: number;
  surtaxCents: number;
  /** Taxable amounts of orders taxed at a flat rate (placed before the surtax rule). */
  flatRateTaxableCents: number;
  /** Σ discounted subtotals of tax-exempt orders (migration 0025): not in taxableCents. */
  taxExemptCents: number;
}

/**
 * Orders completed in the period: still completed today, completed (for the last time) inside
 * the period, so an order moved back and completed again counts once, in its last period.
 */
export async function sumOrdersCompleted(db: Db, p: Instants): Promise<CompletedTotals> {
  const completedIn = db
    .selectFrom("order_status_history")
    .select("order_id")
    .where("to_status", "=", "completed")
    .where("changed_at", ">=", p.from)
    .where("changed_at", "<", p.to);
  const row = await db
    .selectFrom("orders as o")
    .select([
      sql<string | number>`count(*)`.as("n"),
      sql<string | number>`coalesce(sum(o.total_cents), 0)`.as("value"),
      sql<string | number>`coalesce(sum(o.shipping_cents), 0)`.as("shipping"),
      sql<
        string | number
      >`coalesce(sum(case when o.tax_exempt_type is null then o.subtotal_cents - o.discount_cents else 0 end), 0)`.as(
        "taxable",
      ),
      sql<
        string | number
      >`coalesce(sum(case when o.tax_exempt_type is not null then o.subtotal_cents - o.discount_cents else 0 end), 0)`.as(
        "exempt",
      ),
      sql<string | number>`coalesce(sum(o.tax_cents), 0)`.as("tax"),
      sql<string | number>`coalesce(sum(o.surtaxable_cents), 0)`.as("surtaxable"),
      sql<string | number>`coalesce(sum(o.surtax_cents), 0)`.as("surtax"),
      sql<
        string | number
      >`coalesce(sum(case when o.surtax_rate_bp = 0 and o.tax_exempt_type is null then o.subtotal_cents - o.discount_cents else 0 end), 0)`.as(
        "flat",
      ),
    ])
    .where("o.status", "=", "completed")
    .where("o.id", "in", completedIn)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("order_status_history as later")
            .select("later.id")
            .whereRef("later.order_id", "=", "o.id")
            .where("later.to_status", "=", "completed")
            .where("later.changed_at", ">=", p.to),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return {
    count: toNumber(row.n),
    valueCents: toNumber(row.value),
    shippingCents: toNumber(row.shipping),
    taxableCents: toNumber(row.taxable),
    taxCents: toNumber(row.tax),
    surtaxableCents: toNumber(row.surtaxable),
    surtaxCents: toNumber(row.surtax),
    flatRateTaxableCents: toNumber(row.flat),
    taxExemptCents: toNumber(row.exempt),
  };
}

export interface MethodTotals {
  method: string;
  receivedCents: number;
  refundedCents: number;
}

/** Payments in the period, summed: received (positive ones) and refunded (negative ones). */
function paymentFlows(db: Db, p: Instants) {
  return db
    .selectFrom("payments")
    .select([
      sql<
        string | number
      >`coalesce(sum(case when amount_cents > 0 then amount_cents else 0 end), 0)`.as("received"),
      sql<
        string | number
      >`coalesce(sum(case when amount_cents < 0 then -amount_cents else 0 end), 0)`.as("refunded"),
    ])
    .where("received_at", ">=", p.from)
    .where("received_at", "<", p.to);
}

function flowCents(row: { received: string | number; refunded: string | number }) {
  return { receivedCents: toNumber(row.received), refundedCents: toNumber(row.refunded) };
}

/** Money received (positive payments) and refunded (negative ones, as a positive amount). */
export async function sumPaymentsByMethod(db: Db, p: Instants): Promise<MethodTotals[]> {
  const rows = await paymentFlows(db, p).select("method").groupBy("method").execute();
  return rows.map((r) => ({ method: r.method, ...flowCents(r) }));
}

/** Payments and refunds per UTC hour ("2026-11-03T14"): the service folds them into weeks. */
export async function sumPaymentsByHour(
  db: Db,
  p: Instants,
): Promise<{ hour: string; receivedCents: number; refundedCents: number }[]> {
  const hour = sql<string>`substr(received_at, 1, 13)`;
  const rows = await paymentFlows(db, p).select(hour.as("hour")).groupBy(hour).execute();
  return rows.map((r) => ({ hour: r.hour, ...flowCents(r) }));
}

/**
 * Today's balances (a point in time, not a period): what customers have paid on orders still
 * open (deposits held), and what is still owed on every order not cancelled.
 */
export async function sumBalances(
  db: Db,
): Promise<{ depositsHeldCents: number; outstandingCents: number; refundsOwedCents: number }> {
  // Two index ranges, not a scan of every order: the open statuses (orders_status_balance),
  // and the orders still owing (the partial index orders_unpaid of migration 0015).
  const held = await db
    .selectFrom("orders")
    .select(sql<string | number>`coalesce(sum(paid_cents), 0)`.as("held"))
    .where("status", "in", OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  const owed = await db
    .selectFrom("orders")
    .select(sql<string | number>`coalesce(sum(total_cents - paid_cents), 0)`.as("owed"))
    .where(sql<boolean>`total_cents > paid_cents`)
    .where("status", "<>", "cancelled")
    .executeTakeFirstOrThrow();
  // Owed back until the refund is recorded: all that was paid on a cancelled order, and what an
  // open or completed order was paid beyond its total.
  const back = await db
    .selectFrom("orders")
    .select(
      sql<
        string | number
      >`coalesce(sum(case when status = 'cancelled' then paid_cents else paid_cents - total_cents end), 0)`.as(
        "back",
      ),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "cancelled"), eb("paid_cents", ">", 0)]),
        eb.and([
          eb("status", "<>", "cancelled"),
          eb(sql<number>`paid_cents - total_cents`, ">", 0),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return {
    depositsHeldCents: toNumber(held.held),
    outstandingCents: toNumber(owed.owed),
    refundsOwedCents: toNumber(back.back),
  };
}

/** Orders neither completed nor cancelled. */
const OPEN_STATUSES = ["pending", "confirmed", "measured", "in_production", "scheduled"] as const;

export interface PaymentLine {
  id: number;
  receivedAt: string;
  orderNumber: number;
  firstName: string;
  lastName: string;
  email: string;
  method: string;
  amountCents: number;
  reference: string | null;
}

/**
 * Every payment and refund of the period, oldest first, with its order's number and customer:
 * the payments report's lines and the bookkeeper's journal (books/journal.ts) both read these.
 */
export async function listPaymentLines(db: Db, p: Instants): Promise<PaymentLine[]> {
  const rows = await db
    .selectFrom("payments as pay")
    .innerJoin("orders as o", "o.id", "pay.order_id")
    .select([
      "pay.id",
      "pay.received_at",
      "o.order_number",
      "o.first_name",
      "o.last_name",
      "o.email",
      "pay.method",
      "pay.amount_cents",
      "pay.reference",
    ])
    .where("pay.received_at", ">=", p.from)
    .where("pay.received_at", "<", p.to)
    .orderBy("pay.received_at")
    .orderBy("pay.id")
    .execute();
  return rows.map((r) => ({
    id: toNumber(r.id),
    receivedAt: r.received_at,
    orderNumber: toNumber(r.order_number),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    method: r.method,
    amountCents: toNumber(r.amount_cents),
    reference: r.reference,
  }));
}
