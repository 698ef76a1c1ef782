/** Installers' weekly hours and days off (migration 0013). */
import { PostgresAdapter } from "kysely";
import {
  type TimeOff,
  WEEKDAYS,
  type WeeklyHours,
} from "../../../../domain/scheduling/booking-windows";
import { type Db, toNumber } from "../../database";

export interface StaffAvailabilityRows {
  staffId: number;
  weekly: WeeklyHours;
  timeOff: TimeOff[];
}

/** Every listed staff member's hours and days off (days off ending before `from` left out). */
export async function findAvailability(
  db: Db,
  staffIds: readonly number[],
  from = "0000-00-00",
): Promise<StaffAvailabilityRows[]> {
  if (staffIds.length === 0) return [];
  const [hours, off] = await Promise.all([
    db
      .selectFrom("staff_hours")
      .select(["staff_id", "weekday", "start_time", "end_time"])
      .where("staff_id", "in", staffIds)
      .orderBy("staff_id")
      .orderBy("start_time")
      .execute(),
    db
      .selectFrom("staff_time_off")
      .select(["staff_id", "from_date", "to_date"])
      .where("staff_id", "in", staffIds)
      .where("to_date", ">=", from)
      .orderBy("staff_id")
      .orderBy("from_date")
      .execute(),
  ]);
  const byStaff = new Map<number, StaffAvailabilityRows>(
    staffIds.map((id) => [id, { staffId: id, weekly: {}, timeOff: [] }]),
  );
  for (const h of hours) {
    const entry = byStaff.get(toNumber(h.staff_id));
    if (!entry) continue;
    const day = h.weekday;
    const ranges = entry.weekly[day] ?? [];
    ranges.push({ start: h.start_time, end: h.end_time });
    entry.weekly[day] = ranges;
  }
  for (const t of off) {
    byStaff.get(toNumber(t.staff_id))?.timeOff.push({ from: t.from_date, to: t.to_date });
  }
  return [...byStaff.values()];
}

/** Replaces the staff member's hours and days off. */
export async function replaceAvailability(
  db: Db,
  staffId: number,
  weekly: WeeklyHours,
  timeOff: readonly TimeOff[],
): Promise<void> {
  await db.deleteFrom("staff_hours").where("staff_id", "=", staffId).execute();
  await db.deleteFrom("staff_time_off").where("staff_id", "=", staffId).execute();
  const hours = WEEKDAYS.flatMap((weekday) =>
    (weekly[weekday] ?? []).map((r) => ({
      staff_id: staffId,
      weekday,
      start_time: r.start,
      end_time: r.end,
    })),
  );
  if (hours.length) await db.insertInto("staff_hours").values(hours).execute();
  if (timeOff.length) {
    await db
      .insertInto("staff_time_off")
      .values(timeOff.map((t) => ({ staff_id: staffId, from_date: t.from, to_date: t.to })))
      .execute();
  }
}

/** Active installers' ids, lowest first. */
export async function findActiveInstallerIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("staff")
    .select("id")
    .where("role", "=", "installer")
    .where("active", "=", 1)
    .orderBy("id")
    .execute();
  return rows.map((r) => toNumber(r.id));
}

/** How many active installers have weekly hours: none, and nothing can be booked online. */
export async function countInstallersWithHours(db: Db): Promise<number> {
  const row = await db
    .selectFrom("staff")
    .select((eb) => eb.fn.count<number>("staff.id").distinct().as("n"))
    .innerJoin("staff_hours", "staff_hours.staff_id", "staff.id")
    .where("staff.role", "=", "installer")
    .where("staff.active", "=", 1)
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}

/**
 * Holds the installer's row until the transaction ends, so that two claims on one installer
 * (two bookings, a booking and the office) run one after the other on PostgreSQL; SQLite's
 * write transactions are serial already (BEGIN IMMEDIATE).
 */
export async function lockInstaller(trx: Db, staffId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom("staff").select("id").where("id", "=", staffId).forUpdate().execute();
}
