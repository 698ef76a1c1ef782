/**
 * Structured JSON logs, one object per line (pino-style field names: level, time, msg).
 * Personal data never goes in: callers log ids and references, and `redact` masks anything
 * that looks like an email address or a phone number as a last line of defence.
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

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const PHONE = /(?<![\w-])(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\w)/g;

export function redact(text: string): string {
  // Cheap pre-checks first (bench:api: the two regexes over every request line were ~3 % of
  // the CPU): no "@" means no email address, fewer than 10 digits means no phone number.
  const withoutEmails = text.includes("@") ? text.replace(EMAIL, "[email]") : text;
  return hasTenDigits(withoutEmails) ? withoutEmails.replace(PHONE, "[phone]") : withoutEmails;
}

function hasTenDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57 && ++digits >= 10) return true;
  }
  return false;
}

/**
 * A line writer for the server process: lines logged during one turn of the event loop are
 * joined and written with one system call when the turn ends (instead of one write, or with
 * appendFileSync one open+write+close, per request), to `file` opened once for appending, or
 * to standard output. Pending lines are written synchronously when the process exits; a
 * SIGKILL can lose at most the current turn's lines (logs only, never data).
 */
export function createLogWriter(file?: string): (line: string) => void {
  const fd = file ? fs.openSync(file, "a") : 1;
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

export function createLogger(
  level: LogLevel | "silent" = "info",
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const threshold = ORDER[level];
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    const record = { ...base, ...fields, msg };
    // The replacer (a call per key) only when a value is an object that may hold an Error.
    const json =
      hasObjects(base) || (fields !== undefined && hasObjects(fields))
        ? JSON.stringify(record, errorReplacer)
        : JSON.stringify(record);
    // Level and time are ours and never personal: only the fields pass through redact (the
    // timestamp's digits would otherwise defeat redact's cheap phone-number pre-check).
    write(`{"level":"${lvl}","time":"${new Date().toISOString()}",${redact(json).slice(1)}\n`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

function hasObjects(fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === "object" && value !== null) return true;
  }
  return false;
}

/** Errors serialise to name, message and stack (logs only; never sent to a visitor). */
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}
