/**
 * The first answer to each Idempotency-Key (migration 0030, decision 580). A key is claimed by
 * inserting its row: the primary key (person, route, key) lets exactly one of two requests
 * that arrive at once insert it, on SQLite and PostgreSQL alike.
 */
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Db } from "../../database";
import type { Database, IdempotencyKeysTable } from "../../types";

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

export interface IdempotencyScope {
  staffId: number;
  route: string;
  key: string;
}

/** The key's row: `.where(ofScope(scope))`. */
function ofScope(scope: IdempotencyScope) {
  return (eb: ExpressionBuilder<Database, "idempotency_keys">) =>
    eb.and({ staff_id: scope.staffId, route: scope.route, key: scope.key });
}

/** Inserts the key as running; false when a row for it already exists. */
export async function insertRunningKey(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  createdAt: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      staff_id: scope.staffId,
      route: scope.route,
      key: scope.key,
      request_hash: requestHash,
      state: "running",
      response_status: null,
      response_type: null,
      response_body: null,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(["staff_id", "route", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findKey(
  db: Db,
  scope: IdempotencyScope,
): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom("idempotency_keys").selectAll().where(ofScope(scope)).executeTakeFirst();
}

/**
 * Takes over a key whose first request never finished (its process died) once `before` has
 * passed: true when this caller took it.
 */
export async function takeOverAbandonedKey(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  before: string,
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("idempotency_keys")
    .set({ created_at: createdAt })
    .where(ofScope(scope))
    .where("state", "=", "running")
    .where("request_hash", "=", requestHash)
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishKey(
  db: Db,
  scope: IdempotencyScope,
  answer: { status: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({
      state: "done",
      response_status: answer.status,
      response_type: answer.contentType,
      response_body: answer.body,
    })
    .where(ofScope(scope))
    .execute();
}

/** Forgets a running key (the first request failed on our side): a repeat runs it again. */
export async function releaseKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where(ofScope(scope))
    .where("state", "=", "running")
    .execute();
}

/** Keys first used before `before` (ISO time). */
export async function deleteExpiredKeys(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
