/**
 * Admin password hashing: scrypt (node:crypto) with a random 16-byte salt, stored as
 * `scrypt$N$r$p$salt$hash` (base64url), compared in constant time.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

interface ParsedHash {
  options: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  const sane =
    Number.isInteger(Math.log2(N)) && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
  if (!sane || salt.length < 8 || key.length !== KEY_LENGTH) return null;
  return { options: { N, r, p }, salt, key };
}

/** A stored hash made for this exact string of parameters. */
const DUMMY: ParsedHash = {
  options: PARAMS,
  salt: Buffer.alloc(16, 7),
  key: Buffer.alloc(KEY_LENGTH, 0),
};

/**
 * True when `password` matches `stored`. A missing or malformed hash still costs one scrypt,
 * so the time taken does not tell whether a password is configured.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  const target = parsed ?? DUMMY;
  const key = await derive(password, target.salt, {
    ...target.options,
    maxmem: 256 * target.options.N * target.options.r,
  });
  return timingSafeEqual(key, target.key) && parsed !== null;
}

/** True when the stored hash uses older parameters than today's (re-hash on next set). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.options.N !== PARAMS.N ||
    parsed.options.r !== PARAMS.r ||
    parsed.options.p !== PARAMS.p
  );
}

/** A generated password: 120 random bits, URL-safe, easy to copy. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}
