import { now } from "../../../db/database";
import {
  deleteSessionsOfStaff,
  listSessionHashesOfStaff,
} from "../../../db/repositories/people/admin-auth";
import { clearTwoFactor, findTwoFactorState } from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../actor";
import { recordAudit } from "../audit";
import { person } from "./shared";

/**
 * An owner's reset of one person's two-factor (a lost phone): secret, recovery codes and the
 * enabled flag go, and every session of theirs ends; they enrol again at their next login
 * when it is required.
 */
export async function resetTwoFactor(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  actor: Actor,
  staffId: number,
): Promise<{ name: string; sessionsEnded: number }> {
  const { db, logger } = deps;

  // One's own two-factor goes off only with the password and a code (disable): a session
  // left open must not be enough to remove it.
  if (actor.staffId === staffId) {
    throw new AppError(
      "conflict",
      "To turn off your own two-factor, use the Two-factor page (it needs your password and a code).",
    );
  }
  const staff = await person(deps, staffId);
  return db.transaction().execute(async (trx) => {
    const state = await findTwoFactorState(trx, staffId);
    await clearTwoFactor(trx, staffId, now());
    const sessionsEnded = (await listSessionHashesOfStaff(trx, staffId)).length;
    await deleteSessionsOfStaff(trx, staffId);
    await recordAudit(trx, actor, "two_factor", `Two-factor reset for ${staff.name}`, {
      before: { enabled: state?.enabled ?? false, pending: !state?.enabled && !!state?.secret },
      after: { enabled: false, sessionsEnded },
    });
    logger.info("two-factor reset", { staffId, sessionsEnded });
    return { name: staff.name, sessionsEnded };
  });
}
