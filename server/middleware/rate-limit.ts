/**
 * Fixed-window rate limiting. A limiter counts each attempt when it arrives (never after the
 * work it guards), per client: the address for IPv4, the /64 network for IPv6. The counts live
 * in a RateLimitStore: in memory for one process today; a shared store (the database) can take
 * its place without touching the callers, hence the promises.
 */

import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { AppError } from "../errors";
import { forwardedEntry, limitKey, normalizeAddress } from "./proxy";

export interface RateLimitStore {
  /** Adds one to the key's count in the current window; the count after it and when it ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Forgets one key's count, or every count. */
  delete(key?: string): Promise<void>;
}

export interface RateLimiter {
  /** Counts one attempt now; resolves 0 when it is allowed, else the seconds to wait. */
  take(key: string): Promise<number>;
  /** take(), throwing AppError rate_limited (429 with Retry-After) past the limit. */
  consume(key: string): Promise<void>;
  /** Forgets a key's attempts (a successful login), or every key's. */
  reset(key?: string): Promise<void>;
  /** The words of its 429. */
  message: string;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async increment(key, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (t - v.start >= windowMs) windows.delete(k);
      }
      return { count: w.count, resetAt: w.start + windowMs };
    },
    async delete(key) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
  };
}

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  message: string;
  store?: RateLimitStore;
  now?: () => number;
}): RateLimiter {
  const { limit, windowMs, message } = options;
  const clock = options.now ?? Date.now;
  const store = options.store ?? createMemoryRateLimitStore(clock);

  async function take(key: string): Promise<number> {
    const { count, resetAt } = await store.increment(limitKey(key), windowMs);
    return count > limit ? Math.max(1, Math.ceil((resetAt - clock()) / 1000)) : 0;
  }

  return {
    take,
    async consume(key) {
      const wait = await take(key);
      if (wait > 0) {
        throw new AppError("rate_limited", message, { headers: { "Retry-After": String(wait) } });
      }
    },
    reset: (key) => store.delete(key === undefined ? undefined : limitKey(key)),
    message,
  };
}

/**
 * The client's address, normalised: the socket's, or with TRUST_PROXY=N the X-Forwarded-For
 * entry the outermost of the N trusted proxies wrote. A forwarded entry that is
 * not an address counts as the proxy's own, so a broken header shares one bucket instead of
 * opening new ones.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  const socket = socketAddress(c);
  const forwarded = forwardedEntry(c.req.header("x-forwarded-for"), trustProxy);
  return (forwarded && normalizeAddress(forwarded)) ?? socket;
}

function socketAddress(c: Context): string {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return "local";
  }
  return (remote && normalizeAddress(remote)) ?? "unknown";
}
