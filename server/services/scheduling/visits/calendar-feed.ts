import { addDays, storeToday } from "../../../../domain/scheduling/visit-time";
import { findStaffByCalendarTokenHash } from "../../../db/repositories/people/staff";
import { findVisitsBetween } from "../../../db/repositories/scheduling/visits";
import { staffFeed } from "../../../email/visit-calendar";
import type { ServiceDeps } from "../../deps";
import { calendarVisit, FEED_DAYS_AHEAD, FEED_DAYS_BACK, hashFeedToken } from "./shared";

/** The feed behind a secret, or null (unknown, revoked or inactive). */
export async function calendarFeed(deps: ServiceDeps, token: string): Promise<string | null> {
  const { db, config } = deps;
  const business = config.business;

  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const staff = await findStaffByCalendarTokenHash(db, hashFeedToken(token));
  if (!staff) return null;
  const today = storeToday();
  const rows = await findVisitsBetween(db, {
    from: addDays(today, -FEED_DAYS_BACK),
    to: addDays(today, FEED_DAYS_AHEAD),
    staffId: staff.id,
  });
  return staffFeed(
    business,
    staff.name,
    rows.map((r) => calendarVisit(deps, r)),
  );
}
