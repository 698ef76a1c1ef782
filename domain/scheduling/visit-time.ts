/**
 * Visit dates and times: the store's local
 * time, America/New_York; dates YYYY-MM-DD, times HH:MM. Pure and zod-free: the schedule page,
 * the status page, the emails and the calendar invite all read their words from here.
 */
import { TZDate } from "@date-fns/tz";

export const STORE_TIME_ZONE = "America/New_York";

export const VISIT_KINDS = ["measure", "install"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
export const VISIT_KIND_LABELS: Record<VisitKind, string> = {
  measure: "Measurement visit",
  install: "Installation visit",
};

export const VISIT_STATUSES = ["scheduled", "done", "cancelled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: "Scheduled",
  done: "Done",
  cancelled: "Cancelled",
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date in YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function isClockTime(value: string): boolean {
  return TIME_RE.test(value);
}

function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** 2026-12-02 + 5 → 2026-12-07 (calendar days, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = utcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`. */
export function startOfWeek(date: string): string {
  const weekday = utcDate(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

const LOCAL_PARTS = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The store's local date and time of an instant: { date: YYYY-MM-DD, time: HH:MM }. */
export function storeLocal(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    LOCAL_PARTS.formatToParts(instant).map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Today in the store's time zone. */
export function storeToday(now: Date = new Date()): string {
  return storeLocal(now).date;
}

/**
 * "On my way" tells the customer the installer is coming now: only on the visit's own day
 * (store time), on the job cards and in the API alike.
 */
export function isOnMyWayDay(visitDate: string, at: Date = new Date()): boolean {
  return visitDate === storeToday(at);
}

/** The instant of a store wall-clock date and time (DST-aware, by @date-fns/tz). */
export function storeTimeToUtc(date: string, time: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split("-").map(Number);
  const [h = 0, min = 0] = time.split(":").map(Number);
  return new Date(new TZDate(y, m - 1, d, h, min, STORE_TIME_ZONE).getTime());
}

/** A store month (YYYY-MM) as UTC instants: from its first midnight to the next month's. */
export function storeMonthBounds(month: string): { from: string; to: string } {
  const [year = 1970, monthNumber = 1] = month.split("-").map(Number);
  // TZDate rolls month 12 (0-based) over into January of the next year, as Date does.
  const midnightOf = (monthIndex: number) =>
    new Date(new TZDate(year, monthIndex, 1, 0, 0, STORE_TIME_ZONE).getTime()).toISOString();
  return { from: midnightOf(monthNumber - 1), to: midnightOf(monthNumber) };
}

const WEEKDAY_DATE = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Tuesday, December 2" */
export function formatVisitDate(date: string): string {
  return WEEKDAY_DATE.format(utcDate(date));
}

/** "Tue, Dec 2" */
export function formatShortDate(date: string): string {
  return SHORT_DATE.format(utcDate(date));
}

function clock(time: string): { text: string; meridiem: "AM" | "PM" } {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const meridiem = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return { text: m === 0 ? String(hour) : `${hour}:${String(m).padStart(2, "0")}`, meridiem };
}

/** "9–11 AM", "9:30–11 AM", "11 AM–1 PM": the meridiem once when both ends share it. */
export function formatTimeWindow(start: string, end: string): string {
  const a = clock(start);
  const b = clock(end);
  return a.meridiem === b.meridiem
    ? `${a.text}–${b.text} ${b.meridiem}`
    : `${a.text} ${a.meridiem}–${b.text} ${b.meridiem}`;
}

/** "Tuesday, December 2, 9–11 AM": how a customer reads a visit. */
export function formatVisitWindow(visit: { date: string; start: string; end: string }): string {
  return `${formatVisitDate(visit.date)}, ${formatTimeWindow(visit.start, visit.end)}`;
}

/** Two time ranges of one day overlap (touching ends do not). */
export function timesOverlap(
  a: { start: string; end: string },
  b: { start: string; end: string },
): boolean {
  return a.start < b.end && b.start < a.end;
}

const STORE_DATE_TIME = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
  timeZone: STORE_TIME_ZONE,
});

/** An instant in store time with its zone: "December 1, 2026, 2:57 PM EST". */
export function formatStoreDateTime(instant: string | Date): string {
  const p = Object.fromEntries(
    STORE_DATE_TIME.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

const STORE_DATE = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: STORE_TIME_ZONE,
});

/** The store's date of an instant, in words: "December 5, 2026" (23:30 store time stays that day). */
export function formatStoreDate(instant: string | Date): string {
  return STORE_DATE.format(new Date(instant));
}
