/**
 * Structured JSON logs, one object per line (pino-style field names: level, time, msg).
 * Personal data never goes in: callers log ids, and fields are masked by name, at any depth
 *: personal and secret fields (email, phone, names, addresses, passwords,
 * tokens) become "[redacted]", an order's `reference` "[reference]", and the order-status
 * page's path is logged as /orders/[reference]. As a last line of defence anything shaped like
 * an email address is masked in the whole line. Numbers are never masked by their digits: a
 * product code or an amount is not a phone number.
 */
import fs from "node:fs";

export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel | "silent", number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 100,
};

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Field names (lower case, letters and digits only) whose values are never logged. */
const PERSONAL_FIELDS = new Set([
  "email",
  "customeremail",
  "phone",
  "phonenumber",
  "customerphone",
  "name",
  "firstname",
  "lastname",
  "fullname",
  "customername",
  "address",
  "streetaddress",
  "address1",
  "address2",
  "city",
  "zip",
  "zipcode",
  "postalcode",
  "customerlocation",
  "customerinfo",
  "specialinstructions",
  "reviewtext",
  "password",
  "currentpassword",
  "newpassword",
  "token",
  "sessionid",
  "cookie",
  "setcookie",
  "authorization",
]);
const REFERENCE_FIELDS = new Set(["reference", "orderreference"]);
const PATH_FIELDS = new Set(["path", "url"]);

type FieldKind = "personal" | "reference" | "path" | undefined;

/** What the log asks of a field name: its kind, and its JSON with the colon ("\"ms\":"). */
interface FieldInfo {
  kind: FieldKind;
  json: string;
  /** Not msg, not toJSON, not integer-like (which JSON orders first): flatFields may write it. */
  plain: boolean;
}

/** fieldInfo's answers by key: every log line asks again for the same few keys. */
const FIELDS = new Map<string, FieldInfo>();

function fieldInfo(key: string): FieldInfo {
  const known = FIELDS.get(key);
  if (known) return known;
  const name = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  const kind: FieldKind = PERSONAL_FIELDS.has(name)
    ? "personal"
    : REFERENCE_FIELDS.has(name)
      ? "reference"
      : PATH_FIELDS.has(name)
        ? "path"
        : undefined;
  const info: FieldInfo = {
    kind,
    json: `${JSON.stringify(key)}:`,
    plain: key !== "msg" && key !== "toJSON" && !/^\d/.test(key),
  };
  // Keys come from our code, but an object's keys may be data: never grow without bound.
  if (FIELDS.size >= 1000) FIELDS.clear();
  FIELDS.set(key, info);
  return info;
}

function fieldKind(key: string): FieldKind {
  return fieldInfo(key).kind;
}

/**
 * Paths that carry a secret in their segment after the prefix: the prefix, matched
 * whatever its case (a case variant of a page is a 404 but its log line must not leak either),
 * and what the secret becomes. A new page or route with a token in its path adds one line here
 * (the customer's quote and booking pages, account links: the product rules Safety details).
 */
const SECRET_PATHS: readonly { prefix: RegExp; mask: string }[] = [
  { prefix: /^(?:\/es)?\/orders\//i, mask: "[reference]" },
  { prefix: /^(?:\/es)?\/api\/orders\//i, mask: "[reference]" },
  { prefix: /^(?:\/es)?\/api\/calendar\//i, mask: "[token]" },
  { prefix: /^(?:\/es)?\/quotes\//i, mask: "[token]" },
  { prefix: /^(?:\/es)?\/projects\//i, mask: "[token]" },
  { prefix: /^(?:\/es)?\/api\/projects\//i, mask: "[token]" },
  { prefix: /^(?:\/es)?\/api\/quotes\//i, mask: "[token]" },
  { prefix: /^(?:\/es)?\/bookings\//i, mask: "[reference]" },
  { prefix: /^(?:\/es)?\/api\/bookings\//i, mask: "[reference]" },
  { prefix: /^(?:\/es)?\/account\/verify\//i, mask: "[token]" },
];

/** Query parameters whose values are secrets (account links: /account/verify?token=…). */
const SECRET_QUERY = /([?&](?:token|reference|ref|code|key|secret|link)=)[^&#]*/gi;

/** Every secret path's prefix, and an origin, in one expression (one test per request line). */
const MAYBE_SECRET = new RegExp(
  ["^https?:", ...SECRET_PATHS.map((p) => p.prefix.source)].map((s) => `(?:${s})`).join("|"),
  "i",
);

/**
 * Spellings that reach the same page, or hide a secret from the prefixes above: percent escapes
 * (/orders%2FREF), doubled slashes (//quotes/TOKEN) and `;params` (/account/verify;token=…).
 */
const ODD_SPELLING = /%|\/\/|;/;

/** A cheap test that a path may need masking (the request log asks it for every request). */
function maybeSecretPath(path: string): boolean {
  return path.includes("?") || MAYBE_SECRET.test(path) || ODD_SPELLING.test(path);
}

/**
 * The path part spelled plainly before the prefixes are matched: escapes decoded (twice encoded
 * too), `;params` dropped (they are where a secret hides) and runs of slashes made one.
 */
function plainSpelling(pathname: string): string {
  let out = pathname;
  for (let round = 0; round < 3 && out.includes("%"); round++) {
    const decoded = out.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
      try {
        return decodeURIComponent(escapes);
      } catch {
        return escapes;
      }
    });
    if (decoded === out) break;
    out = decoded;
  }
  return out.replace(/;[^/]*/g, "").replace(/\/{2,}/g, "/");
}

/**
 * A path with every secret masked: /orders/REFERENCE (and its .data twin) → /orders/[reference],
 * /api/calendar/TOKEN.ics → /api/calendar/[token].ics, ?token=… → ?token=[redacted], whatever the
 * path's spelling (//quotes/TOKEN, /orders%2FREF, /account/verify;token=…); other paths as they
 * are.
 */
export function maskPath(path: string): string {
  const origin = /^https?:\/\/[^/?#]*/i.exec(path)?.[0] ?? "";
  if (origin) return origin + maskPath(path.slice(origin.length));
  const end = path.search(/[?#]/);
  let out = end < 0 ? plainSpelling(path) : plainSpelling(path.slice(0, end)) + path.slice(end);
  for (const { prefix, mask } of SECRET_PATHS) {
    const match = prefix.exec(out);
    if (!match) continue;
    const start = match[0].length;
    out =
      out.slice(0, start) +
      out.slice(start).replace(/^[^/?#]+?(\.data|\.ics)?(?=$|[/?#])/i, `${mask}$1`);
    break;
  }
  return out.includes("?") ? out.replace(SECRET_QUERY, "$1[redacted]") : out;
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

/** Masks anything shaped like an email address (free text, error messages). */
export function redact(text: string): string {
  // A cheap pre-check first (bench:api: a regex over every request line costs CPU).
  return text.includes("@") ? text.replace(EMAIL, "[email]") : text;
}

/**
 * A line writer for the server process: lines logged during one turn of the event loop are
 * joined and written with one system call when the turn ends (instead of one write, or with
 * appendFileSync one open+write+close, per request), to `file` opened once for appending, or
 * to standard output. Pending lines are written synchronously when the process exits; a
 * SIGKILL can lose at most the current turn's lines (logs only, never data).
 */
export function createLogWriter(file?: string): (line: string) => void {
  // A new log file is the server user's only (0600), like everything in the data folder.
  const fd = file ? fs.openSync(file, "a", 0o600) : 1;
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    try {
      fs.writeSync(fd, text);
    } catch {
      // A closed standard output (EPIPE) must not take the store down.
    }
  };
  process.on("exit", flush);
  return (line) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let second = Number.NaN;
let secondPrefix = "";

/**
 * `new Date().toISOString()` (2026-11-27T20:04:05.123Z), with the part up to the second made
 * once per second: a Date and its formatting cost about as much as the rest of a request's log
 * line.
 */
export function isoTimestamp(ms = Date.now()): string {
  const s = Math.floor(ms / 1000);
  if (s !== second) {
    second = s;
    secondPrefix = new Date(s * 1000).toISOString().slice(0, -4);
  }
  const rest = ms - s * 1000;
  return `${secondPrefix}${rest < 10 ? "00" : rest < 100 ? "0" : ""}${rest}Z`;
}

/** The request log line (app.ts). `started` is performance.now() when the request came in. */
export function logRequest(
  logger: Logger,
  method: string,
  path: string,
  started: number,
  status = 200,
): void {
  logger.info("request", {
    method,
    path,
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}

export function createLogger(
  level: LogLevel | "silent" = "info",
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const threshold = ORDER[level];
  // The base fields never change: asked once, not per line.
  const baseNeedsReplacer = needsReplacer(base);
  // The base fields' JSON without its braces, each followed by a comma ("" or "\"worker\":2,").
  const baseText = Object.keys(base).length > 0 ? `${JSON.stringify(base).slice(1, -1)},` : "";
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    const flat = baseNeedsReplacer ? undefined : flatFields(fields, base, baseText !== "");
    if (flat !== undefined) {
      write(
        `{"level":"${lvl}","time":"${isoTimestamp()}",${redact(`${baseText}${flat}"msg":${JSON.stringify(msg)}`)}}\n`,
      );
      return;
    }
    const record = { ...base, ...fields, msg };
    // The replacer (a call per key) only when a field needs it: an object (which may hold an
    // Error or a personal field) or a field masked by its name. The request log's flat
    // { method, path, status, ms } takes the plain path unless the path is a status page's.
    const json =
      baseNeedsReplacer || (fields !== undefined && needsReplacer(fields))
        ? JSON.stringify(record, maskingReplacer)
        : JSON.stringify(record);
    // Level and time are ours and never personal: only the fields pass through redact.
    write(`{"level":"${lvl}","time":"${isoTimestamp()}",${redact(json).slice(1)}\n`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

/**
 * `fields` as the JSON that `JSON.stringify({ ...base, ...fields, msg })` writes for them (each
 * followed by a comma), or undefined when that is not sure or the masking replacer is needed: the
 * request log's line and every other flat one, written without a merged record and without
 * JSON.stringify's formatting of a fractional number (the request line's `ms`; decision 405).
 * Only own fields of strings, numbers, booleans and null, none the replacer would
 * mask (as needsReplacer asks), none named msg or as a base field, none that JSON orders first
 * (an integer-like name) or calls (toJSON).
 */
function flatFields(
  fields: Record<string, unknown> | undefined,
  base: Record<string, unknown>,
  hasBase: boolean,
): string | undefined {
  let json = "";
  for (const key in fields) {
    const info = fieldInfo(key);
    if (!info.plain || (hasBase && Object.hasOwn(base, key)) || !Object.hasOwn(fields, key)) {
      return undefined;
    }
    if (info.kind === "personal" || info.kind === "reference") return undefined;
    const value = fields[key];
    if (info.kind === "path" && typeof value === "string" && maybeSecretPath(value)) {
      return undefined;
    }
    const text = flatValueJson(value);
    if (text === undefined) return undefined;
    json += `${info.json}${text},`;
  }
  return json;
}

/**
 * A value's JSON when it is a string, a number, a boolean or null; undefined for anything else.
 * V8's JSON.stringify formats every fractional number anew (1.6 µs for the request line's four
 * fields with a fractional `ms`, 0.7 µs with a whole one); a template literal's number goes
 * through the engine's number-to-string cache, which the few distinct `ms` values always hit.
 */
function flatValueJson(value: unknown): string | undefined {
  switch (typeof value) {
    case "number":
      // JSON writes NaN and ±Infinity as null; -0 as 0, as a template literal does.
      return Number.isFinite(value) ? `${value}` : "null";
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    default:
      return value === null ? "null" : undefined;
  }
}

function needsReplacer(fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === "object" && value !== null) return true;
    const kind = fieldKind(key);
    if (kind === "path" ? typeof value === "string" && maybeSecretPath(value) : kind) {
      return true;
    }
  }
  return false;
}

/**
 * Masks fields by name at any depth. Errors serialise to type, message and stack, as pino's
 * error serialiser does (logs only; never sent to a visitor; `name` is a personal field).
 */
function maskingReplacer(key: string, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (key === "" ? undefined : fieldKind(key)) {
    case "personal":
      return "[redacted]";
    case "reference":
      return "[reference]";
    case "path":
      return typeof value === "string" ? maskPath(value) : value;
  }
  if (value instanceof Error) {
    return { type: value.name, message: value.message, stack: value.stack };
  }
  return value;
}
