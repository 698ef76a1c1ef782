/** Storm days (migration 0024, decision 551): closed periods, both dates included. */
import { PostgresAdapter } from "kysely";
import type { TimeOff } from "../../../../domain/scheduling/booking-windows";
import { type Db, toNumber } from "../../database";

export interface Closure {
  id: number;
  from: string;
  to: string;
  reason: string;
  createdAt: string;
  /** When "Move all" first ran for it; null before. */
  movedAt: string | null;
}

function toClosure(r: {
  id: number | string;
  from_date: string;
  to_date: string;
  reason: string;
  created_at: string;
  moved_at: string | null;
}): Closure {
  return {
    id: toNumber(r.id),
    from: r.from_date,
    to: r.to_date,
    reason: r.reason,
    createdAt: r.created_at,
    movedAt: r.moved_at,
  };
}

export async function insertClosure(
  db: Db,
  c: { from: string; to: string; reason: string; staffId: number | null; at: string },
): Promise<number> {
  const row = await db
    .insertInto("closures")
    .values({
      from_date: c.from,
      to_date: c.to,
      reason: c.reason,
      created_by: c.staffId,
      created_at: c.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function findClosureById(db: Db, id: number): Promise<Closure | null> {
  const row = await db
    .selectFrom("closures")
    .select(["id", "from_date", "to_date", "reason", "created_at", "moved_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toClosure(row) : null;
}

/** Closures that end on or after `from` (all of them by default), earliest first. */
export async function findClosures(db: Db, from = "0000-00-00"): Promise<Closure[]> {
  const rows = await db
    .selectFrom("closures")
    .select(["id", "from_date", "to_date", "reason", "created_at", "moved_at"])
    .where("to_date", ">=", from)
    .orderBy("from_date")
    .orderBy("id")
    .execute();
  return rows.map(toClosure);
}

/** The closed periods that touch `from`..`to`, as the booking windows read them. */
export async function findClosedDays(
  db: Db,
  range: { from: string; to: string },
): Promise<TimeOff[]> {
  const rows = await db
    .selectFrom("closures")
    .select(["from_date", "to_date"])
    .where("to_date", ">=", range.from)
    .where("from_date", "<=", range.to)
    .execute();
  return rows.map((r) => ({ from: r.from_date, to: r.to_date }));
}

export async function deleteClosure(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("closures").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Marks the first "Move all" of the closure (later ones keep the first time). */
export async function markClosureMoved(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable("closures")
    .set({ moved_at: at })
    .where("id", "=", id)
    .where("moved_at", "is", null)
    .execute();
}

/**
 * The gate between claims of a window and closing days, on PostgreSQL (SQLite's write
 * transactions are serial already): a claim holds the settings row FOR SHARE (claims don't wait
 * on each other), closing or reopening holds it FOR UPDATE. So a closure waits for the claims
 * under way (and lists their visits), and a claim that starts after it reads the closure.
 */
export async function lockClosureGate(trx: Db, mode: "claim" | "close"): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const q = trx.selectFrom("back_office_settings").select("id").where("id", "=", 1);
  await (mode === "claim" ? q.forShare() : q.forUpdate()).execute();
}
