/**
 * The books' period: from and to are store-local days (America/New_York), both
 * included, at most a year apart; a month or a quarter in the page's shortcuts.
 */
import "../shared/zod-in-browser";
import { z } from "zod";
import { addDays, isIsoDate, startOfWeek } from "../scheduling/visit-time";

const day = (name: string) =>
  z
    .string({ error: `${name} is required: a date such as 2026-11-01` })
    .refine(isIsoDate, `${name} must be a date such as 2026-11-01`);

export const reportPeriodSchema = z
  .object({ from: day("from"), to: day("to") })
  .refine((p) => p.from <= p.to, { message: "from must be on or before to", path: ["to"] })
  .refine((p) => !isIsoDate(p.from) || p.to <= addDays(p.from, 366), {
    message: "A report covers at most a year: choose a month or a quarter",
    path: ["to"],
  });
export type ReportPeriod = z.output<typeof reportPeriodSchema>;

/** The first and last day of the month holding `date`. */
export function monthOf(date: string): ReportPeriod {
  const from = `${date.slice(0, 7)}-01`;
  const next = addDays(from, 32).slice(0, 7);
  return { from, to: addDays(`${next}-01`, -1) };
}

/** The month before the one holding `date`. */
export function previousMonth(date: string): ReportPeriod {
  return monthOf(addDays(`${date.slice(0, 7)}-01`, -1));
}

/** The calendar quarter holding `date`. */
export function quarterOf(date: string): ReportPeriod {
  const year = date.slice(0, 4);
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3);
  const from = `${year}-${String(q * 3 + 1).padStart(2, "0")}-01`;
  return { from, to: monthOf(addDays(from, 62)).to };
}

/** The quarter before the one holding `date`. */
export function previousQuarter(date: string): ReportPeriod {
  return quarterOf(addDays(quarterOf(date).from, -1));
}

/** The Mondays of the weeks that overlap the period (the chart's bars). */
export function weeksOf(period: ReportPeriod): string[] {
  const weeks: string[] = [];
  for (let w = startOfWeek(period.from); w <= period.to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}
