/**
 * Admin authentication: one account per person of the back office (email, scrypt password, role,
 * optional TOTP), server-side sessions behind an httpOnly SameSite=Strict cookie, and a limit on
 * failed logins. The first owner comes from ADMIN_EMAIL at start-up; an install from before staff
 * accounts keeps its shared password, which becomes that owner's.
 */
import { createHash, randomBytes } from "node:crypto";
import { ADMIN_PASSWORD_MAX } from "../../../domain/people/admin-schema";
import { STAFF_ROLES, type StaffRole } from "../../../domain/people/permissions";
import type { StaffLogin } from "../../../domain/people/staff-schema";
import { oneOf } from "../../../domain/shared/one-of";
import { type Db, isUniqueViolation, now } from "../../db/database";
import {
  deleteAdminSession,
  deleteSessionsOfStaff,
  deleteStaleAdminSessions,
  findAdminPasswordHash,
  findSessionWithAccount,
  insertAdminSession,
  type SessionAccountRow,
  touchAdminSession,
} from "../../db/repositories/people/admin-auth";
import { lockBackOfficeSettings } from "../../db/repositories/people/back-office-settings";
import {
  anyStaffWithPassword,
  findStaffByEmail,
  insertStaff,
  updateStaff,
} from "../../db/repositories/people/staff";
import type { DeviceCookie } from "../../device-cookies";
import { AppError } from "../../errors";
import {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_LOCK_MS,
  clearAccountFailures,
  type LimitScope,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
} from "../../login-attempts";
import type { ServiceDeps } from "../deps";
import { actorOf } from "./actor";
import {
  generatePassword,
  HashingBusyError,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "./admin-password";
import { recordAudit, SYSTEM_ACTOR } from "./audit";
import { createSecondFactorCheck } from "./two-factor";

export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const SESSION_LIFETIME_MS = 12 * 60 * 60_000;
export { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS };

/** last_seen_at is written at most this often, so page views do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;
/** How much of an email tried at a failed login the audit log keeps. */
const AUDIT_EMAIL_MAX = 200;

export type LoginResult =
  /** `device`: the device cookie that makes this browser known to the account from now on. */
  | { status: "ok"; token: string; device: DeviceCookie }
  | { status: "wrong" }
  /** Email and password were right; the account has two-factor on and no valid code came. */
  | { status: "code_required"; codeWasWrong: boolean }
  /**
   * Too many attempts from the address, or (`perAccount`) for the account (logins or codes), or
   * (`perBrowser`) from a browser the account knows.
   */
  | { status: "limited"; retryAfterSeconds: number; perAccount?: boolean; perBrowser?: boolean }
  /** Too many passwords being checked at once (a burst from many addresses): try again soon. */
  | { status: "busy"; retryAfterSeconds: number };

/** The signed-in person of a request (what `c.get("staff")` and `requireAdmin` give). */
export interface StaffSession {
  /** The session's public id (owners revoke by it): derived from, never equal to, its hash. */
  id: string;
  staffId: number;
  name: string;
  email: string;
  role: StaffRole;
  /** A temporary password: only POST /api/admin/password (and logout, session) until changed. */
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  /** Owners require two-factor and this account has none yet: only the two-factor setup. */
  twoFactorRequired: boolean;
  createdAt: string;
  expiresAt: string;
}

/** The historical name: pages and the API call it the admin session. */
export type AdminSession = StaffSession;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The public id of a session: a second hash of its token hash, so it opens nothing. */
export function sessionPublicId(tokenHash: string): string {
  return createHash("sha256").update(`session-id:${tokenHash}`).digest("hex").slice(0, 32);
}

function asRole(role: string): StaffRole | null {
  return oneOf(STAFF_ROLES, role) ? role : null;
}

function toSession(row: SessionAccountRow, role: StaffRole): StaffSession {
  const twoFactorEnabled = row.totp_enabled === 1;
  return {
    id: sessionPublicId(row.token_hash),
    staffId: row.staff_id ?? 0,
    name: row.name,
    email: row.email,
    role,
    mustChangePassword: row.must_change_password === 1,
    twoFactorEnabled,
    twoFactorRequired: Number(row.require_two_factor) === 1 && !twoFactorEnabled,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Sets the password of the account with `email` and ends its sessions. `owner`: create the
 * account as an owner when there is none, and make it an active owner (the first owner: start-up
 * and `npm run admin:password` without --email). Otherwise the account must exist.
 * `onlyWhenNobodyCanSignIn`: do nothing when some account already has a password, checked inside
 * the transaction (several processes starting at once on one database: the first one sets it).
 * True when the password was set.
 */
export async function setStaffPassword(
  db: Db,
  email: string,
  password: string | { hash: string },
  options: { owner: boolean; reason: string; onlyWhenNobodyCanSignIn?: boolean },
): Promise<boolean> {
  const hash = typeof password === "string" ? await hashPassword(password) : password.hash;
  const at = now();
  const address = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    if (options.owner) await lockBackOfficeSettings(trx);
    if (options.onlyWhenNobodyCanSignIn && (await anyStaffWithPassword(trx))) return false;
    const existing = await findStaffByEmail(trx, address);
    if (!existing && !options.owner) {
      throw new AppError("not_found", `No staff member uses ${address}.`);
    }
    let id: number;
    let name: string;
    if (existing) {
      id = existing.id;
      name = existing.name;
      await updateStaff(
        trx,
        id,
        options.owner
          ? { password_hash: hash, must_change_password: 0, role: "owner", active: 1 }
          : { password_hash: hash, must_change_password: 0 },
        at,
      );
      await deleteSessionsOfStaff(trx, id);
      // A password set anew (a script, ADMIN_PASSWORD at start-up) reopens the account to new
      // browsers, as a successful login would.
      await clearAccountFailures(trx, address);
    } else {
      name = "Owner";
      id = await insertStaff(trx, {
        name,
        email: address,
        role: "owner",
        at,
        passwordHash: hash,
        mustChangePassword: false,
      });
      await recordAudit(trx, SYSTEM_ACTOR, "staff", `Added ${name} (owner), the first owner`, {
        after: { id, name, role: "owner", active: true },
      });
    }
    await recordAudit(trx, SYSTEM_ACTOR, "password", `Password of ${name} set (${options.reason})`);
    return true;
  });
}

/**
 * Runs `set` once more when it lost a race to create the first owner: several processes starting
 * at once on one PostgreSQL database each find no owner and insert one; all but one meet the
 * unique email. The second run finds the account the winner made.
 */
async function retryOnceOnUniqueViolation(set: () => Promise<boolean>): Promise<boolean> {
  try {
    return await set();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return set();
  }
}

/** The email tried, as the audit log keeps it: only what looks like an email (a password typed
 * into the email field must not be kept). */
function auditedEmail(email: string): string {
  if (!email) return "(no email)";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= AUDIT_EMAIL_MAX
    ? email
    : "(not an email address)";
}

const LOCKOUT_SUMMARIES: Record<LimitScope, string> = {
  address: `Logins from one address refused for ${LOGIN_FAILURE_WINDOW_MS / 60_000} minutes: ${LOGIN_FAILURE_LIMIT} failed logins`,
  account: `Logins from browsers this account does not know refused for ${ACCOUNT_LOCK_MS / 60_000} minutes: ${ACCOUNT_FAILURE_LIMIT} failed logins in a row`,
  device: `Logins from one known browser refused for ${LOGIN_FAILURE_WINDOW_MS / 60_000} minutes: ${LOGIN_FAILURE_LIMIT} failed logins of its own`,
};

/** A lockout, audited once when it starts (the refusals that follow are not). */
export async function recordLoginLockout(
  db: Db,
  email: string,
  staffId: number | null,
  scope: LimitScope,
): Promise<void> {
  const actor = { label: auditedEmail(email), staffId };
  await recordAudit(db, actor, "login_locked", LOCKOUT_SUMMARIES[scope]);
}

export function createAdminAuth(deps: ServiceDeps) {
  const { db, config, logger } = deps;
  // Every attempt counts the moment it arrives, before the hash (login-attempts.ts): a burst of
  // concurrent guesses gets only what its counts allow hashed and the rest 429,
  // and a browser the account knows is judged by its own failures only.
  const attempts = deps.limits.logins;
  // Codes are also counted per account: a stolen password tried from many
  // addresses still gets 10 code guesses per 15 minutes.
  const checkSecondFactor = createSecondFactorCheck(db, deps.limits.twoFactorCodes);

  async function sessionFromToken(token: string | null): Promise<StaffSession | null> {
    if (!token) return null;
    const tokenHash = hashToken(token);
    const row = await findSessionWithAccount(db, tokenHash);
    if (!row) return null;
    const t = Date.now();
    const lastSeen = Date.parse(row.last_seen_at);
    const role = asRole(row.role);
    const usable = row.active === 1 && row.password_hash !== null && role !== null;
    if (!usable || Date.parse(row.expires_at) <= t || t - lastSeen >= SESSION_IDLE_MS) {
      await deleteAdminSession(db, tokenHash);
      return null;
    }
    if (t - lastSeen >= TOUCH_EVERY_MS) {
      await touchAdminSession(db, tokenHash, new Date(t).toISOString());
    }
    return toSession(row, role);
  }

  /** A failed login in the audit log: the email tried names it, the account only when known. */
  async function recordFailure(email: string, staffId: number | null, why: string) {
    logger.warn("admin login failed");
    await recordAudit(
      db,
      { label: auditedEmail(email), staffId },
      "login_failed",
      `Failed login: ${why}`,
    );
  }

  async function startSession(
    staff: { id: number; name: string },
    userAgent: string,
  ): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const t = Date.now();
    await deleteStaleAdminSessions(
      db,
      new Date(t).toISOString(),
      new Date(t - SESSION_IDLE_MS).toISOString(),
    );
    await db.transaction().execute(async (trx) => {
      await insertAdminSession(trx, {
        token_hash: hashToken(token),
        staff_id: staff.id,
        user_agent: userAgent.slice(0, 200) || null,
        created_at: new Date(t).toISOString(),
        last_seen_at: new Date(t).toISOString(),
        expires_at: new Date(t + SESSION_LIFETIME_MS).toISOString(),
      });
      await recordAudit(trx, { label: staff.name, staffId: staff.id }, "login", "Logged in");
    });
    return token;
  }

  return {
    /**
     * Start-up: the first owner (ADMIN_EMAIL). ADMIN_PASSWORD sets its password (re-hashed only
     * when it differs, so a restart does not log the owner out); when nobody can sign in, an
     * install from before staff accounts gives the owner its shared password's hash, and a fresh
     * install stores a generated password and prints it once.
     */
    async ensurePassword(): Promise<void> {
      const email = config.adminEmail;
      if (config.adminPassword) {
        const owner = await findStaffByEmail(db, email);
        const stored = owner?.password_hash ?? null;
        const same = stored !== null && (await verifyPassword(config.adminPassword, stored));
        const isActiveOwner = owner?.role === "owner" && owner.active === 1;
        if (!same || !isActiveOwner || needsRehash(stored ?? "")) {
          const adminPassword = config.adminPassword;
          await retryOnceOnUniqueViolation(() =>
            setStaffPassword(db, email, adminPassword, {
              owner: true,
              reason: "ADMIN_PASSWORD at start-up",
            }),
          );
          logger.info("first owner's password set from ADMIN_PASSWORD");
        }
        return;
      }
      if (await anyStaffWithPassword(db)) return;
      const legacy = await findAdminPasswordHash(db);
      if (legacy) {
        const moved = await retryOnceOnUniqueViolation(() =>
          setStaffPassword(
            db,
            email,
            { hash: legacy },
            {
              owner: true,
              reason: "the shared admin password of the earlier install",
              onlyWhenNobodyCanSignIn: true,
            },
          ),
        );
        if (moved) logger.info("the shared admin password now belongs to the first owner");
        return;
      }
      const password = generatePassword();
      const set = await retryOnceOnUniqueViolation(() =>
        setStaffPassword(db, email, password, {
          owner: true,
          reason: "first start",
          onlyWhenNobodyCanSignIn: true,
        }),
      );
      // Another process starting at the same moment set (and printed) the first password.
      if (!set) return;
      // Straight to standard output, never through the logger (log files are kept and shipped).
      process.stdout.write(
        [
          "",
          "================ ADMIN PASSWORD (shown once) ================",
          `  Email:    ${email}`,
          `  Password: ${password}`,
          `  Log in at ${config.publicUrl}/admin. Change it with: npm run admin:password`,
          "=============================================================",
          "",
        ].join("\n"),
      );
    },

    /** Sets the first owner's password (tests and scripts); its sessions end. */
    setPassword: (password: string) =>
      setStaffPassword(db, config.adminEmail, password, { owner: true, reason: "set by a script" }),

    /**
     * Email + password (+ the second factor when the account has it on). Every failure but a
     * missing or wrong code answers the same, whatever failed; every attempt counts at arrival,
     * on the browser's own count when `deviceTokens` holds the account's device cookie.
     */
    async login(
      input: StaffLogin,
      address: string,
      userAgent = "",
      deviceTokens: readonly string[] = [],
    ): Promise<LoginResult> {
      const staff = input.email ? await findStaffByEmail(db, input.email) : null;
      const device = staff ? await attempts.devices.knownDevice(deviceTokens, staff.id) : null;
      const attempt = { address, email: input.email, device };
      const refusal = await attempts.take(attempt);
      if (refusal) {
        if (refusal.lockoutStarted) {
          await recordLoginLockout(db, input.email, staff?.id ?? null, refusal.scope);
        }
        return {
          status: "limited",
          retryAfterSeconds: refusal.wait,
          ...(refusal.scope === "account" ? { perAccount: true } : {}),
          ...(refusal.scope === "device" ? { perBrowser: true } : {}),
        };
      }
      const candidate = input.password.length <= ADMIN_PASSWORD_MAX ? input.password : "";
      let passwordOk: boolean;
      try {
        // No account or no password still costs one scrypt (verifyPassword's dummy hash).
        passwordOk =
          (await verifyPassword(
            candidate,
            staff?.password_hash ?? null,
            device ? "known" : "open",
          )) && candidate !== "";
      } catch (error) {
        if (!(error instanceof HashingBusyError)) throw error;
        // Never checked, so no failure on any count.
        await attempts.notAFailure(attempt);
        logger.warn("admin login refused: password checks busy");
        return { status: "busy", retryAfterSeconds: error.retryAfterSeconds };
      }
      if (!staff || !passwordOk || staff.active !== 1 || asRole(staff.role) === null) {
        const why = !staff
          ? "unknown email"
          : !passwordOk
            ? "wrong password"
            : staff.active !== 1
              ? "account disabled"
              : "unknown role";
        await recordFailure(input.email, staff?.id ?? null, why);
        return { status: "wrong" };
      }
      if (staff.totp_enabled === 1) {
        if (!input.code) {
          await attempts.notAFailure(attempt);
          return { status: "code_required", codeWasWrong: false };
        }
        const second = await checkSecondFactor(staff.id, input.code);
        if (second !== null && typeof second === "object") {
          await recordFailure(input.email, staff.id, "too many two-factor codes");
          return { status: "limited", retryAfterSeconds: second.limited, perAccount: true };
        }
        if (second === null) {
          await recordFailure(input.email, staff.id, "wrong or reused two-factor code");
          return { status: "code_required", codeWasWrong: true };
        }
        if (second === "recovery") {
          await recordAudit(
            db,
            actorOf({ staffId: staff.id, name: staff.name }),
            "two_factor",
            "Recovery code used to log in",
          );
        }
      }
      await attempts.succeeded(attempt);
      const token = await startSession(staff, userAgent);
      const deviceCookie = await attempts.devices.issue(staff.id);
      logger.info("admin logged in", { staffId: staff.id });
      return { status: "ok", token, device: deviceCookie };
    },

    async logout(token: string | null): Promise<void> {
      if (!token) return;
      const session = await sessionFromToken(token);
      await db.transaction().execute(async (trx) => {
        await deleteAdminSession(trx, hashToken(token));
        if (session) await recordAudit(trx, actorOf(session), "logout", "Logged out");
      });
    },

    sessionFromToken,
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;
