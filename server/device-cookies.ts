/**
 * Device cookies (OWASP's defence against lockout abuse; decision 460): a successful login
 * leaves the browser a token bound to the account, signed with a key the database keeps, so the
 * store can tell a browser that signed in to this account before from every other one without
 * a row per browser. The token proves nothing about the person: it only changes which count of
 * failed logins the attempt is judged by (login-attempts.ts).
 *
 * Token: `<staffId>.<issued, s since the epoch>.<nonce, 16 random bytes>.<HMAC-SHA256>`, all but
 * the numbers base64url. One cookie per account (`admin_device_<staffId>`), so a browser shared
 * by two people keeps both.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "./db/database";
import { claimMetaValue } from "./db/repositories/platform/store-meta";

export const DEVICE_COOKIE_PREFIX = "admin_device_";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const KEY_NAME = "device_cookie_key";
const TOKEN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookie {
  name: string;
  value: string;
}

export function createDeviceCookies(db: Db, now: () => number = Date.now) {
  let key: Promise<Buffer> | null = null;
  // Made once per store, by whichever process asks first; every process and machine then signs
  // and checks with the same key, and it outlives restarts and password changes.
  const signingKey = (): Promise<Buffer> => {
    if (!key) {
      const candidate = randomBytes(32).toString("base64url");
      key = claimMetaValue(db, KEY_NAME, candidate).then((k) => Buffer.from(k, "base64url"));
      // A database that failed once is asked again next time.
      key.catch(() => {
        key = null;
      });
    }
    return key;
  };
  const mac = async (body: string) =>
    createHmac("sha256", await signingKey())
      .update(`admin-device.${body}`)
      .digest();

  return {
    /** A new device cookie for the account that just signed in. */
    async issue(staffId: number): Promise<DeviceCookie> {
      const issued = Math.floor(now() / 1000);
      const body = `${staffId}.${issued}.${randomBytes(16).toString("base64url")}`;
      const signature = (await mac(body)).toString("base64url");
      return { name: `${DEVICE_COOKIE_PREFIX}${staffId}`, value: `${body}.${signature}` };
    },

    /**
     * The nonce of the first of `tokens` that is a valid, unexpired device token of `staffId`;
     * null when the browser is unknown to that account.
     */
    async knownDevice(tokens: readonly string[], staffId: number): Promise<string | null> {
      const t = now() / 1000;
      for (const token of tokens) {
        const parts = TOKEN.exec(token);
        if (!parts || Number(parts[1]) !== staffId) continue;
        const issued = Number(parts[2]);
        if (issued > t + 60 || t - issued > DEVICE_COOKIE_MAX_AGE_SECONDS) continue;
        const expected = await mac(`${parts[1]}.${parts[2]}.${parts[3]}`);
        const given = Buffer.from(parts[4] ?? "", "base64url");
        if (given.length === expected.length && timingSafeEqual(given, expected)) {
          return parts[3] ?? null;
        }
      }
      return null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
