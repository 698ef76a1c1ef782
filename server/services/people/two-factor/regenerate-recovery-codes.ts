import { countUnusedRecoveryCodes } from "../../../db/repositories/people/two-factor";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../actor";
import { recordAudit } from "../audit";
import { issueRecoveryCodes, verifySecondFactor, withTwoFactorOn, wrongCode } from "./shared";

/** A new set of ten recovery codes (the old ones stop working); needs a valid code. */
export async function regenerateRecoveryCodes(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  actor: Actor,
  staffId: number,
  code: string,
  timestamp: number = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  const { db } = deps;

  return withTwoFactorOn(deps, staffId, async (staff) => {
    return db.transaction().execute(async (trx) => {
      const left = await countUnusedRecoveryCodes(trx, staffId);
      if (!(await verifySecondFactor(trx, staffId, code, timestamp))) throw wrongCode();
      const recoveryCodes = await issueRecoveryCodes(trx, staffId);
      await recordAudit(trx, actor, "two_factor", `New recovery codes for ${staff.name}`, {
        before: { recoveryCodesLeft: left },
        after: { recoveryCodesLeft: recoveryCodes.length },
      });
      return { recoveryCodes };
    });
  });
}
