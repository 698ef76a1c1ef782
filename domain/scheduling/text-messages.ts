/**
 * The words of appointment texts: the first name, the time window and the
 * store's phone, nothing else personal, within 320 characters (two SMS segments).
 */
import enTexts from "../i18n/compiled/en/texts.js";
import esTexts from "../i18n/compiled/es/texts.js";
import { visitWindowIn } from "../i18n/dates";
import type { Language } from "../i18n/language";

/** The texts' words in the customer's language (namespace `texts`). */
const TEXTS = { en: enTexts, es: esTexts } as const;

export const TEXT_MAX_CHARACTERS = 320;

/** Shortens the first name (the only free text) until the message fits. */
function fitText(make: (firstName: string) => string, firstName: string): string {
  let name = firstName.trim().split(/\s+/)[0] ?? "";
  let text = make(name);
  while (text.length > TEXT_MAX_CHARACTERS && name.length > 1) {
    name = name.slice(0, Math.max(1, name.length - (text.length - TEXT_MAX_CHARACTERS)));
    text = make(name);
  }
  return text.slice(0, TEXT_MAX_CHARACTERS);
}

export function reminderText(input: {
  language: Language;
  firstName: string;
  storeName: string;
  storePhone: string;
  date: string;
  start: string;
  end: string;
}): string {
  const when = visitWindowIn(input.language, input);
  const words = TEXTS[input.language];
  return fitText(
    (name) => words.reminder({ name, store: input.storeName, when, phone: input.storePhone }),
    input.firstName,
  );
}

export function onMyWayText(input: {
  language: Language;
  firstName: string;
  storeName: string;
  storePhone: string;
  minutes: number;
}): string {
  const words = TEXTS[input.language];
  return fitText(
    (name) =>
      words.onMyWay({
        name,
        store: input.storeName,
        minutes: input.minutes,
        phone: input.storePhone,
      }),
    input.firstName,
  );
}

/** A visit moved off a storm day (decision 551): the new window and where to pick another. */
export function stormMoveText(input: {
  language: Language;
  firstName: string;
  storeName: string;
  storePhone: string;
  date: string;
  start: string;
  end: string;
  /** The customer's /bookings/REFERENCE (/es/bookings/… in Spanish), when the visit has one. */
  link: string | null;
}): string {
  const words = TEXTS[input.language];
  const when = visitWindowIn(input.language, input);
  const phone = input.storePhone;
  const another = input.link
    ? words["storm.anotherLink"]({ link: input.link, phone })
    : words["storm.anotherCall"]({ phone });
  return fitText(
    (name) => words.storm({ name, store: input.storeName, when, another }),
    input.firstName,
  );
}
