/**
 * Storm days (decision 551): days the store closes, both dates included. No booking window is
 * offered on them, and each visit on them is proposed the first window after the closed days
 * that its own installer works and has free, distinct for each of his visits; null when none
 * is free within the booking horizon counted from the last closed day (then: call the customer).
 */
import { z } from "zod";
import { isBusinessDay } from "../sales/business-days";
import { dateField } from "../shared/schema-fields";
import {
  type BusyTime,
  type InstallerAvailability,
  isOff,
  minutesOf,
  type TimeOff,
  timeOf,
  WINDOW_MINUTES,
  weekdayOf,
} from "./booking-windows";
import { addDays, isIsoDate, timesOverlap } from "./visit-time";

/** At most this many days closed at once: a storm, not a holiday season. */
export const CLOSURE_MAX_DAYS = 14;
export const CLOSURE_REASON_MAX = 200;

export const closureSchema = z
  .object({
    from: dateField("from"),
    to: dateField("to"),
    reason: z
      .string({ error: "reason is required (for example: Hurricane warning)" })
      .trim()
      .min(1, "reason is required (for example: Hurricane warning)")
      .max(CLOSURE_REASON_MAX, `reason takes at most ${CLOSURE_REASON_MAX} characters`),
  })
  .refine((c) => c.from <= c.to, { error: "to must be on or after from", path: ["to"] })
  .refine((c) => !isIsoDate(c.from) || addDays(c.from, CLOSURE_MAX_DAYS - 1) >= c.to, {
    error: `a closure covers at most ${CLOSURE_MAX_DAYS} days`,
    path: ["to"],
  });
export type ClosureInput = z.infer<typeof closureSchema>;

/** Whether `date` falls in one of the closed periods. */
export function isClosed(closed: readonly TimeOff[], date: string): boolean {
  return isOff(closed, date);
}

export interface VisitToMove {
  id: number;
  staffId: number | null;
  date: string;
  start: string;
  end: string;
}

export interface ProposedWindow {
  date: string;
  start: string;
}

/**
 * The first start, on the installer's 2-hour grid, where the whole visit fits inside one of his
 * ranges that day and overlaps nothing he has.
 */
function firstFit(
  installer: InstallerAvailability,
  date: string,
  minutes: number,
  taken: readonly BusyTime[],
): string | null {
  const ranges = installer.weekly[weekdayOf(date)] ?? [];
  for (const r of ranges) {
    const end = minutesOf(r.end);
    for (let s = minutesOf(r.start); s + minutes <= end; s += WINDOW_MINUTES) {
      const slot = { start: timeOf(s), end: timeOf(s + minutes) };
      if (!taken.some((b) => timesOverlap(b, slot))) return slot.start;
    }
  }
  return null;
}

/**
 * Each visit's proposed window, in the order given (the earliest visit gets the earliest free
 * window): from the first business day after `lastClosedDay` through `lastClosedDay +
 * horizonDays`, never on a closed day or a day off, and never on a window already proposed to
 * another of the installer's visits.
 */
export async function proposeMoves(input: {
  lastClosedDay: string;
  horizonDays: number;
  installers: readonly InstallerAvailability[];
  busy: readonly BusyTime[];
  closed: readonly TimeOff[];
  visits: readonly VisitToMove[];
}): Promise<Map<number, ProposedWindow | null>> {
  const last = addDays(input.lastClosedDay, input.horizonDays);
  const days: string[] = [];
  for (let d = addDays(input.lastClosedDay, 1); d <= last; d = addDays(d, 1)) {
    if (!isClosed(input.closed, d) && (await isBusinessDay(d))) days.push(d);
  }
  const busy = [...input.busy];
  const out = new Map<number, ProposedWindow | null>();
  for (const visit of input.visits) {
    const installer = input.installers.find((i) => i.staffId === visit.staffId);
    const minutes = minutesOf(visit.end) - minutesOf(visit.start);
    let proposed: ProposedWindow | null = null;
    for (const date of installer ? days : []) {
      if (!installer || isOff(installer.timeOff, date)) continue;
      const taken = busy.filter((b) => b.staffId === installer.staffId && b.date === date);
      const start = firstFit(installer, date, minutes, taken);
      if (start === null) continue;
      proposed = { date, start };
      busy.push({
        staffId: installer.staffId,
        date,
        start,
        end: timeOf(minutesOf(start) + minutes),
      });
      break;
    }
    out.set(visit.id, proposed);
  }
  return out;
}
