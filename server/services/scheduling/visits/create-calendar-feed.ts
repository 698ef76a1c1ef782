import { randomBytes } from "node:crypto";
import { setCalendarTokenHash } from "../../../db/repositories/people/staff";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { hashFeedToken } from "./shared";

/** A new secret feed URL for the staff member (the old one stops working). */
export async function createCalendarFeed(
  deps: ServiceDeps,
  staffId: number,
): Promise<{ url: string }> {
  const { db, config } = deps;

  const token = randomBytes(32).toString("base64url");
  if (!(await setCalendarTokenHash(db, staffId, hashFeedToken(token)))) {
    throw new AppError("not_found", "Staff member not found.");
  }
  return { url: `${config.publicUrl}/api/calendar/${token}.ics` };
}
