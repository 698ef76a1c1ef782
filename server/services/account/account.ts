/**
 * The customer's own page: a one-time
 * link by email instead of a password, a 30-day session, and everything one email has with the
 * store. Nothing it answers reveals whether an email is known: a link request does the same
 * work either way (the lookup, a stored link) and only the email itself differs, queued in the
 * outbox and sent after the answer.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_LINK_SENT,
  ACCOUNT_SESSION_DAYS,
  ACCOUNT_TOKEN_PATTERN,
  type AccountLinkProblem,
} from "../../../domain/account/account-schema";
import type { Language } from "../../../domain/i18n/language";
import { orderStatusLabel } from "../../../domain/orders/order-status";
import { QUOTE_STATUS_LABELS } from "../../../domain/sales/quote";
import { customerChangeWindow } from "../../../domain/scheduling/booking-windows";
import {
  formatVisitWindow,
  storeToday,
  VISIT_STATUS_LABELS,
  type VisitStatus,
} from "../../../domain/scheduling/visit-time";
import {
  deleteAccountSession,
  emailHasAccount,
  findAccountLink,
  findAccountSessionEmail,
  insertAccountLink,
  insertAccountSession,
  listBookingsForEmail,
  listOrdersForEmail,
  listQuotesForEmail,
  markAccountLinkUsed,
} from "../../db/repositories/account/account";
import { findOrderById } from "../../db/repositories/orders/orders";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { listProjectsForEmail } from "../../db/repositories/storefront/projects";
import type { ServiceDeps } from "../deps";
import { type CustomerOrderStory, customerOrderStory } from "../orders/customer-order";
import { balanceOf } from "../orders/payments-summary";

export { ACCOUNT_LINK_SENT };

import { accountLinkEmail } from "../../email/account-emails";
import { AppError } from "../../errors";

const HOUR_MS = 60 * 60_000;
const LINK_MS = ACCOUNT_LINK_MINUTES * 60_000;
export const ACCOUNT_SESSION_MS = ACCOUNT_SESSION_DAYS * 24 * HOUR_MS;
export const ACCOUNT_COOKIE = "account_session";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 256 bits, base64url (43 characters). */
function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface AccountOrderView {
  orderNumber: number;
  status: string;
  statusLabel: string;
  totalCents: number;
  balanceDueCents: number;
  /** Owed back to the customer (a paid order cancelled) until the refund is recorded. */
  refundDueCents: number;
  nextVisit: {
    date: string;
    start: string;
    end: string;
    kind: string;
    words: string;
    installerFirstName: string | null;
  } | null;
  reference: string;
  placedAt: string;
  /** Every payment, each change after measuring and the receipt (the order page's story). */
  story: CustomerOrderStory;
}

export interface AccountOverview {
  email: string;
  orders: AccountOrderView[];
  quotes: {
    quoteNumber: number;
    status: string;
    statusLabel: string;
    totalCents: number;
    token: string;
  }[];
  bookings: AccountBookingView[];
  /** The saved projects of this email (decision 523), newest first. */
  projects: { name: string; token: string; savedAt: string }[];
}

export interface AccountBookingView {
  reference: string;
  status: VisitStatus;
  statusLabel: string;
  date: string;
  start: string;
  end: string;
  /** "Tuesday, January 5, 9–11 AM" (store time). */
  when: string;
  /** Whether it may still be moved or cancelled online (the rule /bookings/REFERENCE follows). */
  changeable: boolean;
  /** Scheduled, not started, inside the cutoff: changed by calling the store. */
  callToChange: boolean;
}

export type VerifyResult =
  | { ok: true; sessionToken: string; email: string }
  | { ok: false; problem: AccountLinkProblem };

export function createAccountService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const { perAddress, perEmail } = deps.limits.accountLinks;

  return {
    /**
     * Counts the request per address (429 past 5 an hour) and then per email: past 5 an hour
     * for one email the answer is the same 202 and nothing is stored or sent (the links already
     * sent stay valid), so nobody can keep another person from signing in by asking for his
     * links. The caller answers the same 202 whatever happened after the address's count.
     */
    async requestLink(
      email: string,
      clientAddress: string,
      language: Language = "en",
    ): Promise<void> {
      const waitAddress = await perAddress.take(clientAddress);
      if (waitAddress > 0) {
        throw new AppError("rate_limited", perAddress.message, {
          headers: { "Retry-After": String(Math.min(3600, waitAddress)) },
        });
      }
      if ((await perEmail.take(`e-${hashToken(email)}`)) > 0) return;
      const token = newToken();
      const at = new Date();
      const known = await db.transaction().execute(async (trx) => {
        const has = await emailHasAccount(trx, email);
        await insertAccountLink(trx, {
          tokenHash: hashToken(token),
          email,
          createdAt: at.toISOString(),
          expiresAt: new Date(at.getTime() + LINK_MS).toISOString(),
          language,
        });
        if (has) {
          const link = `${config.publicUrl}/account/verify?token=${token}`;
          await enqueueEmail(trx, accountLinkEmail(config.business, email, link));
        }
        return has;
      });
      // Sent after the answer: the dispatcher runs beside the request (never logged: which
      // emails are known is exactly what must not leak).
      if (known) emails.kick();
    },

    /** Uses a link once: a session token, or why it can't open the page. */
    async verify(token: string | null | undefined): Promise<VerifyResult> {
      if (!token || !ACCOUNT_TOKEN_PATTERN.test(token)) return { ok: false, problem: "invalid" };
      const tokenHash = hashToken(token);
      const at = new Date().toISOString();
      return db.transaction().execute(async (trx): Promise<VerifyResult> => {
        const link = await findAccountLink(trx, tokenHash);
        if (!link) return { ok: false, problem: "invalid" };
        if (link.used_at) return { ok: false, problem: "used" };
        if (link.expires_at <= at) return { ok: false, problem: "expired" };
        if (!(await markAccountLinkUsed(trx, tokenHash, at))) return { ok: false, problem: "used" };
        const sessionToken = newToken();
        await insertAccountSession(trx, {
          tokenHash: hashToken(sessionToken),
          email: link.email,
          createdAt: at,
          expiresAt: new Date(Date.parse(at) + ACCOUNT_SESSION_MS).toISOString(),
        });
        logger.info("account session opened");
        return { ok: true, sessionToken, email: link.email };
      });
    },

    /** The session's email, or null (no cookie, unknown or expired session). */
    async sessionEmail(token: string | null): Promise<string | null> {
      if (!token || !ACCOUNT_TOKEN_PATTERN.test(token)) return null;
      return findAccountSessionEmail(db, hashToken(token), new Date().toISOString());
    },

    async endSession(token: string | null): Promise<void> {
      if (!token || !ACCOUNT_TOKEN_PATTERN.test(token)) return;
      await deleteAccountSession(db, hashToken(token));
    },

    async overview(email: string, at: Date = new Date()): Promise<AccountOverview> {
      const today = storeToday(at);
      const [orders, quotes, bookings, projects] = await Promise.all([
        listOrdersForEmail(db, email, today),
        listQuotesForEmail(db, email),
        listBookingsForEmail(db, email),
        listProjectsForEmail(db, email),
      ]);
      // A customer has a handful of orders: each one's story is read as its own page reads it.
      const stories = new Map<number, CustomerOrderStory>();
      for (const o of orders) {
        const row = await findOrderById(db, o.id);
        if (row) stories.set(o.id, await customerOrderStory(db, row));
      }
      return {
        email,
        orders: orders.flatMap((o) => {
          const story = stories.get(o.id);
          if (!story) return [];
          const visit = story.nextVisit;
          return [
            {
              orderNumber: o.order_number,
              status: o.status,
              statusLabel: orderStatusLabel(o.status),
              totalCents: o.total_cents,
              // The order's own paid total, as the order list and the books read it.
              balanceDueCents: Math.max(0, balanceOf(o, o.paid_cents).balanceDueCents),
              refundDueCents: balanceOf(o, o.paid_cents).refundDueCents,
              nextVisit: visit
                ? {
                    date: visit.date,
                    start: visit.start,
                    end: visit.end,
                    kind: visit.kind,
                    words: visit.words,
                    installerFirstName: visit.installerFirstName,
                  }
                : null,
              reference: o.reference,
              placedAt: o.created_at,
              story,
            },
          ];
        }),
        quotes: quotes.map((q) => ({
          quoteNumber: q.quote_number,
          status: q.status,
          statusLabel: QUOTE_STATUS_LABELS[q.status],
          totalCents: q.total_cents,
          token: q.token,
        })),
        bookings: bookings.map((b) => {
          const change = customerChangeWindow(b, at);
          return {
            reference: b.reference,
            status: b.status,
            statusLabel: VISIT_STATUS_LABELS[b.status],
            date: b.date,
            start: b.start,
            end: b.end,
            when: formatVisitWindow(b),
            changeable: change.changeable,
            callToChange: change.ahead && !change.changeable,
          };
        }),
        projects: projects.map((p) => ({ name: p.name, token: p.token, savedAt: p.createdAt })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
