/**
 * Every rate limiter the services count attempts with, made here once per process and handed to
 * the services in their deps (decision 183): the services decide when to count, this file how
 * (which store, which window, which words). Counts live in the database every store process
 * shares (decisions 170, 195).
 */
import type { BusinessFacts } from "../domain/business";
import type { Db } from "./db/database";
import { createRateLimiter, type RateLimiter } from "./middleware/rate-limit";
import { createDatabaseRateLimitStore } from "./middleware/rate-limit-store";

export type { RateLimiter };

export const ORDERS_PER_TEN_MINUTES = 10;
export const REVIEW_SUBMISSIONS_PER_HOUR = 5;
export const CONTACT_MESSAGES_PER_HOUR = 5;
export const SAMPLE_REQUESTS_PER_HOUR = 5;
export const ESTIMATE_REQUESTS_PER_HOUR = 5;
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const TWO_FACTOR_ATTEMPT_LIMIT = 10;
export const TWO_FACTOR_ATTEMPT_WINDOW_MS = 15 * 60_000;

const HOUR_MS = 60 * 60_000;

export interface RateLimiters {
  /** Orders per address; `within(trx)` counts inside the order's own transaction. */
  orders: RateLimiter & { within(trx: Db): RateLimiter };
  reviews: RateLimiter;
  contact: RateLimiter;
  samples: RateLimiter;
  estimates: RateLimiter;
  /** Failed logins per address (decision 115). */
  logins: RateLimiter;
  /** Two-factor code checks per account (decision 162). */
  twoFactorCodes: RateLimiter;
}

export function createRateLimiters(db: Db, business: BusinessFacts): RateLimiters {
  const orderStore = createDatabaseRateLimitStore(db, "orders");
  const orderLimit = {
    limit: ORDERS_PER_TEN_MINUTES,
    windowMs: 10 * 60_000,
    message: `Too many orders from your connection. Please wait a few minutes or call us at ${business.phone}.`,
  };
  const perHour = (what: string, limit: number, reach: string) => ({
    limit,
    windowMs: HOUR_MS,
    message: `You have sent ${limit} ${what} in the last hour. Please try again later, or ${reach}.`,
  });
  const call = `call us at ${business.phone}`;
  return {
    orders: {
      ...createRateLimiter({ ...orderLimit, store: orderStore }),
      within: (trx) => createRateLimiter({ ...orderLimit, store: orderStore.within(trx) }),
    },
    reviews: createRateLimiter({
      ...perHour("reviews", REVIEW_SUBMISSIONS_PER_HOUR, `email us at ${business.email}`),
      store: createDatabaseRateLimitStore(db, "reviews"),
    }),
    contact: createRateLimiter({
      ...perHour("messages", CONTACT_MESSAGES_PER_HOUR, call),
      store: createDatabaseRateLimitStore(db, "contact"),
    }),
    samples: createRateLimiter({
      ...perHour("sample requests", SAMPLE_REQUESTS_PER_HOUR, call),
      store: createDatabaseRateLimitStore(db, "samples"),
    }),
    estimates: createRateLimiter({
      ...perHour("estimate requests", ESTIMATE_REQUESTS_PER_HOUR, call),
      store: createDatabaseRateLimitStore(db, "estimates"),
    }),
    logins: createRateLimiter({
      store: createDatabaseRateLimitStore(db, "login"),
      limit: LOGIN_FAILURE_LIMIT,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      message: "Too many failed logins from this address. Wait and try again later.",
    }),
    twoFactorCodes: createRateLimiter({
      store: createDatabaseRateLimitStore(db, "two-factor"),
      limit: TWO_FACTOR_ATTEMPT_LIMIT,
      windowMs: TWO_FACTOR_ATTEMPT_WINDOW_MS,
      message: "Too many wrong codes for this account. Wait and try again later.",
    }),
  };
}
