import QRCode from "qrcode";
import { WRONG_CODE_MESSAGE } from "../../../../domain/people/staff-schema";
import { type Db, now } from "../../../db/database";
import { findBackOfficeSettings } from "../../../db/repositories/people/back-office-settings";
import { findStaffById } from "../../../db/repositories/people/staff";
import {
  claimTotpStep,
  consumeRecoveryCode,
  findTwoFactorState,
  replaceRecoveryCodes,
} from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { RateLimiter } from "../../../rate-limits";
import type { ServiceDeps } from "../../deps";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  totpUri,
} from "../two-factor-codes";

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

export interface TwoFactorStatus {
  enabled: boolean;
  /** Enrolment started (a secret is stored) and not confirmed yet. */
  pending: boolean;
  recoveryCodesLeft: number;
  /** The owner requires two-factor for everyone. */
  required: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code, an SVG document rendered here (no third-party request). */
  qrSvg: string;
}

export const wrongCode = () =>
  new AppError("unprocessable", WRONG_CODE_MESSAGE, { fields: { code: WRONG_CODE_MESSAGE } });

/** The per-account counter of code checks, in the table every process shares. */
export function createCodeAttempts(limiter: RateLimiter) {
  const key = (staffId: number) => `account-${staffId}`;
  return {
    take: (staffId: number) => limiter.take(key(staffId)),
    consume: (staffId: number) => limiter.consume(key(staffId)),
    reset: (staffId: number) => limiter.reset(key(staffId)),
  };
}

/**
 * The login's check of the second factor: counted against the account like every other code
 * check, so a stolen password tried from many addresses still gets 10 guesses per 15 minutes.
 * `{ limited: seconds }` past the limit (the code is not looked at), else verifySecondFactor's
 * answer.
 */
export function createSecondFactorCheck(db: Db, limiter: RateLimiter) {
  const attempts = createCodeAttempts(limiter);
  return async (
    staffId: number,
    code: string,
    timestamp: number = Date.now(),
  ): Promise<SecondFactorResult | { limited: number }> => {
    const wait = await attempts.take(staffId);
    if (wait > 0) return { limited: wait };
    const result = await verifySecondFactor(db, staffId, code, timestamp);
    if (result) await attempts.reset(staffId);
    return result;
  };
}

export async function person(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  staffId: number,
) {
  const { db } = deps;

  const staff = await findStaffById(db, staffId);
  if (!staff) throw new AppError("not_found", "Staff member not found.");
  return staff;
}

/** A change that needs two-factor on and a code: counted against the code limit. */
export function withTwoFactorOn<T>(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  staffId: number,
  change: (staff: Awaited<ReturnType<typeof person>>) => Promise<T>,
): Promise<T> {
  return counted(deps, staffId, async () => {
    const staff = await person(deps, staffId);
    if (staff.totp_enabled !== 1) throw new AppError("conflict", "Two-factor is not on.");
    return change(staff);
  });
}

/** What an authenticator app needs: the secret, its otpauth URI and that URI as a QR SVG. */
export async function setupOf(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  secret: string,
  email: string,
): Promise<TwoFactorSetup> {
  const { config } = deps;

  const otpauthUri = totpUri(secret, email, config.business.name);
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
  return { secret, otpauthUri, qrSvg };
}

export async function required(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
): Promise<boolean> {
  const { db } = deps;

  return (await findBackOfficeSettings(db)).requireTwoFactor;
}

/** Ten new recovery codes replace the old ones; the codes themselves are only returned. */
export async function issueRecoveryCodes(trx: Db, staffId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(trx, staffId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * Runs `check` (which throws on a wrong code or password) as one counted attempt of the
 * account: refused with 429 past the limit before anything is looked at; forgotten on success.
 */
export async function counted<T>(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  staffId: number,
  check: () => Promise<T>,
): Promise<T> {
  const attempts = createCodeAttempts(deps.limits.twoFactorCodes);

  await attempts.consume(staffId);
  const result = await check();
  await attempts.reset(staffId);
  return result;
}
