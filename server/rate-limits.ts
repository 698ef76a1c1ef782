/**
 * Every rate limiter the services count attempts with, made here once per process and handed to
 * the services in their deps: the services decide when to count, this file how
 * (which store, which window, which words). Counts live in the database every store process
 * shares.
 */
import { ACCOUNT_LINKS_PER_HOUR } from "../domain/account/account-schema";
import type { BusinessFacts } from "../domain/shared/business";
import { PROJECT_EMAILS_PER_HOUR } from "../domain/storefront/project-schema";
import type { Db } from "./db/database";
import { createLoginAttempts, type LoginAttempts } from "./login-attempts";
import { createRateLimiter, type RateLimiter } from "./middleware/rate-limit";
import { createDatabaseRateLimitStore } from "./middleware/rate-limit-store";

export type { RateLimiter };

export const ORDERS_PER_TEN_MINUTES = 10;
export const REVIEW_SUBMISSIONS_PER_HOUR = 5;
export const CONTACT_MESSAGES_PER_HOUR = 5;
/** Confirmations of a contact message to one email address per day: they never relay. */
export const CONTACT_CONFIRMATIONS_PER_DAY = 3;
export const SAMPLE_REQUESTS_PER_HOUR = 5;
export const ESTIMATE_REQUESTS_PER_HOUR = 5;
export { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from "./login-attempts";
export const NEW_CARTS_PER_HOUR = 100;
export const BOOKINGS_PER_HOUR = 10;
export const QUOTE_QUESTIONS_PER_HOUR = 5;
export const TWO_FACTOR_ATTEMPT_LIMIT = 10;
export const TWO_FACTOR_ATTEMPT_WINDOW_MS = 15 * 60_000;

const HOUR_MS = 60 * 60_000;

/** A limiter that can also count inside the caller's transaction (rolled back with it). */
export type TransactionalLimiter = RateLimiter & { within(trx: Db): RateLimiter };

export interface RateLimiters {
  /** Orders per address; `within(trx)` counts inside the order's own transaction. */
  orders: TransactionalLimiter;
  /** New carts per address, counted inside the add's transaction. */
  newCarts: TransactionalLimiter;
  /** Questions about a quote per address, counted with the question's own rows. */
  quoteQuestions: TransactionalLimiter;
  /** Online bookings and their changes per address. */
  bookings: RateLimiter;
  /** A saved project's link by email, per email address and per project. */
  projectEmails: { perEmail: RateLimiter; perProject: RateLimiter };
  /** Sign-in links for the customer's account, per address and per email. */
  accountLinks: { perAddress: RateLimiter; perEmail: RateLimiter };
  reviews: RateLimiter;
  /** Contact messages per address, counted inside the message's own transaction. */
  contact: TransactionalLimiter;
  /** Contact confirmations per email address (a day), counted with the message. */
  contactConfirmations: TransactionalLimiter;
  samples: RateLimiter;
  estimates: RateLimiter;
  /** Failed logins per address, per account and per known browser. */
  logins: LoginAttempts;
  /** Two-factor code checks per account. */
  twoFactorCodes: RateLimiter;
}

/** A limiter counted in the database, which can also count inside a transaction. */
function transactional(
  db: Db,
  name: string,
  options: { limit: number; windowMs: number; message: string },
): TransactionalLimiter {
  const store = createDatabaseRateLimitStore(db, name);
  return {
    ...createRateLimiter({ ...options, store }),
    // Counted per new cart, order and message: the spread last.
    within: (trx) => createRateLimiter({ store: store.within(trx), ...options }),
  };
}

export function createRateLimiters(db: Db, business: BusinessFacts): RateLimiters {
  const perHour = (what: string, limit: number, reach: string) => ({
    limit,
    windowMs: HOUR_MS,
    message: `You have sent ${limit} ${what} in the last hour. Please try again later, or ${reach}.`,
  });
  const call = `call us at ${business.phone}`;
  const accountLink = {
    limit: ACCOUNT_LINKS_PER_HOUR,
    windowMs: HOUR_MS,
    message: `Too many sign-in links asked for in the last hour. Please wait and try again, or ${call}.`,
  };
  return {
    orders: transactional(db, "orders", {
      limit: ORDERS_PER_TEN_MINUTES,
      windowMs: 10 * 60_000,
      message: `Too many orders from your connection. Please wait a few minutes or call us at ${business.phone}.`,
    }),
    newCarts: transactional(db, "carts", {
      limit: NEW_CARTS_PER_HOUR,
      windowMs: HOUR_MS,
      message: `Too many new carts from your connection in the last hour. Please try again later, or ${call}.`,
    }),
    quoteQuestions: transactional(db, "quote-questions", {
      limit: QUOTE_QUESTIONS_PER_HOUR,
      windowMs: HOUR_MS,
      message: `You have sent ${QUOTE_QUESTIONS_PER_HOUR} questions in the last hour. Please ${call}.`,
    }),
    bookings: createRateLimiter({
      limit: BOOKINGS_PER_HOUR,
      windowMs: HOUR_MS,
      store: createDatabaseRateLimitStore(db, "booking"),
      message: `You have made ${BOOKINGS_PER_HOUR} bookings or changes in the last hour. Please try again later, or ${call}.`,
    }),
    projectEmails: {
      perEmail: createRateLimiter({
        ...perHour("project links to this email", PROJECT_EMAILS_PER_HOUR, call),
        store: createDatabaseRateLimitStore(db, "project-email-address"),
      }),
      perProject: createRateLimiter({
        ...perHour("links to this project", PROJECT_EMAILS_PER_HOUR, call),
        store: createDatabaseRateLimitStore(db, "project-email-project"),
      }),
    },
    accountLinks: {
      perAddress: createRateLimiter({
        ...accountLink,
        store: createDatabaseRateLimitStore(db, "account-link-address"),
      }),
      perEmail: createRateLimiter({
        ...accountLink,
        store: createDatabaseRateLimitStore(db, "account-link-email"),
      }),
    },
    reviews: createRateLimiter({
      ...perHour("reviews", REVIEW_SUBMISSIONS_PER_HOUR, `email us at ${business.email}`),
      store: createDatabaseRateLimitStore(db, "reviews"),
    }),
    contact: transactional(db, "contact", perHour("messages", CONTACT_MESSAGES_PER_HOUR, call)),
    // Never answered 429: past it the message is still taken, only its confirmation is not sent.
    contactConfirmations: transactional(db, "contact-confirmation", {
      limit: CONTACT_CONFIRMATIONS_PER_DAY,
      windowMs: 24 * HOUR_MS,
      message: "",
    }),
    samples: createRateLimiter({
      ...perHour("sample requests", SAMPLE_REQUESTS_PER_HOUR, call),
      store: createDatabaseRateLimitStore(db, "samples"),
    }),
    estimates: createRateLimiter({
      ...perHour("estimate requests", ESTIMATE_REQUESTS_PER_HOUR, call),
      store: createDatabaseRateLimitStore(db, "estimates"),
    }),
    logins: createLoginAttempts(db),
    twoFactorCodes: createRateLimiter({
      store: createDatabaseRateLimitStore(db, "two-factor"),
      limit: TWO_FACTOR_ATTEMPT_LIMIT,
      windowMs: TWO_FACTOR_ATTEMPT_WINDOW_MS,
      message: "Too many wrong codes for this account. Wait and try again later.",
    }),
  };
}
