/**
 * Two-factor sign-in (TOTP, RFC 6238) for staff: the second factor at login (a code of ±1 step,
 * never the same step twice, or a one-time recovery code), enrolment with a QR code rendered
 * here as SVG, confirmation with a first code, recovery codes shown once and stored as SHA-256,
 * turning it off, the owners' "required for everyone" setting and their reset of one person.
 * Every change appends an audit entry in the transaction of the change. Wrong codes are limited
 * per account in the database every process shares.
 */
import QRCode from "qrcode";
import { WRONG_CODE_MESSAGE } from "../../../domain/people/staff-schema";
import type {
  BackOfficeSettingsInput,
  TwoFactorDisable,
} from "../../../domain/people/two-factor-schema";
import { type Db, now } from "../../db/database";
import {
  deleteSessionsOfStaff,
  listSessionHashesOfStaff,
} from "../../db/repositories/people/admin-auth";
import {
  findBackOfficeSettings,
  saveBackOfficeSettings,
} from "../../db/repositories/people/back-office-settings";
import { findStaffById } from "../../db/repositories/people/staff";
import {
  claimTotpStep,
  clearTwoFactor,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  enableTotp,
  findTwoFactorState,
  listStaffTwoFactor,
  replaceRecoveryCodes,
  type StaffTwoFactorRow,
  startTotpEnrolment,
} from "../../db/repositories/people/two-factor";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../rate-limits";
import type { ServiceDeps } from "../deps";
import type { Actor } from "./actor";
import { HashingBusyError, verifyPassword } from "./admin-password";
import { recordAudit } from "./audit";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
} from "./two-factor-codes";

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

/** Wrong codes (and wrong passwords when turning it off) per account per window. */
export { TWO_FACTOR_ATTEMPT_LIMIT, TWO_FACTOR_ATTEMPT_WINDOW_MS } from "../../rate-limits";

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

const wrongCode = () =>
  new AppError("unprocessable", WRONG_CODE_MESSAGE, { fields: { code: WRONG_CODE_MESSAGE } });

/** The per-account counter of code checks, in the table every process shares. */
function createCodeAttempts(limiter: RateLimiter) {
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

export function createTwoFactorService(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
) {
  const { db, config, logger } = deps;
  const attempts = createCodeAttempts(deps.limits.twoFactorCodes);
  const verifyAtLogin = createSecondFactorCheck(db, deps.limits.twoFactorCodes);

  async function person(staffId: number) {
    const staff = await findStaffById(db, staffId);
    if (!staff) throw new AppError("not_found", "Staff member not found.");
    return staff;
  }

  /** A change that needs two-factor on and a code: counted against the code limit. */
  function withTwoFactorOn<T>(
    staffId: number,
    change: (staff: Awaited<ReturnType<typeof person>>) => Promise<T>,
  ): Promise<T> {
    return counted(staffId, async () => {
      const staff = await person(staffId);
      if (staff.totp_enabled !== 1) throw new AppError("conflict", "Two-factor is not on.");
      return change(staff);
    });
  }

  /** What an authenticator app needs: the secret, its otpauth URI and that URI as a QR SVG. */
  async function setupOf(secret: string, email: string): Promise<TwoFactorSetup> {
    const otpauthUri = totpUri(secret, email, config.business.name);
    const qrSvg = await QRCode.toString(otpauthUri, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 2,
    });
    return { secret, otpauthUri, qrSvg };
  }

  async function required(): Promise<boolean> {
    return (await findBackOfficeSettings(db)).requireTwoFactor;
  }

  /** Ten new recovery codes replace the old ones; the codes themselves are only returned. */
  async function issueRecoveryCodes(trx: Db, staffId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, staffId, codes.map(hashRecoveryCode));
    return codes;
  }

  /**
   * Runs `check` (which throws on a wrong code or password) as one counted attempt of the
   * account: refused with 429 past the limit before anything is looked at; forgotten on success.
   */
  async function counted<T>(staffId: number, check: () => Promise<T>): Promise<T> {
    await attempts.consume(staffId);
    const result = await check();
    await attempts.reset(staffId);
    return result;
  }

  return {
    required,

    async status(staffId: number): Promise<TwoFactorStatus> {
      const state = await findTwoFactorState(db, staffId);
      if (!state) throw new AppError("not_found", "Staff member not found.");
      return {
        enabled: state.enabled,
        pending: !state.enabled && state.secret !== null,
        recoveryCodesLeft: state.enabled ? await countUnusedRecoveryCodes(db, staffId) : 0,
        required: await required(),
      };
    },

    /** The enrolment under way (the page shows its QR code again on reload); null when none. */
    async pendingSetup(staffId: number): Promise<TwoFactorSetup | null> {
      const staff = await person(staffId);
      if (staff.totp_enabled === 1 || !staff.totp_secret) return null;
      return setupOf(staff.totp_secret, staff.email);
    },

    /** Starts (or restarts) enrolment with a new secret; refused while two-factor is on. */
    async startSetup(actor: Actor, staffId: number): Promise<TwoFactorSetup> {
      const staff = await person(staffId);
      if (staff.totp_enabled === 1) {
        throw new AppError(
          "conflict",
          "Two-factor is already on. Turn it off first to set up another authenticator.",
        );
      }
      const secret = newTotpSecret();
      const setup = await setupOf(secret, staff.email);
      await db.transaction().execute(async (trx) => {
        await startTotpEnrolment(trx, staffId, secret, now());
        await recordAudit(trx, actor, "two_factor", `Two-factor setup started for ${staff.name}`, {
          before: { enabled: false },
          after: { enabled: false, pending: true },
        });
      });
      return setup;
    },

    /** The first code turns two-factor on; answers the ten recovery codes, shown once. */
    async confirm(
      actor: Actor,
      staffId: number,
      code: string,
      timestamp: number = Date.now(),
    ): Promise<{ recoveryCodes: string[] }> {
      return counted(staffId, async () => {
        const staff = await person(staffId);
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
    },

    /** A new set of ten recovery codes (the old ones stop working); needs a valid code. */
    async regenerateRecoveryCodes(
      actor: Actor,
      staffId: number,
      code: string,
      timestamp: number = Date.now(),
    ): Promise<{ recoveryCodes: string[] }> {
      return withTwoFactorOn(staffId, async (staff) => {
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
    },

    /** Turns two-factor off with the password and a code; 409 while it is required. */
    async disable(
      actor: Actor,
      staffId: number,
      input: TwoFactorDisable,
      timestamp: number = Date.now(),
    ): Promise<TwoFactorStatus> {
      if (await required()) {
        throw new AppError(
          "conflict",
          "The owner requires two-factor for everyone: it can't be turned off.",
        );
      }
      await withTwoFactorOn(staffId, async (staff) => {
        let passwordOk: boolean;
        try {
          passwordOk = await verifyPassword(input.password, staff.password_hash);
        } catch (error) {
          if (!(error instanceof HashingBusyError)) throw error;
          throw new AppError(
            "unavailable",
            "Too many logins at once. Try again in a few seconds.",
            {
              headers: { "Retry-After": String(error.retryAfterSeconds) },
            },
          );
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
    },

    /** The login's check (createSecondFactorCheck), for tests and other callers. */
    verifyAtLogin,

    settings: () => findBackOfficeSettings(db),

    /**
     * Requiring two-factor for everyone is refused (409) to an owner without it: the gate would
     * at once shut them out of everything but the setup, this switch included.
     */
    async updateSettings(actor: Actor, input: BackOfficeSettingsInput) {
      if (input.requireTwoFactor && actor.staffId !== null) {
        const own = await findTwoFactorState(db, actor.staffId);
        if (!own?.enabled) {
          throw new AppError(
            "conflict",
            "Set up your own two-factor first (Two-factor page), then require it for everyone.",
          );
        }
      }
      return db.transaction().execute(async (trx) => {
        const before = await findBackOfficeSettings(trx);
        await saveBackOfficeSettings(trx, input);
        await recordAudit(
          trx,
          actor,
          "settings",
          input.requireTwoFactor
            ? "Two-factor required for everyone"
            : "Two-factor no longer required for everyone",
          { before, after: input },
        );
        return input;
      });
    },

    /** Every staff member's two-factor state, for the owners' security page. */
    listStaff: (): Promise<StaffTwoFactorRow[]> => listStaffTwoFactor(db),

    /**
     * An owner's reset of one person's two-factor (a lost phone): secret, recovery codes and the
     * enabled flag go, and every session of theirs ends; they enrol again at their next login
     * when it is required.
     */
    async reset(actor: Actor, staffId: number): Promise<{ name: string; sessionsEnded: number }> {
      // One's own two-factor goes off only with the password and a code (disable): a session
      // left open must not be enough to remove it.
      if (actor.staffId === staffId) {
        throw new AppError(
          "conflict",
          "To turn off your own two-factor, use the Two-factor page (it needs your password and a code).",
        );
      }
      const staff = await person(staffId);
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
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
