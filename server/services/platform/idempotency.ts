/**
 * Idempotency-Key's use cases (decision 580): claim a key for a request, keep the first answer,
 * forget a key whose first request failed on our side, purge keys past their time.
 */
import {
  IDEMPOTENCY_ABANDONED_MINUTES,
  IDEMPOTENCY_KEEP_HOURS,
} from "../../../domain/platform/idempotency-key";
import {
  deleteExpiredKeys,
  findKey,
  finishKey,
  type IdempotencyScope,
  insertRunningKey,
  releaseKey,
  takeOverAbandonedKey,
} from "../../db/repositories/platform/idempotency-keys";
import type { ServiceDeps } from "../deps";

export type { IdempotencyScope };

export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** What to do with a request that carries a key. */
export type IdempotencyClaim =
  | { kind: "run" }
  | { kind: "replay"; answer: KeptAnswer }
  | { kind: "running" }
  | { kind: "other_body" };

const MINUTE = 60_000;

export function createIdempotencyService(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;

  async function claim(
    scope: IdempotencyScope,
    requestHash: string,
    now = new Date(),
  ): Promise<IdempotencyClaim> {
    const at = now.toISOString();
    return db.transaction().execute(async (trx): Promise<IdempotencyClaim> => {
      if (await insertRunningKey(trx, scope, requestHash, at)) return { kind: "run" };
      const row = await findKey(trx, scope);
      // Deleted between the two statements (its first request failed): this one runs.
      if (!row)
        return (await insertRunningKey(trx, scope, requestHash, at))
          ? { kind: "run" }
          : { kind: "running" };
      if (row.request_hash !== requestHash) return { kind: "other_body" };
      if (row.state === "done" && row.response_status !== null) {
        return {
          kind: "replay",
          answer: {
            status: row.response_status,
            contentType: row.response_type,
            body: row.response_body ?? "",
          },
        };
      }
      const abandoned = new Date(now.getTime() - IDEMPOTENCY_ABANDONED_MINUTES * MINUTE);
      const taken = await takeOverAbandonedKey(
        trx,
        scope,
        requestHash,
        abandoned.toISOString(),
        at,
      );
      return taken ? { kind: "run" } : { kind: "running" };
    });
  }

  async function keep(scope: IdempotencyScope, answer: KeptAnswer): Promise<void> {
    await db.transaction().execute((trx) => finishKey(trx, scope, answer));
  }

  async function release(scope: IdempotencyScope): Promise<void> {
    await db.transaction().execute((trx) => releaseKey(trx, scope));
  }

  return { claim, keep, release };
}

/** Keys first used more than IDEMPOTENCY_KEEP_HOURS before `now` (the retention job's part). */
export function purgeExpiredIdempotencyKeys(db: ServiceDeps["db"], now: Date): Promise<number> {
  return deleteExpiredKeys(
    db,
    new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 60 * MINUTE).toISOString(),
  );
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
