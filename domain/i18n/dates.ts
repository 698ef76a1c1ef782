/**
 * Dates, visit windows and instants written in the customer's language. English is what the
 * store always wrote (domain/scheduling/visit-time); Spanish is es-US as Intl writes it
 * ("martes, 2 de diciembre", "9:00–11:00 a.m.", "5 de diciembre de 2026").
 */
import {
  formatStoreDate,
  formatStoreDateTime,
  formatTimeWindow,
  formatVisitDate,
  STORE_TIME_ZONE,
} from "../scheduling/visit-time";
import { type Language, LOCALE_OF } from "./language";

const ES_DATE = new Intl.DateTimeFormat(LOCALE_OF.es, {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const ES_TIME = new Intl.DateTimeFormat(LOCALE_OF.es, {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});
const ES_STORE_DATE = new Intl.DateTimeFormat(LOCALE_OF.es, {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: STORE_TIME_ZONE,
});
const ES_STORE_DATE_TIME = new Intl.DateTimeFormat(LOCALE_OF.es, {
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
  timeZone: STORE_TIME_ZONE,
});

/** Intl puts a narrow no-break space before "a.m.": texts and emails get a plain one. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/** A store time "HH:MM" on a fixed day, for Intl to write the hour. */
function clockTime(time: string): Date {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return new Date(Date.UTC(2000, 0, 1, h, m));
}

/** "Tuesday, December 2" / "martes, 2 de diciembre" */
export function visitDateIn(language: Language, date: string): string {
  if (language === "en") return formatVisitDate(date);
  return ES_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** "9–11 AM" / "9:00–11:00 a.m." */
export function timeWindowIn(language: Language, start: string, end: string): string {
  if (language === "en") return formatTimeWindow(start, end);
  return plainSpaces(ES_TIME.formatRange(clockTime(start), clockTime(end)));
}

/** "Tuesday, December 2, 9–11 AM" / "martes, 2 de diciembre, 9:00–11:00 a.m." */
export function visitWindowIn(
  language: Language,
  visit: { date: string; start: string; end: string },
): string {
  return `${visitDateIn(language, visit.date)}, ${timeWindowIn(language, visit.start, visit.end)}`;
}

/** The store's date of an instant: "December 5, 2026" / "5 de diciembre de 2026". */
export function storeDateIn(language: Language, instant: string | Date): string {
  if (language === "en") return formatStoreDate(instant);
  return ES_STORE_DATE.format(new Date(instant));
}

/** An instant in store time with its zone: "December 1, 2026, 2:57 PM EST" / "1 de diciembre de 2026, 2:57 p.m. EST". */
export function storeDateTimeIn(language: Language, instant: string | Date): string {
  if (language === "en") return formatStoreDateTime(instant);
  return plainSpaces(ES_STORE_DATE_TIME.format(new Date(instant)).replace(" a las ", ", "));
}
