/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) through the otpauth library, and one-time
 * recovery codes. Pure apart from randomness: the clock is passed in, so tests fix it.
 */
import { createHash, randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totp(secretBase32: string, label: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, label: string, issuer: string): string {
  return totp(secretBase32, label, issuer).toString();
}

/** The code an authenticator shows at `timestamp` (tests). */
export function totpCodeAt(secretBase32: string, timestamp: number): string {
  return totp(secretBase32, "x", "x").generate({ timestamp });
}

/**
 * The 30-second step whose code `code` is, within ±TOTP_WINDOW of `timestamp`; null when it is
 * none. The caller refuses a step at or before the last one accepted (no code works twice).
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  timestamp: number,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32, "x", "x").validate({
    token: code,
    timestamp,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten codes like `7KQ2-M9XD-4HPA` (60 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Recovery codes are compared case- and dash-insensitively, by their SHA-256. */
export function hashRecoveryCode(code: string): string {
  const canonical = code.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return createHash("sha256").update(canonical).digest("hex");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/.test(code);
}
