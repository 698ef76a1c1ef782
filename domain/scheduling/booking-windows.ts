/**
 * Arrival windows for measurement visits booked online. Pure arithmetic on the store's wall-clock dates and times (America/New_York):
 * dates YYYY-MM-DD and times HH:MM never pass through an offset, so a window is 8:00–10:00 in
 * the week of the March and November clock changes exactly as in any other week. Only "now"
 * crosses from an instant to store time, with @date-fns/tz.
 */
import { isBusinessDay } from "../sales/business-days";
import { addDays, storeTimeToUtc, timesOverlap } from "./visit-time";

export const WINDOW_MINUTES = 120;
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  start: string;
  end: string;
}
export type WeeklyHours = Partial<Record<Weekday, TimeRange[]>>;
/** Days off, both dates included. */
export interface TimeOff {
  from: string;
  to: string;
}
export interface InstallerAvailability {
  staffId: number;
  weekly: WeeklyHours;
  timeOff: readonly TimeOff[];
}
/** Something that keeps an installer busy: a visit (any kind) or an online booking. */
export interface BusyTime {
  staffId: number;
  date: string;
  start: string;
  end: string;
}
export interface ArrivalWindow {
  date: string;
  start: string;
  end: string;
}
/** A window and the installers free for all of it (lowest id first). */
export interface FreeWindow extends ArrivalWindow {
  staffIds: number[];
}

export function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function weekdayOf(date: string): Weekday {
  const [y = 1970, m = 1, d = 1] = date.split("-").map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  if (weekday === undefined) throw new RangeError(`${date} is not a date (YYYY-MM-DD)`);
  return weekday;
}

export async function nextBusinessDay(today: string): Promise<string> {
  let day = addDays(today, 1);
  while (!(await isBusinessDay(day))) day = addDays(day, 1);
  return day;
}

/** The customer moves or cancels a visit online until this long before it starts. */
export const CHANGE_CUTOFF_MS = 24 * 60 * 60_000;

/**
 * Whether the customer may still move or cancel a visit online at `at` (a scheduled visit,
 * more than 24 hours before it starts), the last instant they may, and whether it is still
 * ahead (a scheduled visit inside the cutoff is changed by calling the store).
 */
export function customerChangeWindow(
  visit: { status: string; date: string; start: string },
  at: Date,
): { changeable: boolean; until: Date; ahead: boolean } {
  const startsAt = storeTimeToUtc(visit.date, visit.start).getTime();
  const until = new Date(startsAt - CHANGE_CUTOFF_MS);
  const scheduled = visit.status === "scheduled";
  return {
    changeable: scheduled && at.getTime() < until.getTime(),
    until,
    ahead: scheduled && at.getTime() < startsAt,
  };
}

/** The 2-hour windows that start at each range's start and fit inside it. */
export function windowsOfDay(ranges: readonly TimeRange[]): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of ranges) {
    const end = minutesOf(r.end);
    for (let s = minutesOf(r.start); s + WINDOW_MINUTES <= end; s += WINDOW_MINUTES) {
      out.push({ start: timeOf(s), end: timeOf(s + WINDOW_MINUTES) });
    }
  }
  return out;
}

export function isOff(timeOff: readonly TimeOff[], date: string): boolean {
  return timeOff.some((t) => t.from <= date && date <= t.to);
}

/** The first and last dates offered: the next business day through today + horizon. */
export async function bookingRange(
  today: string,
  horizonDays: number,
): Promise<{ from: string; to: string }> {
  return { from: await nextBusinessDay(today), to: addDays(today, horizonDays) };
}

/**
 * Every free window from the next business day after `today` through `today + horizonDays`
 * (both included), Sundays and federal holidays left out: a window is free when some installer
 * works all of it that day (not on time off) and has nothing overlapping it. Closed days (storm
 * days, decision 551) offer nothing.
 */
export async function freeWindows(input: {
  today: string;
  horizonDays: number;
  installers: readonly InstallerAvailability[];
  busy: readonly BusyTime[];
  closed?: readonly TimeOff[];
}): Promise<FreeWindow[]> {
  const { from, to } = await bookingRange(input.today, input.horizonDays);
  const busyBy = new Map<string, BusyTime[]>();
  for (const b of input.busy) {
    const key = `${b.staffId} ${b.date}`;
    const list = busyBy.get(key);
    if (list) list.push(b);
    else busyBy.set(key, [b]);
  }
  const installers = [...input.installers].sort((a, b) => a.staffId - b.staffId);
  const out: FreeWindow[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (isOff(input.closed ?? [], date) || !(await isBusinessDay(date))) continue;
    const weekday = weekdayOf(date);
    const byWindow = new Map<string, FreeWindow>();
    for (const installer of installers) {
      const ranges = installer.weekly[weekday];
      if (!ranges?.length || isOff(installer.timeOff, date)) continue;
      const taken = busyBy.get(`${installer.staffId} ${date}`) ?? [];
      for (const w of windowsOfDay(ranges)) {
        if (taken.some((b) => timesOverlap(b, w))) continue;
        const key = `${w.start}-${w.end}`;
        const entry = byWindow.get(key);
        if (entry) entry.staffIds.push(installer.staffId);
        else byWindow.set(key, { date, start: w.start, end: w.end, staffIds: [installer.staffId] });
      }
    }
    out.push(
      ...[...byWindow.values()].sort(
        (a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end),
      ),
    );
  }
  return out;
}

/** Whether `start` on `date` is one of the windows of `freeWindows` and who could take it. */
export function findWindow(
  windows: readonly FreeWindow[],
  date: string,
  start: string,
): FreeWindow | undefined {
  return windows.find((w) => w.date === date && w.start === start);
}
