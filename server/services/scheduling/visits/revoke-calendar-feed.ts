import { setCalendarTokenHash } from "../../../db/repositories/people/staff";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";

export async function revokeCalendarFeed(deps: ServiceDeps, staffId: number): Promise<void> {
  const { db } = deps;

  if (!(await setCalendarTokenHash(db, staffId, null))) {
    throw new AppError("not_found", "Staff member not found.");
  }
}
