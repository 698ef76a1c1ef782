import { now } from "../../../db/database";
import { claimTotpStep, enableTotp } from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../actor";
import { recordAudit } from "../audit";
import { matchTotpStep } from "../two-factor-codes";
import { counted, issueRecoveryCodes, person, wrongCode } from "./shared";

/** The first code turns two-factor on; answers the ten recovery codes, shown once. */
export async function confirmSetup(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  actor: Actor,
  staffId: number,
  code: string,
  timestamp: number = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  const { db, logger } = deps;

  return counted(deps, staffId, async () => {
    const staff = await person(deps, staffId);
    const secret = staff.totp_secret;
    if (staff.totp_enabled === 1) throw new AppError("conflict", "Two-factor is already on.");
    if (!secret) {
      throw new AppError("conflict", "Start the two-factor setup first.");
    }
    const step = matchTotpStep(secret, code, timestamp);
    if (step === null) throw wrongCode();
    return db.transaction().execute(async (trx) => {
      if (!(await claimTotpStep(trx, staffId, step))) throw wrongCode();
      if (!(await enableTotp(trx, staffId, secret, now()))) {
        throw new AppError("conflict", "This setup was restarted. Scan the new QR code.");
      }
      const recoveryCodes = await issueRecoveryCodes(trx, staffId);
      await recordAudit(trx, actor, "two_factor", `Two-factor turned on for ${staff.name}`, {
        before: { enabled: false },
        after: { enabled: true, recoveryCodes: recoveryCodes.length },
      });
      logger.info("two-factor enabled", { staffId });
      return { recoveryCodes };
    });
  });
}
