/**
 * The dashboard's aggregates, each one statement that an index answers on
 * 100,000 orders (bench:admin): sums per hour over one range scan of
 * orders_created_status_total / payments_received_at; the balance reads orders_status_balance.
 */

import { sql } from "kysely";
import type { OrderStatus } from "../../../../domain/orders/order-status";
import { type Db, toNumber } from "../../database";
import { unreadThreadsQuery } from "../requests/text-threads";

/** Statuses of orders that are still running (a balance there is money to collect). */
const OPEN_STATUSES: OrderStatus[] = [
  "pending",
  "confirmed",
  "measured",
  "in_production",
  "scheduled",
];

/** Money still to collect on open orders, and how many of them owe something. */
export async function outstandingBalance(db: Db): Promise<{ cents: number; orders: number }> {
  const row = await db
    .selectFrom("orders")
    .select([
      sql<number>`coalesce(sum(case when total_cents > paid_cents then total_cents - paid_cents else 0 end), 0)`.as(
        "cents",
      ),
      sql<number>`coalesce(sum(case when total_cents > paid_cents then 1 else 0 end), 0)`.as(
        "orders",
      ),
    ])
    .where("status", "in", OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return { cents: toNumber(row.cents), orders: toNumber(row.orders) };
}

/**
 * Orders placed (cancelled ones left out) and their value per hour (UTC, "YYYY-MM-DDTHH") from
 * `from` (an ISO instant): one range scan of orders_created_status_total. The caller sums hours
 * into the store's local weeks (whole-hour offsets, so every hour falls in one local day).
 */
export async function ordersPerHour(
  db: Db,
  from: string,
): Promise<{ hour: string; orders: number; valueCents: number }[]> {
  const hour = sql<string>`substr(created_at, 1, 13)`;
  const rows = await db
    .selectFrom("orders")
    .select([
      hour.as("hour"),
      (eb) => eb.fn.countAll().as("orders"),
      (eb) => eb.fn.sum<number>("total_cents").as("value"),
    ])
    .where("created_at", ">=", from)
    .where("status", "<>", "cancelled")
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({
    hour: r.hour,
    orders: toNumber(r.orders),
    valueCents: toNumber(r.value),
  }));
}

/** Money received (refunds netted) per hour (UTC) from `from`. */
export async function paymentsPerHour(
  db: Db,
  from: string,
): Promise<{ hour: string; cents: number }[]> {
  const hour = sql<string>`substr(received_at, 1, 13)`;
  const rows = await db
    .selectFrom("payments")
    .select([hour.as("hour"), (eb) => eb.fn.sum<number>("amount_cents").as("cents")])
    .where("received_at", ">=", from)
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: r.hour, cents: toNumber(r.cents) }));
}

/** What waits for someone in the back office: each a count the sidebar and the dashboard show. */
export interface InboxCounts {
  /** Orders placed and not yet confirmed. */
  awaitingConfirmation: number;
  newEstimates: number;
  newSamples: number;
  newMessages: number;
  pendingReviews: number;
  /** Text threads with an unread message from the customer (every thread: owners and office). */
  unreadTexts: number;
}

/**
 * Every inbox count in one statement (scalar subqueries, each answered by its table's status
 * index), so the sidebar of every back-office page costs one round trip.
 */
export async function inboxCounts(db: Db): Promise<InboxCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("orders")
        .select(eb.fn.countAll().as("n"))
        .where("status", "=", "pending")
        .as("orders"),
      eb
        .selectFrom("estimate_requests")
        .select(eb.fn.countAll().as("n"))
        .where("status", "=", "new")
        .as("estimates"),
      eb
        .selectFrom("sample_requests")
        .select(eb.fn.countAll().as("n"))
        .where("status", "=", "new")
        .as("samples"),
      eb
        .selectFrom("contact_messages")
        .select(eb.fn.countAll().as("n"))
        .where("status", "=", "new")
        .as("messages"),
      eb
        .selectFrom("reviews")
        .select(eb.fn.countAll().as("n"))
        .where("status", "=", "pending")
        .as("reviews"),
      unreadThreadsQuery(db, null).as("texts"),
    ])
    .executeTakeFirstOrThrow();
  return {
    awaitingConfirmation: toNumber(row.orders),
    newEstimates: toNumber(row.estimates),
    newSamples: toNumber(row.samples),
    newMessages: toNumber(row.messages),
    pendingReviews: toNumber(row.reviews),
    unreadTexts: toNumber(row.texts),
  };
}

/**
 * Open orders installed with money left due (their latest close-out), with the installer's
 * reason: the dashboard's "installed, balance due". Newest close-out first.
 */
export async function listInstalledBalanceDue(
  db: Db,
): Promise<
  { orderId: number; orderNumber: number; balanceDueCents: number; reason: string | null }[]
> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("close_outs as c", "c.order_id", "o.id")
    .select(["o.id", "o.order_number", "o.total_cents", "o.paid_cents", "c.balance_reason"])
    .where("o.status", "in", OPEN_STATUSES)
    .where(sql<boolean>`o.total_cents > o.paid_cents`)
    .orderBy("c.id", "desc")
    .execute();
  const seen = new Set<number>();
  const out = [];
  for (const r of rows) {
    const id = toNumber(r.id);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      orderId: id,
      orderNumber: toNumber(r.order_number),
      balanceDueCents: toNumber(r.total_cents) - toNumber(r.paid_cents),
      reason: r.balance_reason,
    });
  }
  return out;
}

/**
 * Orders the store owes money back on: a cancelled order with anything paid, or an order paid
 * beyond its total (an adjustment lowered it), until the refund is recorded.
 */
export async function listRefundsDue(
  db: Db,
): Promise<{ orderId: number; orderNumber: number; status: string; refundDueCents: number }[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "order_number", "status", "total_cents", "paid_cents"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "cancelled"), eb("paid_cents", ">", 0)]),
        eb.and([
          eb("status", "<>", "cancelled"),
          eb(sql<number>`paid_cents - total_cents`, ">", 0),
        ]),
      ]),
    )
    .orderBy("order_number")
    .execute();
  return rows.map((r) => ({
    orderId: toNumber(r.id),
    orderNumber: toNumber(r.order_number),
    status: r.status,
    refundDueCents:
      r.status === "cancelled"
        ? toNumber(r.paid_cents)
        : toNumber(r.paid_cents) - toNumber(r.total_cents),
  }));
}
