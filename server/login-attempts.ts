/**
 * Failed logins, counted per address and per account (DECISIONS.md Safety details, decision
 * 191). Every attempt counts the moment it arrives, before the password is hashed, on both
 * counts (a burst gets at most LOGIN_FAILURE_LIMIT hashed); a successful login gives its own
 * attempt back to the address and clears the account's count, and never the address's: one
 * person's own login no longer wipes the guesses made from the same address at someone else's
 * account. A wrong current password at POST /api/admin/password counts the same way. The counts
 * live in the database every store process shares (decision 170).
 */
import type { Db } from "./db/database";
import { giveBackRateLimitPoint } from "./db/repositories/platform/rate-limits";
import { limitKey } from "./middleware/proxy";
import { createRateLimiter } from "./middleware/rate-limit";
import { createDatabaseRateLimitStore } from "./middleware/rate-limit-store";

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

const ADDRESS_STORE = "login";
const ACCOUNT_STORE = "login-account";

/** The account an attempt names: its email as typed, trimmed and lower-cased. */
function accountKey(email: string): string | null {
  const key = email.trim().toLowerCase().slice(0, 254);
  return key ? key : null;
}

export interface AttemptVerdict {
  /** 0 when the attempt may go on, else the seconds to wait. */
  wait: number;
  /** The account's count (not the address's) is the one exhausted. */
  perAccount: boolean;
}

export function createLoginAttempts(db: Db) {
  const window = { limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS };
  const byAddress = createRateLimiter({
    ...window,
    store: createDatabaseRateLimitStore(db, ADDRESS_STORE),
    message: "Too many failed logins from this address. Wait and try again later.",
  });
  const accountStore = createDatabaseRateLimitStore(db, ACCOUNT_STORE);
  const byAccount = createRateLimiter({
    ...window,
    store: accountStore,
    message: "Too many failed logins for this account. Wait and try again later.",
  });

  return {
    /** Counts one attempt on the address and on the account it names, as it arrives. */
    async take(address: string, email: string): Promise<AttemptVerdict> {
      const account = accountKey(email);
      const [addressWait, accountWait] = await Promise.all([
        byAddress.take(address),
        account ? byAccount.take(account) : Promise.resolve(0),
      ]);
      if (addressWait > 0) return { wait: addressWait, perAccount: false };
      return { wait: accountWait, perAccount: accountWait > 0 };
    },

    /**
     * The right password, the second factor still to come: the attempt's own point goes back
     * to the address (it was no guess); the account's count stays until the login succeeds.
     */
    async passwordProved(address: string): Promise<void> {
      await giveBackRateLimitPoint(db, `${ADDRESS_STORE}:${limitKey(address)}`);
    },

    /**
     * The login succeeded: its own point goes back to the address (the failures counted there
     * stay) and the account's count is cleared.
     */
    async succeeded(address: string, email: string): Promise<void> {
      await giveBackRateLimitPoint(db, `${ADDRESS_STORE}:${limitKey(address)}`);
      const account = accountKey(email);
      if (account) await accountStore.delete(account);
    },
  };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
