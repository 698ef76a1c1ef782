import { now } from "../../../db/database";
import { startTotpEnrolment } from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../actor";
import { recordAudit } from "../audit";
import { newTotpSecret } from "../two-factor-codes";
import { person, setupOf, type TwoFactorSetup } from "./shared";

/** Starts (or restarts) enrolment with a new secret; refused while two-factor is on. */
export async function startSetup(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  actor: Actor,
  staffId: number,
): Promise<TwoFactorSetup> {
  const { db } = deps;

  const staff = await person(deps, staffId);
  if (staff.totp_enabled === 1) {
    throw new AppError(
      "conflict",
      "Two-factor is already on. Turn it off first to set up another authenticator.",
    );
  }
  const secret = newTotpSecret();
  const setup = await setupOf(deps, secret, staff.email);
  await db.transaction().execute(async (trx) => {
    await startTotpEnrolment(trx, staffId, secret, now());
    await recordAudit(trx, actor, "two_factor", `Two-factor setup started for ${staff.name}`, {
      before: { enabled: false },
      after: { enabled: false, pending: true },
    });
  });
  return setup;
}
