/**
 * Inputs of online booking: an installer's weekly hours and days off, the windows query,
 * the booking itself (one schema for POST /api/booking and the /book form), a move of a booked
 * visit, and the installer's "on my way". No date-holidays here: this module reaches the browser.
 */
import { z } from "zod";
import { languageSchema } from "../i18n/language-schema";
import {
  customerContactFromForm,
  customerContactShape,
  customerInfoSchema,
} from "../orders/checkout-schema";
import { dateField, timeField } from "../shared/schema-fields";
import {
  BOOKING_NOTE_MAX,
  ON_MY_WAY_MINUTES,
  RANGES_PER_DAY_MAX,
  TIME_OFF_MAX,
} from "./booking-fields";

export {
  BOOKING_NOTE_MAX,
  ON_MY_WAY_MINUTES,
  RANGES_PER_DAY_MAX,
  TEXT_CONSENT_LABEL,
  TEXT_CONSENT_WORDS,
  TIME_OFF_MAX,
} from "./booking-fields";

const rangeSchema = z
  .object({ start: timeField("start"), end: timeField("end") })
  .refine((r) => r.start < r.end, { message: "end must be after start", path: ["end"] });

const dayField = (day: string) =>
  z
    .array(rangeSchema, { error: `weekly.${day} must be a list of { start, end }` })
    .max(RANGES_PER_DAY_MAX, `weekly.${day} takes at most ${RANGES_PER_DAY_MAX} ranges`)
    .refine(
      (ranges) => {
        const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
        return sorted.every((r, i) => (sorted[i - 1]?.end ?? r.start) <= r.start);
      },
      { message: `weekly.${day}: the ranges must not overlap` },
    )
    .optional()
    .transform((ranges) => [...(ranges ?? [])].sort((a, b) => a.start.localeCompare(b.start)));

export const availabilitySchema = z.object({
  weekly: z
    .object(
      {
        mon: dayField("mon"),
        tue: dayField("tue"),
        wed: dayField("wed"),
        thu: dayField("thu"),
        fri: dayField("fri"),
        sat: dayField("sat"),
        sun: dayField("sun"),
      },
      { error: "weekly must be an object of days (mon … sun)" },
    )
    .strict(),
  timeOff: z
    .array(
      z
        .object({ from: dateField("from"), to: dateField("to") })
        .refine((t) => t.from <= t.to, { message: "to must not be before from", path: ["to"] }),
      { error: "timeOff must be a list of { from, to }" },
    )
    .max(TIME_OFF_MAX, `timeOff takes at most ${TIME_OFF_MAX} periods`)
    .default([]),
});
export type AvailabilityInput = z.output<typeof availabilitySchema>;

export const windowsQuerySchema = z.object({
  zipCode: customerInfoSchema.shape.zipCode,
});

const optionalReference = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(40, `${name} must be at most 40 characters`)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null));

const { zipCode, ...contactBesidesZip } = customerContactShape;

export const bookingSchema = z.object({
  date: dateField("date"),
  start: timeField("start"),
  // zipCode first, then the rest of the contact: the fields (and their errors) keep this order.
  zipCode,
  ...contactBesidesZip,
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(BOOKING_NOTE_MAX, `note must be at most ${BOOKING_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  textReminders: z.boolean({ error: "textReminders must be true or false" }).default(false),
  estimateReference: optionalReference("estimateReference"),
  orderReference: optionalReference("orderReference"),
  /** The /book page's language ("es" from /es/book): the booking's emails and texts use it. */
  language: languageSchema,
});
export type BookingInput = z.output<typeof bookingSchema>;

/** The /book form's fields → the API's JSON shape (a checkbox is "on" or absent). */
export function bookingFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const [date = "", start = ""] = text("window").split("T");
  return {
    date: text("date") || date,
    start: text("start") || start,
    ...customerContactFromForm(form),
    note: text("note") || null,
    textReminders: form.get("textReminders") === "on" || form.get("textReminders") === "true",
    estimateReference: text("estimateReference") || null,
    orderReference: text("orderReference") || null,
  };
}

export const bookingMoveSchema = z.object({
  date: dateField("date"),
  start: timeField("start"),
});

/**
 * POST /api/admin/estimates/:id/booking: the office books an estimate request's measurement
 * visit into a free arrival window, with any free installer or the one named.
 */
export const estimateBookingSchema = z.object({
  date: dateField("date"),
  start: timeField("start"),
  staffId: z
    .number({ error: "staffId must be a staff id" })
    .int("staffId must be a staff id")
    .positive("staffId must be a staff id")
    .nullish()
    .transform((v) => v ?? null),
});
export type EstimateBookingInput = z.output<typeof estimateBookingSchema>;

/** The estimate page's booking form → the API's JSON shape ("window" is "DATE" "T" "START"). */
export function estimateBookingFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const [date = "", start = ""] = text("window").split("T");
  const staff = text("staffId");
  return { date, start, staffId: /^\d{1,9}$/.test(staff) ? Number(staff) : staff || null };
}

export const onMyWaySchema = z.object({
  minutes: z.literal(ON_MY_WAY_MINUTES, {
    error: `minutes must be one of ${ON_MY_WAY_MINUTES.join(", ")}`,
  }),
});

const FORM_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const WEEKDAY_LABELS: Record<(typeof FORM_DAYS)[number], string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/**
 * The /admin/staff hours form → the API's JSON shape: a day's ranges are its repeated
 * `mon-start` / `mon-end` fields, paired in order (8:00–12:00 and 13:00–17:00 is a lunch break);
 * a pair with both times empty is skipped (no pair: not working); days off one per line,
 * "2026-12-24" or "2026-12-24 to 2026-12-31".
 */
/** The hours form's field of one row of a day: "mon-start-0", "mon-end-1". */
export function hoursFieldName(day: string, part: "start" | "end", row: number): string {
  return `${day}-${part}-${row}`;
}

/** A day's rows on the hours form (repeated `mon-start` / `mon-end`), each with its position. */
function dayRows(form: FormData, day: string) {
  const texts = (name: string) =>
    form.getAll(name).map((v) => (typeof v === "string" ? v.trim() : ""));
  const starts = texts(`${day}-start`);
  const ends = texts(`${day}-end`);
  return Array.from({ length: Math.max(starts.length, ends.length) }, (_, row) => ({
    row,
    start: starts[row] ?? "",
    end: ends[row] ?? "",
  })).filter((r) => r.start || r.end);
}

/**
 * An availability path ("weekly.mon.1.end", "timeOff.2.from") → the hours form's field it is
 * shown at ("mon-end-2", "timeOff"). A day's ranges are its filled rows in order, so with the
 * form the range's index is turned back into its row's (the second range is on the third row
 * when the second row was left empty); a day's own error (overlap) is shown at its first row.
 */
export function availabilityFieldName(path: string, form?: FormData): string {
  const [top, day, index, part] = path.split(".");
  if (top === "weekly" && day) {
    const at = Number(index);
    const row = Number.isInteger(at) ? (form ? dayRows(form, day)[at]?.row : at) : undefined;
    return hoursFieldName(day, part === "end" ? "end" : "start", row ?? 0);
  }
  return top ?? path;
}

export function availabilityFromForm(form: FormData): Record<string, unknown> {
  const weekly: Record<string, { start: string; end: string }[]> = {};
  for (const day of FORM_DAYS) {
    weekly[day] = dayRows(form, day).map(({ start, end }) => ({ start, end }));
  }
  return { weekly, timeOff: timeOffFromForm(form) };
}

/**
 * The days off from the date pickers' rows (`timeOff-from`, `timeOff-to`): an empty "to" is
 * that one day, an empty row is none.
 */
function timeOffFromForm(form: FormData): { from: string; to: string }[] {
  const texts = (name: string) =>
    form.getAll(name).map((v) => (typeof v === "string" ? v.trim() : ""));
  const tos = texts("timeOff-to");
  return texts("timeOff-from")
    .map((from, i) => ({ from, to: tos[i] ?? "" }))
    .filter((r) => r.from || r.to)
    .map((r) => ({ from: r.from || r.to, to: r.to || r.from }));
}
