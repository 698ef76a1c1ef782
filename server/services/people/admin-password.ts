/**
 * Admin password hashing: scrypt (node:crypto) with a random 16-byte salt, stored as
 * `scrypt$N$r$p$salt$hash` (base64url), compared in constant time.
 *
 * scrypt runs on libuv's thread pool (4 threads), which also reads the static files: a burst of
 * logins used to fill the pool and made assets wait seconds. At most HASH_CONCURRENCY hashes run
 * at once; up to HASH_QUEUE more wait their turn; beyond that HashingBusyError.
 * Checks for a browser the account already knows (its device cookie) or a signed-in person wait
 * in a lane of their own that is served first, so a flood of guesses from elsewhere delays them
 * by one hash at most instead of refusing them.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 32;

/** `known`: a browser known to the account, or a signed-in person; `open`: anyone else. */
export type HashLane = "known" | "open";

/** Too many password hashes waiting: the caller answers 503 with Retry-After. */
export class HashingBusyError extends Error {
  readonly retryAfterSeconds = 5;
  constructor() {
    super("Too many logins are being checked right now.");
    this.name = "HashingBusyError";
  }
}

let running = 0;
const waiting: Record<HashLane, Array<() => void>> = { known: [], open: [] };

/** Hashes running and waiting now (tests, and a future health report). */
export function hashingLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.known.length + waiting.open.length };
}

async function withHashSlot<T>(work: () => Promise<T>, lane: HashLane): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting[lane].length >= HASH_QUEUE) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting[lane].push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, known browsers first (running stays the
    // same), or free it.
    const next = waiting.known.shift() ?? waiting.open.shift();
    if (next) next();
    else running--;
  }
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  lane: HashLane = "open",
): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    lane,
  );
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
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
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
export async function verifyPassword(
  password: string,
  stored: string | null,
  lane: HashLane = "open",
): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  const target = parsed ?? DUMMY;
  const key = await derive(
    password,
    target.salt,
    {
      ...target.options,
      maxmem: 256 * target.options.N * target.options.r,
    },
    lane,
  );
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
