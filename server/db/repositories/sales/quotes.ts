/** Quotes, their items, signatures, events and reminders (migration 0012, decision 200). */
import type { Insertable } from "kysely";
import { PostgresAdapter } from "kysely";
import { z } from "zod";
import type { OrderStatus } from "../../../../domain/orders/order-status";
import type { QuoteStatus } from "../../../../domain/sales/quote";
import type { StoredConfiguration } from "../../../../domain/shared/schemas";
import { type Db, now, toNumber } from "../../database";
import type {
  QuoteItemRow,
  QuoteItemsTable,
  QuoteRow,
  QuoteSignaturesTable,
  QuotesTable,
} from "../../types";
import { parseItemConfiguration } from "../stored-item";

export interface QuoteItemRecord extends QuoteItemRow {
  config: StoredConfiguration | null;
  /** The other tiers offered for this item's window, in the order offered (decision 570). */
  alternatives: QuoteItemRecord[];
}

export function toQuote(row: QuoteRow): QuoteRow {
  return {
    ...row,
    id: toNumber(row.id),
    quote_number: toNumber(row.quote_number),
    revision: toNumber(row.revision),
    discount_basis_points: toNumber(row.discount_basis_points),
    deposit_percent: toNumber(row.deposit_percent),
    estimate_id: row.estimate_id === null ? null : toNumber(row.estimate_id),
    visit_id: row.visit_id === null ? null : toNumber(row.visit_id),
    order_id: row.order_id === null ? null : toNumber(row.order_id),
    accepted_order_id: row.accepted_order_id === null ? null : toNumber(row.accepted_order_id),
    staff_id: row.staff_id === null ? null : toNumber(row.staff_id),
    total_cents: toNumber(row.total_cents),
    view_count: toNumber(row.view_count),
  };
}

function toQuoteItem(row: QuoteItemRow): QuoteItemRecord {
  return {
    ...row,
    id: toNumber(row.id),
    quote_id: toNumber(row.quote_id),
    position: toNumber(row.position),
    optional: toNumber(row.optional),
    product_id: row.product_id === null ? null : toNumber(row.product_id),
    service_id: row.service_id === null ? null : toNumber(row.service_id),
    include_installation: toNumber(row.include_installation),
    quantity: toNumber(row.quantity),
    unit_price_cents: toNumber(row.unit_price_cents),
    installation_cents: toNumber(row.installation_cents),
    line_total_cents: toNumber(row.line_total_cents),
    width_eighths: toNumber(row.width_eighths),
    height_eighths: toNumber(row.height_eighths),
    alternative_of: row.alternative_of === null ? null : toNumber(row.alternative_of),
    tier: row.tier === null ? null : toNumber(row.tier),
    sold: toNumber(row.sold),
    config: parseItemConfiguration(row),
    alternatives: [],
  };
}

export async function nextQuoteNumber(db: Db): Promise<number> {
  const row = await db
    .updateTable("order_counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "quote_number")
    .returning("value")
    .executeTakeFirstOrThrow();
  return toNumber(row.value);
}

export async function insertQuote(db: Db, quote: Insertable<QuotesTable>): Promise<number> {
  const row = await db.insertInto("quotes").values(quote).returning("id").executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function updateQuote(
  db: Db,
  id: number,
  changes: Partial<Insertable<QuotesTable>>,
): Promise<void> {
  await db
    .updateTable("quotes")
    .set({ ...changes, updated_at: changes.updated_at ?? now() })
    .where("id", "=", id)
    .execute();
}

/**
 * One view of the customer's page, counted in the statement itself (two views at once count
 * twice; a read-then-write lost one). `first` is true for the view that set `viewed_at`: the
 * first, once, on both databases (PostgreSQL re-checks the `is null` after a concurrent update
 * commits). `viewCount` is the count this view's statement left. `updated_at` is left alone: a
 * view is not a change of the quote. `viewedBefore`: the caller read `viewed_at` already set
 * (it is never cleared), so this view cannot be the first and its second statement is skipped.
 */
export async function countQuoteView(
  db: Db,
  id: number,
  at: string,
  viewedBefore = false,
): Promise<{ first: boolean; viewCount: number }> {
  const counted = await db
    .updateTable("quotes")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("id", "=", id)
    .returning("view_count")
    .executeTakeFirst();
  const viewCount = toNumber(counted?.view_count ?? 0);
  if (viewedBefore) return { first: false, viewCount };
  const first = await db
    .updateTable("quotes")
    .set({ viewed_at: at })
    .where("id", "=", id)
    .where("viewed_at", "is", null)
    .executeTakeFirst();
  return { first: Number(first.numUpdatedRows) === 1, viewCount };
}

/** Moves the quote only while it is in one of `from`; false when it was not. */
export async function moveQuoteStatus(
  db: Db,
  id: number,
  from: readonly QuoteStatus[],
  changes: Partial<Insertable<QuotesTable>> & { status: QuoteStatus },
): Promise<boolean> {
  const result = await db
    .updateTable("quotes")
    .set({ ...changes, updated_at: now() })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findQuoteById(db: Db, id: number): Promise<QuoteRow | undefined> {
  const row = await db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

export async function findQuoteByToken(db: Db, token: string): Promise<QuoteRow | undefined> {
  const row = await db
    .selectFrom("quotes")
    .selectAll()
    .where("token", "=", token)
    .executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

/**
 * Locks the quote's row until the transaction ends (PostgreSQL SELECT … FOR UPDATE; SQLite's
 * transactions are already serial) and reads it again: the accept, decline and cancel re-check
 * their rules inside this lock.
 */
export async function lockQuote(db: Db, id: number): Promise<QuoteRow | undefined> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const query = db.selectFrom("quotes").selectAll().where("id", "=", id);
  const row = await (postgres ? query.forUpdate() : query).executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

export async function listQuotes(
  db: Db,
  filter: { status?: QuoteStatus; staffId?: number; estimateId?: number },
): Promise<QuoteRow[]> {
  let query = db.selectFrom("quotes").selectAll().orderBy("id", "desc").limit(500);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.staffId !== undefined) query = query.where("staff_id", "=", filter.staffId);
  if (filter.estimateId !== undefined) query = query.where("estimate_id", "=", filter.estimateId);
  return (await query.execute()).map(toQuote);
}

/** Quotes open for an answer (sent or viewed), for the reminders and expiry. */
export async function listOpenQuotes(db: Db): Promise<QuoteRow[]> {
  return (
    await db.selectFrom("quotes").selectAll().where("status", "in", ["sent", "viewed"]).execute()
  ).map(toQuote);
}

export async function countQuotesByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("quotes")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, toNumber(r.n)]));
}

/**
 * The dashboard's figures: sent and accepted since `from`, the value waiting, and the windows
 * offered in tiers that sold since `from`, counted by the tier sold (1 = the item itself).
 */
export async function quoteFigures(db: Db, from: string) {
  const [sent, accepted, answered, waiting, tiers] = await Promise.all([
    db
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("sent_at", ">=", from)
      .executeTakeFirst(),
    db
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "in", ["accepted", "cancelled"])
      .where("answered_at", ">=", from)
      .executeTakeFirst(),
    db
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "in", ["accepted", "cancelled", "declined", "expired"])
      .where("answered_at", ">=", from)
      .executeTakeFirst(),
    db
      .selectFrom("quotes")
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.sum("total_cents").as("value")])
      .where("status", "in", ["sent", "viewed"])
      .executeTakeFirst(),
    db
      .selectFrom("quote_items")
      .innerJoin("quotes", "quotes.id", "quote_items.quote_id")
      .select(["quote_items.tier", (eb) => eb.fn.countAll().as("n")])
      .where("quotes.status", "in", ["accepted", "cancelled"])
      .where("quotes.answered_at", ">=", from)
      .where("quote_items.sold", "=", 1)
      .where("quote_items.tier", "is not", null)
      .groupBy("quote_items.tier")
      .orderBy("quote_items.tier")
      .execute(),
  ]);
  return {
    sent: toNumber(sent?.n),
    accepted: toNumber(accepted?.n),
    answered: toNumber(answered?.n),
    waitingCount: toNumber(waiting?.n),
    waitingCents: toNumber(waiting?.value),
    tiersSold: tiers.map((t) => ({ tier: toNumber(t.tier), windows: toNumber(t.n) })),
  };
}

// ---- Items ----

export type NewQuoteItem = Omit<
  Insertable<QuoteItemsTable>,
  "quote_id" | "position" | "alternative_of" | "tier" | "sold"
>;

/** An item with the alternatives offered for its window. */
export type NewQuoteLine = NewQuoteItem & { alternatives: readonly NewQuoteItem[] };

/**
 * The quote's items at positions 0…n-1, then each item's alternatives after them, each naming
 * the position of its item (`alternative_of`) and its tier (the item 1, its alternatives 2, 3…).
 */
export async function replaceQuoteItems(
  db: Db,
  quoteId: number,
  items: readonly NewQuoteLine[],
): Promise<void> {
  await db.deleteFrom("quote_items").where("quote_id", "=", quoteId).execute();
  if (items.length === 0) return;
  const rows: Insertable<QuoteItemsTable>[] = items.map(({ alternatives, ...item }, position) => ({
    ...item,
    quote_id: quoteId,
    position,
    tier: alternatives.length > 0 ? 1 : null,
  }));
  items.forEach((item, of) => {
    item.alternatives.forEach((alternative, n) => {
      rows.push({
        ...alternative,
        optional: 0,
        quote_id: quoteId,
        position: rows.length,
        alternative_of: of,
        tier: n + 2,
      });
    });
  });
  await db.insertInto("quote_items").values(rows).execute();
}

/** The quote's items in order, each with its alternatives (one statement). */
export async function listQuoteItems(db: Db, quoteId: number): Promise<QuoteItemRecord[]> {
  const rows = (
    await db
      .selectFrom("quote_items")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .orderBy("position")
      .execute()
  ).map(toQuoteItem);
  const items = rows.filter((r) => r.alternative_of === null);
  for (const row of rows) {
    if (row.alternative_of === null) continue;
    items.find((i) => i.position === row.alternative_of)?.alternatives.push(row);
  }
  return items;
}

/** The rows the accepted order was made of (the items kept and the alternatives chosen). */
export async function markQuoteItemsSold(
  db: Db,
  quoteId: number,
  itemIds: readonly number[],
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .updateTable("quote_items")
    .set({ sold: 1 })
    .where("quote_id", "=", quoteId)
    .where("id", "in", [...itemIds])
    .execute();
}

// ---- Signatures, events, reminders ----

export async function insertSignature(
  db: Db,
  signature: Insertable<QuoteSignaturesTable>,
): Promise<void> {
  await db.insertInto("quote_signatures").values(signature).execute();
}

/** The optional items the customer chose, stored as a JSON array of item ids. */
const CHOSEN_ITEM_IDS = z.array(z.number().int());
/** The alternatives the customer chose, stored as JSON (migration 0029). */
const CHOICES = z.array(z.object({ itemId: z.number().int(), alternativeId: z.number().int() }));

export async function findSignature(db: Db, quoteId: number) {
  const row = await db
    .selectFrom("quote_signatures")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .executeTakeFirst();
  return row
    ? {
        ...row,
        quote_id: toNumber(row.quote_id),
        order_id: toNumber(row.order_id),
        optionalItemIds: CHOSEN_ITEM_IDS.parse(JSON.parse(row.optional_item_ids)),
        choices: CHOICES.parse(JSON.parse(row.choices)),
      }
    : undefined;
}

export async function insertQuoteEvent(
  db: Db,
  event: { quoteId: number; kind: string; summary: string; actor: string },
): Promise<void> {
  await db
    .insertInto("quote_events")
    .values({
      quote_id: event.quoteId,
      kind: event.kind,
      summary: event.summary,
      actor: event.actor,
      created_at: now(),
    })
    .execute();
}

export async function listQuoteEvents(db: Db, quoteId: number) {
  return db
    .selectFrom("quote_events")
    .select(["kind", "summary", "actor", "created_at"])
    .where("quote_id", "=", quoteId)
    .orderBy("id")
    .execute();
}

/**
 * Claims the reminder `kind` of a quote: true for the one caller that inserts the row, false
 * for every other (it was sent already, by this process or another).
 */
export async function claimQuoteReminder(db: Db, quoteId: number, kind: string): Promise<boolean> {
  const row = await db
    .insertInto("quote_reminders")
    .values({ quote_id: quoteId, kind, sent_at: now() })
    .onConflict((oc) => oc.columns(["quote_id", "kind"]).doNothing())
    .returning("quote_id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function listQuoteReminders(db: Db, quoteId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("quote_reminders")
    .select("kind")
    .where("quote_id", "=", quoteId)
    .execute();
  return rows.map((r) => r.kind);
}

// ---- The order made from a quote (orders area columns written for the sale) ----

/**
 * The terms of the accepted quote that made (or re-made) an order, or null for an order from the
 * cart: an adjustment after measuring keeps the quote's discount and deposit percent.
 */
export async function findAcceptedQuoteTerms(
  db: Db,
  orderId: number,
): Promise<{ quoteNumber: number; discountBasisPoints: number; depositPercent: number } | null> {
  const row = await db
    .selectFrom("quotes")
    .select(["quote_number", "discount_basis_points", "deposit_percent"])
    .where("accepted_order_id", "=", orderId)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  return row
    ? {
        quoteNumber: toNumber(row.quote_number),
        discountBasisPoints: toNumber(row.discount_basis_points),
        depositPercent: toNumber(row.deposit_percent),
      }
    : null;
}

/** The sale's terms on an order: deposit, right to cancel, status. */
export async function setOrderSaleTerms(
  db: Db,
  orderId: number,
  terms: { depositCents: number; cancelUntil: string | null; status?: OrderStatus },
): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      deposit_cents: terms.depositCents,
      cancel_until: terms.cancelUntil,
      ...(terms.status ? { status: terms.status } : {}),
      updated_at: now(),
    })
    .where("id", "=", orderId)
    .execute();
}

/** Replaces an existing order's items (a quote made for that order, accepted). */
export async function deleteOrderItemsOf(db: Db, orderId: number): Promise<void> {
  await db.deleteFrom("order_items").where("order_id", "=", orderId).execute();
}

export async function setOrderItemCount(db: Db, orderId: number, count: number): Promise<void> {
  await db.updateTable("orders").set({ item_count: count }).where("id", "=", orderId).execute();
}
