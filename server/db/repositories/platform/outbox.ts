/**
 * What the email and text outboxes share: how a due row is claimed and how a
 * failed send is put back. Each outbox keeps its own table, its own test of "not sent yet" and
 * its own typed rows; only the columns both tables have are named here.
 */
import { PostgresAdapter, type SelectQueryBuilder } from "kysely";
import type { Db } from "../../database";
import type { Database } from "../../types";

type OutboxTable = "email_outbox" | "text_outbox";

/**
 * Narrows an outbox's unsent ids to up to `limit` due at `at` that no live process holds, oldest
 * first. PostgreSQL skips rows another process is claiming at this instant (FOR UPDATE SKIP
 * LOCKED); SQLite runs one writer at a time, so the UPDATE … RETURNING around it is atomic there
 * by itself.
 */
export function dueAndUnclaimed(
  db: Db,
  unsent: SelectQueryBuilder<Database, OutboxTable, { id: number }>,
  at: string,
  limit: number,
) {
  const due = unsent
    .where("next_attempt_at", "<=", at)
    .where((w) => w.or([w("claimed_until", "is", null), w("claimed_until", "<", at)]))
    .orderBy("id")
    .limit(limit);
  return db.getExecutor().adapter instanceof PostgresAdapter ? due.forUpdate().skipLocked() : due;
}

/** The claim a process puts on the rows it will send. */
export function claimBy(holder: string, claimedUntil: string) {
  return { claimed_by: holder, claimed_until: claimedUntil };
}

/** A failed attempt: counted, its error kept (500 characters), tried again at `nextAttemptAt`. */
export function failedAttempt(attempts: number, error: string, nextAttemptAt: string) {
  return {
    attempts,
    last_error: error.slice(0, 500),
    next_attempt_at: nextAttemptAt,
    claimed_until: null,
  };
}
