/**
 * The rate limiters' counts kept in the database, so every store process (WORKERS, machines
 * behind a proxy) counts the same attempts. A RateLimitStore for createRateLimiter (./rate-limit): one upsert per attempt
 * (repositories/rate-limits), atomic on SQLite and PostgreSQL alike.
 */
import type { Db } from "../db/database";
import {
  consumeRateLimit,
  deleteRateLimit,
  deleteRateLimitsWithPrefix,
  type RateLimitCount,
} from "../db/repositories/platform/rate-limits";
import type { RateLimitStore } from "./rate-limit";

/** How a hit is counted: a fixed window by default (consumeRateLimit). */
export type CountHits = (
  db: Db,
  key: string,
  points: number,
  windowMs: number,
  nowMs: number,
) => Promise<RateLimitCount>;

export interface DatabaseRateLimitStore extends RateLimitStore {
  /**
   * The same counts, written through `trx`: the order path counts inside the order's own
   * transaction, so its limit costs no commit of its own (an attempt the transaction refuses
   * rolls its count back with it).
   */
  within(trx: Db): RateLimitStore;
}

/**
 * Counts of one limiter (`name` prefixes its keys in the shared table). Hits that arrive in the
 * same turn of the event loop are counted together: one upsert per key (points = how many
 * arrived for it), each hit given its own running count, all answered at once as they arrived.
 * A burst of 1,000 logins from one address costs one statement, not 1,000 queued on the pool.
 */
export function createDatabaseRateLimitStore(
  db: Db,
  name: string,
  now: () => number = Date.now,
  count: CountHits = consumeRateLimit,
): DatabaseRateLimitStore {
  const prefix = `${name}:`;
  let pending = new Map<string, { windowMs: number; waiters: Waiter[] }>();

  /** One upsert per key of this turn; every caller answered together, as they arrived. */
  async function flush(): Promise<void> {
    const batches = [...pending];
    pending = new Map();
    const t = now();
    const results = await Promise.allSettled(
      batches.map(([key, b]) => count(db, prefix + key, b.waiters.length, b.windowMs, t)),
    );
    batches.forEach(([, batch], k) => {
      const result = results[k];
      const n = batch.waiters.length;
      batch.waiters.forEach((w, i) => {
        if (result?.status === "fulfilled") {
          w.resolve({ count: result.value.points - n + i + 1, resetAt: result.value.expiresAt });
        } else {
          w.reject(result?.reason);
        }
      });
    });
  }

  const storeOn = (handle: Db): RateLimitStore => ({
    async increment(key, windowMs) {
      const window = await count(handle, prefix + key, 1, windowMs, now());
      return { count: window.points, resetAt: window.expiresAt };
    },
    async delete(key) {
      if (key === undefined) await deleteRateLimitsWithPrefix(handle, prefix);
      else await deleteRateLimit(handle, prefix + key);
    },
  });
  return {
    ...storeOn(db),
    increment(key, windowMs) {
      return new Promise((resolve, reject) => {
        const batch = pending.get(key);
        if (batch) {
          batch.waiters.push({ resolve, reject });
          return;
        }
        if (pending.size === 0) setImmediate(() => void flush());
        pending.set(key, { windowMs, waiters: [{ resolve, reject }] });
      });
    },
    within: storeOn,
  };
}

interface Waiter {
  resolve(value: { count: number; resetAt: number }): void;
  reject(error: unknown): void;
}
