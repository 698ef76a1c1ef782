import type { TwoFactorDisable } from "../../../../domain/people/two-factor-schema";
import { now } from "../../../db/database";
import { clearTwoFactor } from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../actor";
import { HashingBusyError, verifyPassword } from "../admin-password";
import { recordAudit } from "../audit";
import {
  required,
  type TwoFactorStatus,
  verifySecondFactor,
  withTwoFactorOn,
  wrongCode,
} from "./shared";

/** Turns two-factor off with the password and a code; 409 while it is required. */
export async function disableTwoFactor(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  actor: Actor,
  staffId: number,
  input: TwoFactorDisable,
  timestamp: number = Date.now(),
): Promise<TwoFactorStatus> {
  const { db, logger } = deps;

  if (await required(deps)) {
    throw new AppError(
      "conflict",
      "The owner requires two-factor for everyone: it can't be turned off.",
    );
  }
  await withTwoFactorOn(deps, staffId, async (staff) => {
    let passwordOk: boolean;
    try {
      passwordOk = await verifyPassword(input.password, staff.password_hash);
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      throw new AppError("unavailable", "Too many logins at once. Try again in a few seconds.", {
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      });
    }
    if (!passwordOk) {
      throw new AppError("unprocessable", "Incorrect password.", {
        fields: { password: "Incorrect password." },
      });
    }
    await db.transaction().execute(async (trx) => {
      if (!(await verifySecondFactor(trx, staffId, input.code, timestamp))) throw wrongCode();
      await clearTwoFactor(trx, staffId, now());
      await recordAudit(trx, actor, "two_factor", `Two-factor turned off for ${staff.name}`, {
        before: { enabled: true },
        after: { enabled: false },
      });
    });
    logger.info("two-factor disabled", { staffId });
  });
  return { enabled: false, pending: false, recoveryCodesLeft: 0, required: false };
}
