/**
 * The customer's own page: one-time sign-in links and the sessions they open,
 * both stored as SHA-256 hashes of their tokens, and what one email has with the store.
 */
import type { Language } from "../../../../domain/i18n/language";
import type { OrderStatus } from "../../../../domain/orders/order-status";
import type { QuoteStatus } from "../../../../domain/sales/quote";
import type { VisitStatus } from "../../../../domain/scheduling/visit-time";
import { type Db, toNumber } from "../../database";

export interface AccountLinkRow {
  email: string;
  expires_at: string;
  used_at: string | null;
}

export async function insertAccountLink(
  db: Db,
  link: {
    tokenHash: string;
    email: string;
    createdAt: string;
    expiresAt: string;
    language: Language;
  },
): Promise<void> {
  await db
    .insertInto("account_links")
    .values({
      token_hash: link.tokenHash,
      email: link.email,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
      language: link.language,
    })
    .execute();
}

export async function findAccountLink(db: Db, tokenHash: string): Promise<AccountLinkRow | null> {
  return (
    (await db
      .selectFrom("account_links")
      .select(["email", "expires_at", "used_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst()) ?? null
  );
}

/** Marks an unused link used; false when another request used it first (one statement). */
export async function markAccountLinkUsed(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("account_links")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return toNumber(result.numUpdatedRows) === 1;
}

export async function insertAccountSession(
  db: Db,
  session: { tokenHash: string; email: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto("account_sessions")
    .values({
      token_hash: session.tokenHash,
      email: session.email,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The email of a session that has not expired, or null. */
export async function findAccountSessionEmail(
  db: Db,
  tokenHash: string,
  at: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("account_sessions")
    .select("email")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return row?.email ?? null;
}

export async function deleteAccountSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("account_sessions").where("token_hash", "=", tokenHash).execute();
}

/** Links and sessions past their end: nothing can use them any more. */
export async function deleteExpiredAccountAccess(db: Db, at: string): Promise<number> {
  const links = await db
    .deleteFrom("account_links")
    .where("expires_at", "<=", at)
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom("account_sessions")
    .where("expires_at", "<=", at)
    .executeTakeFirst();
  return toNumber(links.numDeletedRows) + toNumber(sessions.numDeletedRows);
}

/** Whether the store has anything under this email (an order today; quotes and bookings too). */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("email", "=", email)
    .limit(1)
    .executeTakeFirst();
  if (row !== undefined || (await listQuotesForEmail(db, email)).length > 0) return true;
  return (await listBookingsForEmail(db, email)).length > 0;
}

export interface AccountOrderRow {
  id: number;
  reference: string;
  order_number: number;
  status: OrderStatus;
  total_cents: number;
  paid_cents: number;
  created_at: string;
  next_visit_date: string | null;
  next_visit_start: string | null;
  next_visit_end: string | null;
  next_visit_kind: string | null;
}

/** The email's orders, newest first, each with its next scheduled visit (on or after today). */
export async function listOrdersForEmail(
  db: Db,
  email: string,
  today: string,
): Promise<AccountOrderRow[]> {
  const orders = await db
    .selectFrom("orders")
    .select([
      "id",
      "reference",
      "order_number",
      "status",
      "total_cents",
      "paid_cents",
      "created_at",
    ])
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => toNumber(o.id));
  const visits = await db
    .selectFrom("visits")
    .select(["order_id", "kind", "visit_date", "start_time", "end_time"])
    .where("order_id", "in", ids)
    .where("status", "=", "scheduled")
    .where("visit_date", ">=", today)
    .orderBy("visit_date")
    .orderBy("start_time")
    .execute();
  const next = new Map<number, (typeof visits)[number]>();
  for (const v of visits) {
    const id = toNumber(v.order_id);
    if (!next.has(id)) next.set(id, v);
  }
  return orders.map((o) => {
    const v = next.get(toNumber(o.id));
    return {
      id: toNumber(o.id),
      reference: o.reference,
      order_number: toNumber(o.order_number),
      status: o.status,
      total_cents: toNumber(o.total_cents),
      paid_cents: toNumber(o.paid_cents),
      created_at: o.created_at,
      next_visit_date: v?.visit_date ?? null,
      next_visit_start: v?.start_time ?? null,
      next_visit_end: v?.end_time ?? null,
      next_visit_kind: v?.kind ?? null,
    };
  });
}

export interface AccountQuoteRow {
  quote_number: number;
  status: QuoteStatus;
  total_cents: number;
  token: string;
}

export interface AccountBookingRow {
  reference: string;
  status: VisitStatus;
  date: string;
  start: string;
  end: string;
}

/** The email's quotes that were sent to the customer (never drafts), newest first. */
export async function listQuotesForEmail(db: Db, email: string): Promise<AccountQuoteRow[]> {
  const rows = await db
    .selectFrom("quotes")
    .select(["quote_number", "status", "total_cents", "token"])
    .where("email", "=", email)
    .where("status", "<>", "draft")
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    quote_number: toNumber(r.quote_number),
    status: r.status,
    total_cents: toNumber(r.total_cents),
    token: r.token,
  }));
}

/** The email's booked visits that are still to come or done (migration 0020), newest first. */
export async function listBookingsForEmail(db: Db, email: string): Promise<AccountBookingRow[]> {
  const rows = await db
    .selectFrom("visits")
    .select(["reference", "status", "visit_date", "start_time", "end_time"])
    .where("email", "=", email)
    .where("reference", "is not", null)
    .$narrowType<{ reference: string }>()
    .where("status", "<>", "cancelled")
    .orderBy("visit_date", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    status: r.status,
    date: r.visit_date,
    start: r.start_time,
    end: r.end_time,
  }));
}
