/**
 * Scheduled jobs run by one process at a time (migration 0007): a process claims a job's run
 * with one upsert that succeeds only when the job is due and nobody holds its lease.
 */
import { type Db, now, toNumber } from "../../database";

/**
 * Claims `name` for `holder` when it is due (`next_run_at` passed) and unleased; the lease lasts
 * until `leaseUntil`, the next run is due at `nextRunAt`. True when this holder got it.
 */
export async function claimJobRun(
  db: Db,
  claim: { name: string; holder: string; nowMs: number; leaseUntil: number; nextRunAt: number },
): Promise<boolean> {
  const row = await db
    .insertInto("job_leases")
    .values({
      name: claim.name,
      holder: claim.holder,
      lease_until: claim.leaseUntil,
      next_run_at: claim.nextRunAt,
      last_run_at: now(),
    })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet((eb) => ({
          holder: eb.ref("excluded.holder"),
          lease_until: eb.ref("excluded.lease_until"),
          next_run_at: eb.ref("excluded.next_run_at"),
          last_run_at: eb.ref("excluded.last_run_at"),
        }))
        .where("job_leases.next_run_at", "<=", claim.nowMs)
        .where("job_leases.lease_until", "<=", claim.nowMs),
    )
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends `holder`'s lease on `name` (the run finished); the next run stays where it was set. */
export async function releaseJobLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .updateTable("job_leases")
    .set({ lease_until: 0 })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .execute();
}

export async function findJobLease(db: Db, name: string) {
  const row = await db
    .selectFrom("job_leases")
    .selectAll()
    .where("name", "=", name)
    .executeTakeFirst();
  return row
    ? {
        holder: row.holder,
        leaseUntil: toNumber(row.lease_until),
        nextRunAt: toNumber(row.next_run_at),
        lastRunAt: row.last_run_at,
      }
    : undefined;
}
