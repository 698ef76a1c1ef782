/**
 * Admin authentication: the one shared password (scrypt hash in the database), server-side
 * sessions behind an httpOnly SameSite=Strict cookie, and a limit on failed logins.
 */
import { createHash, randomBytes } from "node:crypto";
import { ADMIN_PASSWORD_MAX } from "../../domain/admin-schema";
import type { ServiceDeps } from "../context";
import { type Db, now } from "../db/database";
import {
  deleteAdminSession,
  deleteAllAdminSessions,
  deleteStaleAdminSessions,
  findAdminPasswordHash,
  findAdminSession,
  insertAdminSession,
  saveAdminPasswordHash,
  touchAdminSession,
} from "../db/repositories/admin-auth";
import { createRateLimiter } from "../middleware/rate-limit";
import { createDatabaseRateLimitStore } from "../middleware/rate-limit-store";
import { isSecureRequest } from "../middleware/security";
import {
  generatePassword,
  HashingBusyError,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "./admin-password";

export const ADMIN_COOKIE = "admin_session";
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const SESSION_LIFETIME_MS = 12 * 60 * 60_000;
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** last_seen_at is written at most this often, so page views do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export type LoginResult =
  | { status: "ok"; token: string }
  | { status: "wrong" }
  | { status: "limited"; retryAfterSeconds: number }
  /** Too many passwords being checked at once (a burst from many addresses): try again soon. */
  | { status: "busy"; retryAfterSeconds: number };

export interface AdminSession {
  createdAt: string;
  expiresAt: string;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Stores a new password hash and ends every session made with the old password. */
export async function setAdminPassword(db: Db, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await saveAdminPasswordHash(trx, hash, now());
    await deleteAllAdminSessions(trx);
  });
}

export function createAdminAuth(deps: ServiceDeps) {
  const { db, config, logger } = deps;
  // Every attempt counts the moment it arrives, before the hash: a burst of concurrent guesses
  // gets LOGIN_FAILURE_LIMIT hashed and the rest 429 (decision 115). A success forgets them.
  // The counts live in the database every store process shares (decision 170).
  const attempts = createRateLimiter({
    store: createDatabaseRateLimitStore(db, "login"),
    limit: LOGIN_FAILURE_LIMIT,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
    message: "Too many failed logins from this address. Wait and try again later.",
  });

  function cookie(request: Request, value: string, maxAgeSeconds: number): string {
    const secure = isSecureRequest(request, config.trustProxy) ? "; Secure" : "";
    return `${ADMIN_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
  }

  const setPassword = (password: string) => setAdminPassword(db, password);

  async function sessionFromToken(token: string | null): Promise<AdminSession | null> {
    if (!token) return null;
    const tokenHash = hashToken(token);
    const row = await findAdminSession(db, tokenHash);
    if (!row) return null;
    const t = Date.now();
    const lastSeen = Date.parse(row.last_seen_at);
    if (Date.parse(row.expires_at) <= t || t - lastSeen >= SESSION_IDLE_MS) {
      await deleteAdminSession(db, tokenHash);
      return null;
    }
    if (t - lastSeen >= TOUCH_EVERY_MS) {
      await touchAdminSession(db, tokenHash, new Date(t).toISOString());
    }
    return { createdAt: row.created_at, expiresAt: row.expires_at };
  }

  return {
    /**
     * Start-up: ADMIN_PASSWORD sets the password (re-hashed when it differs from the stored
     * one); with none stored and none given, a generated password is stored and printed once.
     */
    async ensurePassword(): Promise<void> {
      const stored = await findAdminPasswordHash(db);
      if (config.adminPassword) {
        const same = stored !== null && (await verifyPassword(config.adminPassword, stored));
        if (!same || (stored !== null && needsRehash(stored))) {
          await setPassword(config.adminPassword);
          logger.info("admin password set from ADMIN_PASSWORD");
        }
        return;
      }
      if (stored) return;
      const password = generatePassword();
      await setPassword(password);
      // Straight to standard output, never through the logger (log files are kept and shipped).
      process.stdout.write(
        [
          "",
          "================ ADMIN PASSWORD (shown once) ================",
          `  ${password}`,
          `  Log in at ${config.publicUrl}/admin. Change it with: npm run admin:password`,
          "=============================================================",
          "",
        ].join("\n"),
      );
    },

    setPassword,

    async login(password: string, address: string): Promise<LoginResult> {
      const wait = await attempts.take(address);
      if (wait > 0) return { status: "limited", retryAfterSeconds: wait };
      const candidate = password.length <= ADMIN_PASSWORD_MAX ? password : "";
      let ok: boolean;
      try {
        ok = (await verifyPassword(candidate, await findAdminPasswordHash(db))) && candidate !== "";
      } catch (error) {
        if (!(error instanceof HashingBusyError)) throw error;
        logger.warn("admin login refused: password checks busy");
        return { status: "busy", retryAfterSeconds: error.retryAfterSeconds };
      }
      if (!ok) {
        logger.warn("admin login failed");
        return { status: "wrong" };
      }
      await attempts.reset(address);
      const token = randomBytes(32).toString("base64url");
      const t = Date.now();
      await deleteStaleAdminSessions(
        db,
        new Date(t).toISOString(),
        new Date(t - SESSION_IDLE_MS).toISOString(),
      );
      await insertAdminSession(db, {
        token_hash: hashToken(token),
        created_at: new Date(t).toISOString(),
        last_seen_at: new Date(t).toISOString(),
        expires_at: new Date(t + SESSION_LIFETIME_MS).toISOString(),
      });
      logger.info("admin logged in");
      return { status: "ok", token };
    },

    async logout(token: string | null): Promise<void> {
      if (token) await deleteAdminSession(db, hashToken(token));
    },

    sessionFromToken,

    tokenFromRequest(request: Request): string | null {
      return readCookie(request.headers.get("cookie"), ADMIN_COOKIE);
    },

    /** The valid session of this request, or null (pages show the login form). */
    async sessionFromRequest(request: Request): Promise<AdminSession | null> {
      return sessionFromToken(readCookie(request.headers.get("cookie"), ADMIN_COOKIE));
    },

    sessionCookie(request: Request, token: string): string {
      return cookie(request, token, SESSION_LIFETIME_MS / 1000);
    },

    clearedSessionCookie(request: Request): string {
      return cookie(request, "", 0);
    },
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;
