/**
 * One visit, wherever it was booked, on both databases: a visit booked at /api/booking is one row of visits that GET
 * /api/admin/visits (source online, its reference), the installer's list and calendar feed, the
 * dashboard's counts and the order it came from all show; moving or cancelling it from
 * /bookings/REFERENCE or from the admin changes that one row, with the overlap rule, the
 * calendar invite (REQUEST with a higher SEQUENCE, CANCEL) and the reminder following.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, storeTimeToUtc } from "../../../domain/scheduling/visit-time";
import { createReminderService } from "../../../server/services/scheduling/reminders";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const HOURS = {
  weekly: {
    mon: [{ start: "08:00", end: "16:00" }],
    tue: [{ start: "08:00", end: "16:00" }],
    wed: [{ start: "08:00", end: "16:00" }],
    thu: [{ start: "08:00", end: "16:00" }],
    fri: [{ start: "08:00", end: "16:00" }],
  },
  timeOff: [],
};

interface Window {
  date: string;
  start: string;
  end: string;
}

let serial = 0;
const shopperAddress = () => ({ "x-forwarded-for": `10.31.${serial % 250}.${++serial % 250}` });

function calendarOf(ics: string) {
  const vcal = new ICAL.Component(ICAL.parse(ics));
  const event = vcal.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return {
    method: vcal.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
  };
}

describeEachDialect("one visit, wherever it was booked, on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const admin = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const shop = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, shopperAddress());

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

  async function onlyInstaller() {
    await store.services.db
      .updateTable("staff")
      .set({ active: 0 })
      .where("role", "=", "installer")
      .execute();
    const installer = await addWorkingStaff(store, owner, "installer");
    const put = await admin("PUT", `/api/admin/staff/${installer.id}/availability`, HOURS);
    expect(put.status).toBe(200);
    return installer;
  }

  /** Windows more than a day away, so that the customer may still change them online. */
  async function changeableWindows(): Promise<Window[]> {
    const res = await shop("GET", "/api/booking/windows?zipCode=33904");
    expect(res.status).toBe(200);
    const after = Date.now() + 26 * 3_600_000;
    return res.body.windows.filter(
      (w: Window) => storeTimeToUtc(w.date, w.start).getTime() > after,
    );
  }

  async function book(window: Window, extra: Record<string, unknown> = {}) {
    const res = await shop("POST", "/api/booking", {
      date: window.date,
      start: window.start,
      zipCode: "33904",
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana.one@example.com",
      phone: "(239) 555-0199",
      address: "12 Palm Ave",
      city: "Cape Coral",
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.reference as string;
  }

  /** Every row of visits under this booking reference (there must be one). */
  async function rowsOf(reference: string) {
    return store.services.db
      .selectFrom("visits")
      .selectAll()
      .where("reference", "=", reference)
      .execute();
  }

  async function invitesTo(email: string) {
    await store.services.emails.flush();
    return store.sentEmails
      .filter((e) => e.to === email && e.calendar)
      .map((e) => calendarOf(e.calendar ?? ""));
  }

  it("shows a booking made at /api/booking everywhere a visit shows", async () => {
    const installer = await onlyInstaller();
    const [window] = await changeableWindows();
    if (!window) throw new Error("no window");
    const order = await insertTestOrder(store.services.db, { status: "confirmed" });
    const reference = await book(window, { orderReference: order.reference, textReminders: true });
    const [row, ...more] = await rowsOf(reference);
    expect(more).toHaveLength(0);
    if (!row) throw new Error("no visit");

    // The office's list: the one visit, online, with its booking reference.
    const range = `from=${window.date}&to=${window.date}`;
    const listed = await admin("GET", `/api/admin/visits?${range}`);
    expect(listed.status).toBe(200);
    const seen = listed.body.find((v: { id: number }) => v.id === Number(row.id));
    expect(seen).toMatchObject({
      source: "online",
      reference,
      kind: "measure",
      status: "scheduled",
      staffId: installer.id,
      customerName: "Ana Lopez",
      orderId: order.id,
      textReminders: true,
    });
    // The installer's own list ("My visits", the job card's source).
    const his = await request(store, "GET", `/api/admin/visits?${range}`, undefined, {
      cookie: installer.cookie,
    });
    expect(his.body.map((v: { id: number }) => v.id)).toContain(Number(row.id));
    // The order it came from.
    const ofOrder = await admin("GET", `/api/admin/orders/${order.id}/visits`);
    expect(ofOrder.body.map((v: { reference: string | null }) => v.reference)).toContain(reference);
    // The installer's calendar feed.
    const feed = await admin("POST", `/api/admin/staff/${installer.id}/calendar-feed`);
    expect(feed.status).toBe(201);
    const ics = await request(store, "GET", new URL(feed.body.url).pathname);
    expect(ics.status).toBe(200);
    expect(String(ics.body)).toContain(row.uid);
    // The dashboard's "visits this week", the owner's and the installer's.
    const thatMorning = storeTimeToUtc(window.date, "07:00");
    const figures = await store.services.dashboard.dashboard(thatMorning);
    expect(figures.weeksVisits.map((v) => v.id)).toContain(Number(row.id));
    expect(figures.todaysVisits.map((v) => v.id)).toContain(Number(row.id));
    const own = await store.services.dashboard.ownVisits(installer.id, thatMorning);
    expect(own.weeksVisitCount).toBeGreaterThanOrEqual(1);
    expect(own.todaysVisits.map((v) => v.reference)).toContain(reference);
    // The customer's page reads the same row.
    const customer = await shop("GET", `/api/bookings/${reference}`);
    expect(customer.body).toMatchObject({ reference, date: window.date, status: "scheduled" });
    // The customer's /account lists it (by the email it was booked with).
    const account = await store.services.account.overview("ana.one@example.com");
    expect(account.bookings.map((b) => b.reference)).toContain(reference);
    // The consent to texts names the visit.
    const consent = await store.services.db
      .selectFrom("text_consents")
      .select("visit_id")
      .where("visit_id", "=", Number(row.id))
      .executeTakeFirst();
    expect(consent).toBeDefined();
  });

  it("moves the one row from /bookings/REFERENCE and from the admin; overlaps are refused", async () => {
    const installer = await onlyInstaller();
    const windows = await changeableWindows();
    // A day with four free windows (the first one may be cut by the 24-hour rule).
    const day = windows.find((w) => windows.filter((o) => o.date === w.date).length >= 4)?.date;
    const [first, second, third, fourth] = windows.filter((w) => w.date === day);
    if (!first || !second || !third || !fourth) throw new Error("too few windows in a day");
    const reference = await book(first, { email: "mover.one@example.com" });
    const [booked] = await rowsOf(reference);
    if (!booked) throw new Error("no visit");
    const id = Number(booked.id);

    const byCustomer = await shop("PATCH", `/api/bookings/${reference}`, {
      date: second.date,
      start: second.start,
    });
    expect(byCustomer.status).toBe(200);
    let rows = await rowsOf(reference);
    expect(rows.map((r) => [Number(r.id), r.start_time, r.sequence])).toEqual([
      [id, second.start, 1],
    ]);

    // The day-before reminder was sent; a move sends it again for the new time.
    await store.services.db
      .updateTable("visits")
      .set({ reminder_sent_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    store.sentEmails.length = 0;
    const byOffice = await admin("PATCH", `/api/admin/visits/${id}`, {
      start: third.start,
      end: third.end,
      notifyCustomer: true,
    });
    expect(byOffice.status).toBe(200);
    expect(byOffice.body).toMatchObject({ id, source: "online", reference, start: third.start });
    rows = await rowsOf(reference);
    expect(rows.map((r) => [Number(r.id), r.start_time, r.sequence])).toEqual([
      [id, third.start, 2],
    ]);
    expect(rows[0]?.reminder_sent_at).toBeNull();
    expect(await invitesTo("mover.one@example.com")).toContainEqual(
      expect.objectContaining({ method: "REQUEST", uid: booked.uid, sequence: 2 }),
    );
    const customer = await shop("GET", `/api/bookings/${reference}`);
    expect(customer.body).toMatchObject({ start: third.start, status: "scheduled" });
    const reminders = createReminderService({ ...store.services, texts: store.services.texts });
    await reminders.sendDue(storeTimeToUtc(addDays(third.date, -1), "18:30"));
    await store.services.emails.flush();
    expect(
      store.sentEmails.filter(
        (e) => e.to === "mover.one@example.com" && e.subject.startsWith("Reminder:"),
      ),
    ).toHaveLength(1);

    // The office's own visit at the fourth window: moving the online one onto it is refused.
    const order = await insertTestOrder(store.services.db, { status: "confirmed" });
    const office = await admin("POST", `/api/admin/orders/${order.id}/visits`, {
      kind: "install",
      date: fourth.date,
      start: fourth.start,
      end: fourth.end,
      staffId: installer.id,
      notifyCustomer: false,
    });
    expect(office.status).toBe(201);
    const onto = await admin("PATCH", `/api/admin/visits/${id}`, {
      start: fourth.start,
      end: fourth.end,
      notifyCustomer: true,
    });
    expect(onto.status).toBe(409);
    expect(onto.body.error.code).toBe("visit_overlap");
    expect((await rowsOf(reference))[0]?.start_time).toBe(third.start);
    // And the office's visit is refused over the online one, naming it.
    const over = await admin("POST", `/api/admin/orders/${order.id}/visits`, {
      kind: "measure",
      date: third.date,
      start: third.start,
      end: third.end,
      staffId: installer.id,
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toContain("booked online");
  });

  it("cancels the one visit from either side, with METHOD:CANCEL and the window free again", async () => {
    await onlyInstaller();
    const [a, b] = await changeableWindows();
    if (!a || !b) throw new Error("no windows");
    const refA = await book(a, { email: "cancel.a@example.com" });
    const refB = await book(b, { email: "cancel.b@example.com" });
    const [rowA] = await rowsOf(refA);
    const [rowB] = await rowsOf(refB);
    if (!rowA || !rowB) throw new Error("no visits");

    const byCustomer = await shop("POST", `/api/bookings/${refA}/cancel`);
    expect(byCustomer.status).toBe(200);
    expect((await rowsOf(refA)).map((r) => r.status)).toEqual(["cancelled"]);
    const listed = await admin("GET", `/api/admin/visits?from=${a.date}&to=${a.date}`);
    expect(listed.body.find((v: { id: number }) => v.id === Number(rowA.id))?.status).toBe(
      "cancelled",
    );
    expect(await invitesTo("cancel.a@example.com")).toContainEqual(
      expect.objectContaining({ method: "CANCEL", uid: rowA.uid, sequence: 1 }),
    );

    const byOffice = await admin("PATCH", `/api/admin/visits/${rowB.id}`, {
      status: "cancelled",
      notifyCustomer: true,
    });
    expect(byOffice.status).toBe(200);
    expect((await rowsOf(refB)).map((r) => r.status)).toEqual(["cancelled"]);
    const customer = await shop("GET", `/api/bookings/${refB}`);
    expect(customer.body).toMatchObject({ status: "cancelled", changeable: false });
    expect(await invitesTo("cancel.b@example.com")).toContainEqual(
      expect.objectContaining({ method: "CANCEL", uid: rowB.uid, sequence: 1 }),
    );
    const again = await shop("POST", `/api/bookings/${refB}/cancel`);
    expect(again.status).toBe(409);
    const free = await changeableWindows();
    expect(free.some((w) => w.date === b.date && w.start === b.start)).toBe(true);
    // The office's cancellation is in the audit log; the customer's isn't the back office's.
    const audit = await admin("GET", "/api/admin/audit?kind=visit");
    expect(JSON.stringify(audit.body)).toContain(refB);
    expect(JSON.stringify(audit.body)).not.toContain(refA);
  });

  describe("with no installer hours", () => {
    it("online booking is closed and says so", async () => {
      await store.services.db.deleteFrom("staff_hours").execute();
      expect(await store.services.booking.isOpen()).toBe(false);
      const windows = await shop("GET", "/api/booking/windows?zipCode=33904");
      expect(windows.body.windows).toEqual([]);
      const installer = await onlyInstaller();
      expect(await store.services.booking.isOpen()).toBe(true);
      // An installer who is disabled keeps his hours but opens nothing.
      await admin("PATCH", `/api/admin/staff/${installer.id}`, { active: false });
      expect(await store.services.booking.isOpen()).toBe(false);
    });
  });
});
