/**
 * A visit's date and arrival window in the page's language: English as domain/scheduling/
 * visit-time writes it ("Tuesday, December 2, 9–11 AM"), Spanish as a shopper in Florida reads
 * it ("martes, 2 de diciembre, 9–11 a. m."). The day period is written here, not by Intl, whose
 * Spanish day periods differ between ICU versions (the server's and a browser's would not match).
 */
import type { Language } from "../../../domain/i18n/language";
import {
  formatTimeWindow,
  formatVisitDate,
  formatVisitWindow,
} from "../../../domain/scheduling/visit-time";

const SPANISH_DATE = new Intl.DateTimeFormat("es-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** "martes, 2 de diciembre" or "Tuesday, December 2". */
export function visitDateIn(language: Language, date: string): string {
  return language === "es" ? SPANISH_DATE.format(utcDate(date)) : formatVisitDate(date);
}

/** "9–11 a. m." or "9–11 AM". */
export function timeWindowIn(language: Language, start: string, end: string): string {
  const english = formatTimeWindow(start, end);
  return language === "es" ? english.replace(/AM/g, "a. m.").replace(/PM/g, "p. m.") : english;
}

/** The whole visit: date, then window. */
export function visitWhenIn(
  language: Language,
  visit: { date: string; start: string; end: string },
): string {
  if (language === "en") return formatVisitWindow(visit);
  return `${visitDateIn(language, visit.date)}, ${timeWindowIn(language, visit.start, visit.end)}`;
}
