/**
 * How much the email and text outboxes hold unsent, and since when: read by /metrics on each
 * scrape (server/runtime/metrics.ts).
 */
import type { Db } from "../../database";
import { toNumber } from "../../database";

export interface QueueStats {
  /** Messages waiting to be sent (including those claimed and being retried). */
  depth: number;
  /** When the oldest waiting message was queued (ISO), or null when none waits. */
  oldestCreatedAt: string | null;
}

export async function emailQueueStats(db: Db): Promise<QueueStats> {
  const row = await db
    .selectFrom("email_outbox")
    .select((eb) => [eb.fn.countAll().as("depth"), eb.fn.min("created_at").as("oldest")])
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  return { depth: toNumber(row.depth), oldestCreatedAt: row.oldest ?? null };
}

export async function textQueueStats(db: Db): Promise<QueueStats> {
  const row = await db
    .selectFrom("text_outbox")
    .select((eb) => [eb.fn.countAll().as("depth"), eb.fn.min("created_at").as("oldest")])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { depth: toNumber(row.depth), oldestCreatedAt: row.oldest ?? null };
}
