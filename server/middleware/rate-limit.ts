/**
 * Fixed-window rate limiting in memory (one server process). Each limiter counts hits per key
 * (the client's address) and answers how long to wait once the limit is passed.
 */

import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { AppError } from "../errors";

export interface RateLimiter {
  /** Count one hit; throws AppError rate_limited (429, Retry-After) past the limit. */
  hit(key: string): void;
  /** Count without throwing; returns seconds to wait, or 0 when allowed. */
  check(key: string): number;
  reset(key?: string): void;
}

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  message: string;
  now?: () => number;
}): RateLimiter {
  const { limit, windowMs, message } = options;
  const clock = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();

  function check(key: string): number {
    const t = clock();
    let w = windows.get(key);
    if (!w || t - w.start >= windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    if (windows.size > 10_000) {
      for (const [k, v] of windows) if (t - v.start >= windowMs) windows.delete(k);
    }
    return w.count > limit ? Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) : 0;
  }

  return {
    check,
    hit(key) {
      const wait = check(key);
      if (wait > 0) {
        throw new AppError("rate_limited", message, { headers: { "Retry-After": String(wait) } });
      }
    },
    reset(key) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
  };
}

/**
 * The client's address: the socket's, or the left-most X-Forwarded-For entry when the store
 * runs behind a proxy (TRUST_PROXY=true). Never trusted otherwise: anyone can send the header.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const first = forwarded?.split(",")[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "local";
  }
}
