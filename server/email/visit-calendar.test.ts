/**
 * The invite and the feed parsed by a real iCalendar parser (ical.js): DTSTART/DTEND in
 * America/New_York with its VTIMEZONE, a stable UID and the SEQUENCE given, METHOD:REQUEST.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../../domain/shared/business";
import { type CalendarVisit, staffFeed, visitInvite } from "./visit-calendar";

const VISIT: CalendarVisit = {
  uid: "5f0c2a1e-1111-4222-8333-944445555666@shop.example",
  sequence: 3,
  kind: "install",
  status: "scheduled",
  date: "2026-12-01",
  start: "09:00",
  end: "11:30",
  updatedAt: "2026-11-20T15:04:05.000Z",
  orderReference: "LCB-1042",
  location: "12 Palm Way, Fort Myers, FL 33901",
  description: "Order LCB-1042.",
  customer: { name: "Jane Doe", email: "jane@example.com" },
};

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar;
}

describe("visit invite (.ics)", () => {
  it("is a VCALENDAR with METHOD:REQUEST and one VEVENT", () => {
    const calendar = parse(visitInvite(DEFAULT_BUSINESS, VISIT));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(1);
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(
      "America/New_York",
    );
  });

  it("has DTSTART/DTEND in America/New_York, the stable UID and the SEQUENCE", () => {
    const calendar = parse(visitInvite(DEFAULT_BUSINESS, VISIT));
    const vevent = calendar.getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    const start = vevent.getFirstProperty("dtstart");
    const end = vevent.getFirstProperty("dtend");
    expect(start?.getParameter("tzid")).toBe("America/New_York");
    expect(end?.getParameter("tzid")).toBe("America/New_York");
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(VISIT.uid);
    expect(event.sequence).toBe(3);
    expect(event.startDate.toString()).toBe("2026-12-01T09:00:00");
    expect(event.endDate.toString()).toBe("2026-12-01T11:30:00");
    // 9:00 EST is 14:00 UTC: the VTIMEZONE carries the offset.
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-01T16:30:00.000Z");
    expect(vevent.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-20T15:04:05Z");
    expect(event.organizer).toBe(`mailto:${DEFAULT_BUSINESS.email}`);
    expect(String(vevent.getFirstPropertyValue("attendee")).toLowerCase()).toBe(
      "mailto:jane@example.com",
    );
    expect(event.location).toBe(VISIT.location);
  });

  it("keeps summer visits on daylight time (UTC−4)", () => {
    const calendar = parse(visitInvite(DEFAULT_BUSINESS, { ...VISIT, date: "2026-07-14" }));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-07-14T13:00:00.000Z");
  });

  it("marks a cancelled visit CANCELLED", () => {
    const calendar = parse(visitInvite(DEFAULT_BUSINESS, { ...VISIT, status: "cancelled" }));
    expect(calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("status")).toBe(
      "CANCELLED",
    );
  });
});

describe("staff feed (.ics)", () => {
  it("lists every visit with its own UID, without a customer attendee", () => {
    const second = { ...VISIT, uid: "other@shop.example", customer: undefined, date: "2026-12-02" };
    const calendar = parse(
      staffFeed(DEFAULT_BUSINESS, "Luis", [{ ...VISIT, customer: undefined }, second]),
    );
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([VISIT.uid, "other@shop.example"]);
    expect(calendar.getAllSubcomponents("vevent")[0]?.getFirstProperty("attendee")).toBeNull();
  });
});

describe("values from people's names (decision 199)", () => {
  const hostile = 'Jane"; ROLE=CHAIR; X-EVIL="1';

  it("a quote or semicolon in the customer's name adds no parameter to the attendee", () => {
    const ics = visitInvite(DEFAULT_BUSINESS, {
      ...VISIT,
      customer: { name: hostile, email: "jane@example.com" },
    });
    const attendees = parse(ics).getFirstSubcomponent("vevent")?.getAllProperties("attendee") ?? [];
    expect(attendees).toHaveLength(1);
    const [, params] = (attendees[0]?.toJSON() ?? []) as [string, Record<string, string>];
    expect(Object.keys(params).sort()).toEqual(["cn", "role", "rsvp"]);
    expect(params.role).toBe("REQ-PARTICIPANT");
    expect(params.cn).toBe("Jane'; ROLE=CHAIR; X-EVIL='1");
  });

  it("a line break, semicolon or comma in a staff name stays inside the calendar's name", () => {
    const ics = staffFeed(DEFAULT_BUSINESS, "Luis;X-EVIL:1\nBEGIN:VEVENT,x", [VISIT]);
    const calendar = parse(ics);
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(1);
    // X-WR-CALNAME is a property ical.js does not know: it keeps the escaped text as written.
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(
      `${DEFAULT_BUSINESS.name}: Luis\\;X-EVIL:1\\nBEGIN:VEVENT\\,x`,
    );
    expect(calendar.getFirstProperty("x-evil")).toBeNull();
  });
});
