/**
 * The opening hours in the page's language: "Mon–Fri 8 AM–6 PM" in English (the facts' own
 * labels), "lun.–vie. 8 a. m.–6 p. m." in Spanish, written out here rather than by Intl so that
 * the server and every browser write the same text.
 */
import type { Language } from "../../domain/i18n/language";
import type { OpeningHours } from "../../domain/shared/business";
import { formatHours } from "../../domain/shared/business";
import { useLanguage } from "../lib/i18n";

const SPANISH_DAY: Readonly<Record<string, string>> = {
  Monday: "lun.",
  Tuesday: "mar.",
  Wednesday: "mié.",
  Thursday: "jue.",
  Friday: "vie.",
  Saturday: "sáb.",
  Sunday: "dom.",
};

/** "8 a. m.", "2:30 p. m." from "08:00", "14:30". */
function spanishClock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const clock = minutes ? `${hour}:${String(minutes).padStart(2, "0")}` : String(hour);
  return `${clock} ${hours < 12 ? "a. m." : "p. m."}`;
}

function spanishDays(days: readonly string[]): string {
  const first = SPANISH_DAY[days[0] ?? ""] ?? "";
  const last = SPANISH_DAY[days[days.length - 1] ?? ""] ?? "";
  return days.length > 1 ? `${first}–${last}` : first;
}

/** Every line of the hours, closed days included ("dom. cerrado"). */
export function hoursIn(language: Language, hours: readonly OpeningHours[]): string[] {
  if (language === "en") return formatHours(hours);
  return hours.map((h) =>
    h.opens && h.closes
      ? `${spanishDays(h.days)} ${spanishClock(h.opens)}–${spanishClock(h.closes)}`
      : `${spanishDays(h.days)} cerrado`,
  );
}

/** The hours of the days the store is open, in the page's language. */
export function useOpenHours(hours: readonly OpeningHours[]): string[] {
  const language = useLanguage();
  return hoursIn(
    language,
    hours.filter((h) => h.opens && h.closes),
  );
}

/** Every line of the hours, in the page's language. */
export function useHours(hours: readonly OpeningHours[]): string[] {
  return hoursIn(useLanguage(), hours);
}
