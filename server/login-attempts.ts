/**
 * Failed logins. Every
 * attempt counts the moment it arrives, before the password is hashed, on exactly one of two
 * paths:
 * - a browser with the account's device cookie: on that browser's own count only (10 per 15
 *   minutes), never on the address's or the account's, so nobody else's failures refuse it;
 * - any other browser: on the address (10 per 15 minutes, whatever the account), then, when the
 *   address lets it through, on the account's run of failures in a row from such browsers (100,
 *   then 429 for 15 minutes).
 * What turns out to be no failure (the right password, or a 503 because the hashes were busy)
 * gives its points back; a success also clears the account's run and the browser's count. A
 * wrong current password at POST /api/admin/password counts the same way. The counts live in
 * the database every store process shares.
 */
import type { Db } from "./db/database";
import {
  countFailureRun,
  deleteRateLimit,
  giveBackRateLimitPoint,
} from "./db/repositories/platform/rate-limits";
import { createDeviceCookies } from "./device-cookies";
import { limitKey } from "./middleware/proxy";
import { createDatabaseRateLimitStore } from "./middleware/rate-limit-store";

/** Failed logins per address, and per known browser, within LOGIN_FAILURE_WINDOW_MS. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures in a row on one account from browsers it does not know (NIST SP 800-63B's cap). */
export const ACCOUNT_FAILURE_LIMIT = 100;
export const ACCOUNT_LOCK_MS = 15 * 60_000;
/** A run of failures with none for this long is forgotten. */
const ACCOUNT_RUN_MEMORY_MS = 24 * 60 * 60_000;

const ADDRESS_STORE = "login";
const ACCOUNT_STORE = "login-account";
const DEVICE_STORE = "login-device";

/** The account an attempt names: its email trimmed and lower-cased (every spelling is one). */
export function accountKey(email: string): string | null {
  const key = email.trim().toLowerCase().slice(0, 254);
  return key ? key : null;
}

export interface LoginAttempt {
  address: string;
  email: string;
  /** The nonce of the account's device cookie this browser holds; null for any other browser. */
  device: string | null;
}

/** Which count refused an attempt. */
export type LimitScope = "address" | "account" | "device";

/** An attempt refused before its password is checked. */
export interface LoginRefusal {
  /** Seconds to wait. */
  wait: number;
  scope: LimitScope;
  /** This attempt is the first one refused: the lockout starts now (audited once). */
  lockoutStarted: boolean;
}

export function createLoginAttempts(db: Db) {
  const address = createDatabaseRateLimitStore(db, ADDRESS_STORE);
  const device = createDatabaseRateLimitStore(db, DEVICE_STORE);
  const account = createDatabaseRateLimitStore(
    db,
    ACCOUNT_STORE,
    Date.now,
    (handle, key, points, _windowMs, nowMs) =>
      countFailureRun(handle, key, points, {
        limit: ACCOUNT_FAILURE_LIMIT,
        lockMs: ACCOUNT_LOCK_MS,
        memoryMs: ACCOUNT_RUN_MEMORY_MS,
        nowMs,
      }),
  );

  async function over(
    store: typeof address,
    key: string,
    windowMs: number,
    limit: number,
    scope: LimitScope,
  ): Promise<LoginRefusal | null> {
    const { count, resetAt } = await store.increment(key, windowMs);
    if (count <= limit) return null;
    const wait = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    return { wait, scope, lockoutStarted: count === limit + 1 };
  }

  const keys = (attempt: LoginAttempt) => ({
    address: limitKey(attempt.address),
    account: accountKey(attempt.email),
  });

  return {
    /** The signed device cookies these counts tell browsers apart by. */
    devices: createDeviceCookies(db),

    /** Counts one attempt as it arrives, on the counts its browser is judged by; null: go on. */
    async take(attempt: LoginAttempt): Promise<LoginRefusal | null> {
      const window = LOGIN_FAILURE_WINDOW_MS;
      if (attempt.device !== null) {
        return over(device, attempt.device, window, LOGIN_FAILURE_LIMIT, "device");
      }
      const k = keys(attempt);
      const byAddress = await over(address, k.address, window, LOGIN_FAILURE_LIMIT, "address");
      if (byAddress || k.account === null) return byAddress;
      return over(account, k.account, window, ACCOUNT_FAILURE_LIMIT, "account");
    },

    /**
     * The attempt turned out to be no failure (the right password with the second factor still
     * to come, or a check refused because the hashes were busy): its points go back.
     */
    async notAFailure(attempt: LoginAttempt): Promise<void> {
      if (attempt.device !== null) {
        await giveBackRateLimitPoint(db, `${DEVICE_STORE}:${attempt.device}`);
        return;
      }
      const k = keys(attempt);
      await giveBackRateLimitPoint(db, `${ADDRESS_STORE}:${k.address}`);
      if (k.account !== null) await giveBackRateLimitPoint(db, `${ACCOUNT_STORE}:${k.account}`);
    },

    /**
     * The login succeeded: its own point goes back to the address (the failures counted there
     * stay), and the account's run and this browser's count are cleared.
     */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      const k = keys(attempt);
      if (attempt.device !== null) await deleteRateLimit(db, `${DEVICE_STORE}:${attempt.device}`);
      else await giveBackRateLimitPoint(db, `${ADDRESS_STORE}:${k.address}`);
      if (k.account !== null) await clearAccountFailures(db, k.account);
    },
  };
}

/** Forgets the account's run of failures (a success, or its password set anew). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  const key = accountKey(email);
  if (key !== null) await deleteRateLimit(db, `${ACCOUNT_STORE}:${key}`);
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
