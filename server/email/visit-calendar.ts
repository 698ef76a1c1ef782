/**
 * Visits as iCalendar (RFC 5545/5546) with ical-generator: the invite emailed to the customer
 * (METHOD:REQUEST, one VEVENT whose UID stays the same across reschedules and whose SEQUENCE
 * grows) and the private feed an installer's phone subscribes to (every visit of theirs).
 * Times are the store's wall-clock times with TZID=America/New_York and its VTIMEZONE.
 */

import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Language } from "../../domain/i18n/language";
import {
  STORE_TIME_ZONE,
  VISIT_KIND_LABELS,
  type VisitKind,
} from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import { emailWords } from "./words";

/** The United States rules since 2007 (second Sunday of March, first Sunday of November). */
const NEW_YORK_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "X-LIC-LOCATION:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/**
 * A parameter value (CN="…"): RFC 5545 has no escape inside quotes, so a DQUOTE would end the
 * value and let the rest add parameters. DQUOTE becomes an apostrophe, control
 * characters a space; the generator quotes the result.
 */
export function icalParameterValue(text: string): string {
  return withoutControls(text.replace(/"/g, "'")).trim();
}

/** Control characters (line breaks included) → a space; they have no place in a name. */
function withoutControls(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? " " : ch;
  }
  return out;
}

/**
 * A TEXT value the generator writes unescaped (the calendar's NAME and X-WR-CALNAME): backslash,
 * semicolon, comma and line breaks escaped as RFC 5545 §3.3.11 says.
 */
export function icalText(text: string): string {
  return withoutControls(
    text
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n"),
  );
}

function vtimezone(name: string): string | null {
  return name === STORE_TIME_ZONE ? NEW_YORK_VTIMEZONE : null;
}

export interface CalendarVisit {
  uid: string;
  sequence: number;
  kind: VisitKind;
  status: string;
  date: string;
  start: string;
  end: string;
  updatedAt: string;
  orderReference: string;
  location: string;
  /** Shown to the installer in the feed; the customer's invite says less. */
  description: string;
  customer?: { name: string; email: string };
  /** The customer's language, for the invite's title (the installer's feed stays English). */
  language?: Language;
}

/**
 * RFC 5545 §3.1 ends every content line with CRLF, the last one too; ical-generator leaves the
 * last END:VCALENDAR without one, which strict parsers refuse.
 */
function withFinalCrlf(ics: string): string {
  return ics.endsWith("\r\n") ? ics : `${ics}\r\n`;
}

function calendar(business: BusinessFacts, name: string, method: ICalCalendarMethod | null) {
  return ical({
    name: icalText(name),
    method,
    prodId: { company: business.name, product: "Back office", language: "EN" },
    // A name of null lets every event carry its own TZID; the generator adds its VTIMEZONE.
    timezone: { name: null, generator: vtimezone },
  });
}

function addEvent(cal: ReturnType<typeof ical>, business: BusinessFacts, visit: CalendarVisit) {
  cal.createEvent({
    id: visit.uid,
    sequence: visit.sequence,
    // Wall-clock strings without an offset: ical-generator writes them as they are, in TZID.
    start: `${visit.date}T${visit.start}:00`,
    end: `${visit.date}T${visit.end}:00`,
    timezone: STORE_TIME_ZONE,
    stamp: new Date(visit.updatedAt),
    lastModified: new Date(visit.updatedAt),
    summary: `${visit.language ? emailWords(visit.language).t(`visitKind.${visit.kind}`) : VISIT_KIND_LABELS[visit.kind]}: ${business.name}`,
    description: visit.description,
    location: visit.location,
    status: visit.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: icalParameterValue(business.name), email: business.email },
    ...(visit.customer
      ? {
          attendees: [
            {
              name: icalParameterValue(visit.customer.name),
              email: visit.customer.email,
              rsvp: false,
            },
          ],
        }
      : {}),
  });
}

/** The invite emailed to the customer (METHOD:REQUEST). */
export function visitInvite(business: BusinessFacts, visit: CalendarVisit): string {
  const cal = calendar(business, business.name, ICalCalendarMethod.REQUEST);
  addEvent(cal, business, visit);
  return withFinalCrlf(cal.toString());
}

/**
 * The withdrawal of an invite (METHOD:CANCEL, the same UID, a higher SEQUENCE): calendar apps
 * remove the event they added (RFC 5546 §3.2.5).
 */
export function visitCancellation(business: BusinessFacts, visit: CalendarVisit): string {
  const cal = calendar(business, business.name, ICalCalendarMethod.CANCEL);
  addEvent(cal, business, { ...visit, status: "cancelled" });
  return withFinalCrlf(cal.toString());
}

/** A staff member's private feed: every visit assigned to them in the window. */
export function staffFeed(
  business: BusinessFacts,
  staffName: string,
  visits: readonly CalendarVisit[],
): string {
  const cal = calendar(business, `${business.name}: ${staffName}`, ICalCalendarMethod.PUBLISH);
  for (const visit of visits) addEvent(cal, business, visit);
  return withFinalCrlf(cal.toString());
}
