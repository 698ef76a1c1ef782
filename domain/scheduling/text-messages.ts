/**
 * The words of appointment texts: the first name, the time window and the
 * store's phone, nothing else personal, within 320 characters (two SMS segments).
 */
import { formatTimeWindow, formatVisitDate } from "./visit-time";

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
  firstName: string;
  storeName: string;
  storePhone: string;
  date: string;
  start: string;
  end: string;
}): string {
  const window = `${formatVisitDate(input.date)}, ${formatTimeWindow(input.start, input.end)}`;
  return fitText(
    (name) =>
      `Hi ${name}, ${input.storeName} here: see you tomorrow, ${window} (arrival window). To change it, call ${input.storePhone}. Reply STOP to opt out.`,
    input.firstName,
  );
}

export function onMyWayText(input: {
  firstName: string;
  storeName: string;
  storePhone: string;
  minutes: number;
}): string {
  return fitText(
    (name) =>
      `Hi ${name}, your ${input.storeName} installer is on the way and should arrive in about ${input.minutes} minutes. Questions? Call ${input.storePhone}. Reply STOP to opt out.`,
    input.firstName,
  );
}

/** A visit moved off a storm day (decision 551): the new window and where to pick another. */
export function stormMoveText(input: {
  firstName: string;
  storeName: string;
  storePhone: string;
  date: string;
  start: string;
  end: string;
  /** The customer's /bookings/REFERENCE, when the visit has one. */
  link: string | null;
}): string {
  const window = `${formatVisitDate(input.date)}, ${formatTimeWindow(input.start, input.end)}`;
  const another = input.link
    ? `Another time? ${input.link} or call ${input.storePhone}.`
    : `Another time? Call ${input.storePhone}.`;
  return fitText(
    (name) =>
      `Hi ${name}, ${input.storeName} here: we are closed on your visit's day, so it moved to ${window} (arrival window). ${another} Reply STOP to opt out.`,
    input.firstName,
  );
}
