/**
 * Every .ics the store sends, on both databases, read by an independent parser (ical.js) and
 * composed into MIME by nodemailer as the mailer sends it: booked and moved invites are METHOD:REQUEST, every cancellation METHOD:CANCEL
 * with STATUS:CANCELLED and the same UID, each file ends with CRLF, and both the alternative
 * and the invite.ics attachment travel as text/calendar with the method, never application/ics.
 */
import ICAL from "ical.js";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storeTimeToUtc } from "../../../domain/scheduling/visit-time";
import { type EmailMessage, nodemailerMessage } from "../../../server/email/mailer";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const HOURS = {
  weekly: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri"].map((d) => [d, [{ start: "08:00", end: "12:00" }]]),
  ),
  timeOff: [],
};

interface SentInvite {
  method: string;
  uid: string;
  sequence: number;
  status: string;
}

/** The invite as ical.js reads it, after checking the file's line endings. */
function readInvite(ics: string): SentInvite {
  expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const vcal = new ICAL.Component(ICAL.parse(ics));
  const event = vcal.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return {
    method: String(vcal.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: String(event.getFirstPropertyValue("status")),
  };
}

/** The message as nodemailer writes it: the Content-Type of every calendar part. */
async function calendarPartTypes(email: EmailMessage): Promise<string[]> {
  const mime = await new Promise<string>((resolve, reject) => {
    new MailComposer({ from: "store@example.com", ...nodemailerMessage(email) })
      .compile()
      .build((error, message) => (error ? reject(error) : resolve(message.toString())));
  });
  expect(mime).not.toContain("application/ics");
  return [...mime.matchAll(/^Content-Type: (text\/calendar[^\r\n]*)/gim)].map((m) => m[1] ?? "");
}

/** Checks one email's invite end to end and returns what it says. */
async function sentInvite(email: EmailMessage | undefined): Promise<SentInvite> {
  if (!email?.calendar) throw new Error("no invite in the email");
  const invite = readInvite(email.calendar);
  const types = await calendarPartTypes(email);
  // The alternative and the attachment, both with the calendar's own method.
  expect(types).toHaveLength(2);
  for (const type of types) expect(type).toContain(`method=${invite.method}`);
  expect(types[1]).toContain("name=invite.ics");
  return invite;
}

describeEachDialect("calendar invites on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let serial = 0;
  const call = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const shop = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { "x-forwarded-for": `10.44.0.${++serial}` });

  async function emailsTo(address: string): Promise<EmailMessage[]> {
    await store.services.emails.flush();
    const found = store.sentEmails.filter((e) => e.to === address && e.calendar);
    store.sentEmails.length = 0;
    return found;
  }

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  it("a visit the office books, moves and cancels: REQUEST, REQUEST, then CANCEL, one UID", async () => {
    const order = await insertTestOrder(store.services.db, {
      status: "confirmed",
      email: "office.visit@example.com",
    });
    const booked = await call("POST", `/api/admin/orders/${order.id}/visits`, {
      kind: "measure",
      date: "2030-12-03",
      start: "09:00",
      end: "11:00",
      notifyCustomer: true,
    });
    expect(booked.status).toBe(201);
    const [first] = await emailsTo("office.visit@example.com");
    const created = await sentInvite(first);
    expect(created).toMatchObject({ method: "REQUEST", status: "CONFIRMED", sequence: 0 });

    const moved = await call("PATCH", `/api/admin/visits/${booked.body.id}`, {
      date: "2030-12-04",
      start: "13:00",
      end: "15:00",
      notifyCustomer: true,
    });
    expect(moved.status).toBe(200);
    const [second] = await emailsTo("office.visit@example.com");
    expect(await sentInvite(second)).toMatchObject({
      method: "REQUEST",
      uid: created.uid,
      sequence: 1,
    });

    const cancelled = await call("PATCH", `/api/admin/visits/${booked.body.id}`, {
      status: "cancelled",
      notifyCustomer: true,
    });
    expect(cancelled.status).toBe(200);
    const [third] = await emailsTo("office.visit@example.com");
    const withdrawn = await sentInvite(third);
    expect(withdrawn).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: created.uid });
    expect(withdrawn.sequence).toBeGreaterThan(1);
  });

  it("a visit booked online, moved and cancelled by the customer: the same rules", async () => {
    await store.services.db
      .updateTable("staff")
      .set({ active: 0 })
      .where("role", "=", "installer")
      .execute();
    const installer = await addWorkingStaff(store, owner, "installer");
    expect((await call("PUT", `/api/admin/staff/${installer.id}/availability`, HOURS)).status).toBe(
      200,
    );
    const listed = await shop("GET", "/api/booking/windows?zipCode=33904");
    const later = Date.now() + 25 * 3_600_000;
    const [first, second] = (listed.body.windows as { date: string; start: string }[]).filter(
      (w) => storeTimeToUtc(w.date, w.start).getTime() > later,
    );
    if (!first || !second) throw new Error("no windows");
    const booked = await shop("POST", "/api/booking", {
      ...first,
      zipCode: "33904",
      firstName: "Łukasz",
      lastName: "Nguyễn",
      email: "online.visit@example.com",
      phone: "(239) 555-0199",
      address: "5 Čapek Straße",
      city: "Cape Coral",
    });
    expect(booked.status).toBe(201);
    const ref = booked.body.reference as string;
    const created = await sentInvite((await emailsTo("online.visit@example.com"))[0]);
    expect(created).toMatchObject({ method: "REQUEST", status: "CONFIRMED", sequence: 0 });

    const moved = await shop("PATCH", `/api/bookings/${ref}`, second);
    expect(moved.status).toBe(200);
    expect(await sentInvite((await emailsTo("online.visit@example.com"))[0])).toMatchObject({
      method: "REQUEST",
      uid: created.uid,
      sequence: 1,
    });

    // The file the booking page offers ends the same way.
    const download = await store.app.request(`/api/bookings/${ref}/invite.ics`);
    expect(download.headers.get("content-type")).toContain("text/calendar");
    expect((await download.text()).endsWith("\r\n")).toBe(true);

    expect((await shop("POST", `/api/bookings/${ref}/cancel`)).status).toBe(200);
    expect(await sentInvite((await emailsTo("online.visit@example.com"))[0])).toMatchObject({
      method: "CANCEL",
      status: "CANCELLED",
      uid: created.uid,
      sequence: 2,
    });
  });
});

describe("an email without an invite", () => {
  it("keeps its own attachments and adds no calendar part", async () => {
    const types = await calendarPartTypes({
      to: "a@example.com",
      subject: "PO",
      text: "x",
      html: "<p>x</p>",
      attachments: [{ filename: "PO-1.pdf", contentType: "application/pdf", content: "JVBE" }],
    });
    expect(types).toEqual([]);
  });
});
