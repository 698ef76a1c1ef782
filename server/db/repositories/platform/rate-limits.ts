/**
 * Fixed-window counters every store process shares (migration 0007). One statement counts a
 * hit and answers the window's count: an upsert both SQLite (3.35+) and PostgreSQL run the
 * same way, atomic on each (SQLite's one writer; PostgreSQL's row lock on the key).
 */
import { sql } from "kysely";
import { fixedQuery } from "../../compiled-query";
import { type Db, toNumber } from "../../database";

export interface RateLimitCount {
  points: number;
  /** When the window ends, ms since the epoch. */
  expiresAt: number;
}

/**
 * One counted attempt: built and compiled once, as every store request that is
 * limited counts one (a contact message, a new cart, a login).
 */
const consume = fixedQuery(
  (db, p: { key: string; points: number; expiresAt: number; nowMs: number }) =>
    db
      .insertInto("rate_limits")
      .values({ key: p.key, points: p.points, expires_at: p.expiresAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          points: sql<number>`case when rate_limits.expires_at <= ${p.nowMs} then excluded.points else rate_limits.points + excluded.points end`,
          expires_at: sql<number>`case when rate_limits.expires_at <= ${p.nowMs} then excluded.expires_at else rate_limits.expires_at end`,
        }),
      )
      .returning(["points", "expires_at"]),
);

/** Adds `points` to `key`'s window (a new window when the last one ended) and returns it. */
export async function consumeRateLimit(
  db: Db,
  key: string,
  points: number,
  windowMs: number,
  nowMs: number,
): Promise<RateLimitCount> {
  const row = await consume.first(db, { key, points, expiresAt: nowMs + windowMs, nowMs });
  return { points: toNumber(row.points), expiresAt: toNumber(row.expires_at) };
}

export async function deleteRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Every key that starts with `prefix` (one limiter's counters). */
export async function deleteRateLimitsWithPrefix(db: Db, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db.deleteFrom("rate_limits").where(sql<boolean>`key like ${pattern} escape '\\'`).execute();
}

/** Windows that ended before `nowMs`: they count for nothing any more. */
export async function deleteExpiredRateLimits(db: Db, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom("rate_limits")
    .where("expires_at", "<=", nowMs)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/** Takes one point back from `key`'s current window (never below zero). */
export async function giveBackRateLimitPoint(db: Db, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ points: sql<number>`points - 1` })
    .where("key", "=", key)
    .where("points", ">", 0)
    .execute();
}

/**
 * Adds `points` failures to a run of failures in a row (the per-account login count). While the
 * run is at most `limit` long, each failure keeps it for `memoryMs` more; the failure that takes
 * it past `limit` starts a lock of `lockMs`, which later failures do not lengthen. When the lock
 * (or the memory) ends, the next failure starts a new run at 1.
 */
export async function countFailureRun(
  db: Db,
  key: string,
  points: number,
  options: { limit: number; lockMs: number; memoryMs: number; nowMs: number },
): Promise<RateLimitCount> {
  const { limit, lockMs, memoryMs, nowMs } = options;
  const fresh = points > limit ? nowMs + lockMs : nowMs + memoryMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, points, expires_at: fresh })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        points: sql<number>`case when rate_limits.expires_at <= ${nowMs} then excluded.points else rate_limits.points + excluded.points end`,
        expires_at: sql<number>`case
          when rate_limits.expires_at <= ${nowMs} then excluded.expires_at
          when rate_limits.points > ${limit} then rate_limits.expires_at
          when rate_limits.points + excluded.points > ${limit} then ${nowMs + lockMs}
          else ${nowMs + memoryMs} end`,
      }),
    )
    .returning(["points", "expires_at"])
    .executeTakeFirstOrThrow();
  return { points: toNumber(row.points), expiresAt: toNumber(row.expires_at) };
}
