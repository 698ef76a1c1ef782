/**
 * The second factor at login: a TOTP code (±1 step, never the same step twice) or one of the
 * person's one-time recovery codes. Enrolment, confirmation, reset and the owners' "required for
 * everyone" setting build on the same columns (migration 0008).
 */
import { type Db, now } from "../db/database";
import {
  claimTotpStep,
  consumeRecoveryCode,
  findTwoFactorState,
} from "../db/repositories/two-factor";
import { hashRecoveryCode, looksLikeRecoveryCode, matchTotpStep } from "./two-factor-codes";

export type SecondFactorResult = "totp" | "recovery" | null;

/**
 * Checks `code` for the staff member whose two-factor is enabled; null when it is wrong, already
 * used, or two-factor is not enabled. `timestamp` is ms since the epoch (tests fix the clock).
 */
export async function verifySecondFactor(
  db: Db,
  staffId: number,
  code: string,
  timestamp: number = Date.now(),
): Promise<SecondFactorResult> {
  const state = await findTwoFactorState(db, staffId);
  if (!state?.enabled || !state.secret) return null;
  const trimmed = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotpStep(state.secret, trimmed, timestamp);
    if (step === null) return null;
    if (state.lastStep !== null && step <= state.lastStep) return null;
    return (await claimTotpStep(db, staffId, step)) ? "totp" : null;
  }
  if (looksLikeRecoveryCode(trimmed)) {
    return (await consumeRecoveryCode(db, staffId, hashRecoveryCode(trimmed), now()))
      ? "recovery"
      : null;
  }
  return null;
}
