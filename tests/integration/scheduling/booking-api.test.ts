/**
 * Booking a visit online on both databases: installers' hours, the windows,
 * the claim under 20 concurrent bookings, the invite (same UID, higher SEQUENCE, CANCEL), the
 * 24-hour rule, the office's overlap warning, the day-before reminder once with a fake clock,
 * "on my way" and the texts it queues.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addDays,
  storeLocal,
  storeTimeToUtc,
  storeToday,
} from "../../../domain/scheduling/visit-time";
import { listTexts } from "../../../server/db/repositories/platform/text-outbox";
import { createReminderService } from "../../../server/services/scheduling/reminders";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const HOURS = {
  weekly: {
    mon: [{ start: "08:00", end: "12:00" }],
    tue: [{ start: "08:00", end: "12:00" }],
    wed: [{ start: "08:00", end: "12:00" }],
    thu: [{ start: "08:00", end: "12:00" }],
    fri: [{ start: "08:00", end: "12:00" }],
    sat: [{ start: "09:00", end: "11:00" }],
  },
  timeOff: [],
};

let addressSerial = 0;
const from = () => ({
  "x-forwarded-for": `10.21.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`,
});

function shopper(window: { date: string; start: string }, extra: Record<string, unknown> = {}) {
  return {
    ...window,
    zipCode: "33904",
    firstName: "Ana",
    lastName: "Lopez",
    email: "ana.lopez@example.com",
    phone: "(239) 555-0199",
    address: "12 Palm Ave",
    city: "Cape Coral",
    ...extra,
  };
}

function calendarOf(ics: string) {
  const vcal = new ICAL.Component(ICAL.parse(ics));
  const event = vcal.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return {
    method: vcal.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    start: String(event.getFirstPropertyValue("dtstart")),
    tzid: event.getFirstProperty("dtstart")?.getParameter("tzid"),
  };
}

describeEachDialect("booking a visit online on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const call = (method: string, path: string, body?: unknown, headers = {}) =>
    request(store, method, path, body, { cookie: owner, ...headers });
  const shop = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, from());

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

  /** A new installer with `hours`, the only active one (earlier tests' installers retired). */
  async function onlyInstaller(hours: unknown = HOURS) {
    await store.services.db
      .updateTable("staff")
      .set({ active: 0 })
      .where("role", "=", "installer")
      .execute();
    const installer = await addWorkingStaff(store, owner, "installer");
    const put = await call("PUT", `/api/admin/staff/${installer.id}/availability`, hours);
    expect(put.status).toBe(200);
    return installer;
  }

  async function windows(): Promise<{ date: string; start: string; end: string }[]> {
    const res = await shop("GET", "/api/booking/windows?zipCode=33904");
    expect(res.status).toBe(200);
    return res.body.windows;
  }

  /**
   * The windows a customer may still change (more than 24 hours away, with an hour to spare):
   * the first window can be tomorrow morning, which is within the cutoff for most of today.
   */
  async function changeableWindows(): Promise<{ date: string; start: string; end: string }[]> {
    const from = Date.now() + 25 * 3_600_000;
    return (await windows()).filter((w) => storeTimeToUtc(w.date, w.start).getTime() > from);
  }

  async function flush() {
    await store.services.emails.flush();
    return store.sentEmails;
  }

  describe("installer hours", () => {
    it("are set and read back by the owner; bad ones are refused naming the field", async () => {
      const installer = await onlyInstaller();
      const read = await call("GET", `/api/admin/staff/${installer.id}/availability`);
      expect(read.body.weekly.mon).toEqual([{ start: "08:00", end: "12:00" }]);
      expect(read.body.weekly.sun).toEqual([]);
      const overlapping = await call("PUT", `/api/admin/staff/${installer.id}/availability`, {
        weekly: {
          mon: [
            { start: "08:00", end: "12:00" },
            { start: "11:00", end: "13:00" },
          ],
        },
      });
      expect(overlapping.status).toBe(400);
      expect(overlapping.body.error.message).toContain("weekly.mon");
      const backwards = await call("PUT", `/api/admin/staff/${installer.id}/availability`, {
        weekly: {},
        timeOff: [{ from: "2031-01-05", to: "2031-01-02" }],
      });
      expect(backwards.status).toBe(400);
      const office = await addWorkingStaff(store, owner, "office");
      const notInstaller = await call("PUT", `/api/admin/staff/${office.id}/availability`, HOURS);
      expect(notInstaller.status).toBe(409);
      const byOffice = await request(
        store,
        "PUT",
        `/api/admin/staff/${installer.id}/availability`,
        HOURS,
        { cookie: office.cookie },
      );
      expect(byOffice.status).toBe(403);
      const anonymous = await request(
        store,
        "PUT",
        `/api/admin/staff/${installer.id}/availability`,
        HOURS,
      );
      expect(anonymous.status).toBe(401);
    });

    it("make the windows: from the next business day, within the horizon, days off left out", async () => {
      const installer = await onlyInstaller();
      const list = await windows();
      const today = storeLocal(new Date()).date;
      expect(list.length).toBeGreaterThan(0);
      for (const w of list) {
        expect(w.date > today).toBe(true);
        expect(w.date <= addDays(today, 21)).toBe(true);
        expect(new Date(`${w.date}T12:00:00Z`).getUTCDay()).not.toBe(0);
        expect(Object.keys(w).sort()).toEqual(["date", "end", "start"]);
      }
      const first = list[0] as { date: string };
      await call("PUT", `/api/admin/staff/${installer.id}/availability`, {
        ...HOURS,
        timeOff: [{ from: first.date, to: first.date }],
      });
      expect((await windows()).some((w) => w.date === first.date)).toBe(false);
    });

    it("answer 422 with the phone number outside the service area, 400 for no ZIP", async () => {
      const outside = await shop("GET", "/api/booking/windows?zipCode=10001");
      expect(outside.status).toBe(422);
      expect(outside.body.error.message).toContain("(239) 555-0142");
      expect(outside.headers.get("cache-control")).toBe("private, no-store");
      expect((await shop("GET", "/api/booking/windows")).status).toBe(400);
    });
  });

  describe("booking", () => {
    it("books a window, sends the invite and the store's notice, and takes the window", async () => {
      await onlyInstaller();
      const [window] = await changeableWindows();
      if (!window) throw new Error("no window");
      const res = await shop("POST", "/api/booking", shopper(window, { textReminders: true }));
      expect(res.status).toBe(201);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.body).toMatchObject({ date: window.date, start: window.start, end: window.end });
      expect(res.body.reference).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
      expect(
        (await windows()).some((w) => w.date === window.date && w.start === window.start),
      ).toBe(false);
      const sent = await flush();
      const customer = sent.find((e) => e.to === "ana.lopez@example.com");
      const notice = sent.find((e) => e.to === store.config.storeEmail);
      expect(customer?.calendar).toBeDefined();
      const invite = calendarOf(customer?.calendar ?? "");
      expect(invite).toMatchObject({ method: "REQUEST", sequence: 0, tzid: "America/New_York" });
      expect(invite.start).toBe(`${window.date}T${window.start}:00`);
      expect(customer?.text).toContain(`/bookings/${res.body.reference}`);
      expect(notice?.subject).toContain("Booked online");
      const consent = await store.services.db.selectFrom("text_consents").selectAll().execute();
      expect(consent.at(-1)).toMatchObject({ phone: "(239) 555-0199", source: "booking" });
      expect(consent.at(-1)?.words).toContain("Text me about my appointments");
      const page = await shop("GET", `/api/bookings/${res.body.reference}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ status: "scheduled", firstName: "Ana", changeable: true });
      expect(page.body.email).toBeUndefined();
    });

    it("gives twenty shoppers booking the last window at once exactly one visit", async () => {
      const racer = await onlyInstaller({
        weekly: {
          mon: [{ start: "08:00", end: "10:00" }],
          tue: [{ start: "08:00", end: "10:00" }],
          wed: [{ start: "08:00", end: "10:00" }],
          thu: [{ start: "08:00", end: "10:00" }],
          fri: [{ start: "08:00", end: "10:00" }],
          sat: [{ start: "08:00", end: "10:00" }],
        },
      });
      const [window] = await windows();
      if (!window) throw new Error("no window");
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          shop("POST", "/api/booking", shopper(window, { email: `racer${i}@example.com` })),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const loser = answers.find((a) => a.status === 409);
      expect(loser?.body.error.code).toBe("window_taken");
      expect(Array.isArray(loser?.body.error.windows)).toBe(true);
      expect(
        loser?.body.error.windows.some(
          (w: { date: string; start: string }) =>
            w.date === window.date && w.start === window.start,
        ),
      ).toBe(false);
      const rows = await store.services.db
        .selectFrom("visits")
        .select("id")
        .where("visit_date", "=", window.date)
        .where("start_time", "=", window.start)
        .where("status", "=", "scheduled")
        .where("staff_id", "=", racer.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("refuses a window nobody offers, an unknown order, and links a named order", async () => {
      await onlyInstaller();
      const [window] = await windows();
      if (!window) throw new Error("no window");
      const sunday = await shop(
        "POST",
        "/api/booking",
        shopper({ date: "2031-01-05", start: "08:00" }),
      );
      expect(sunday.status).toBe(409);
      const unknown = await shop(
        "POST",
        "/api/booking",
        shopper(window, { orderReference: "AAAA-BBBB-CCCC-DDDD" }),
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain("orderReference");
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const linked = await shop(
        "POST",
        "/api/booking",
        shopper(window, { orderReference: order.reference }),
      );
      expect(linked.status).toBe(201);
      const row = await store.services.db
        .selectFrom("visits")
        .select("order_id")
        .where("reference", "=", linked.body.reference)
        .executeTakeFirstOrThrow();
      expect(Number(row.order_id)).toBe(order.id);
      const bad = await shop("POST", "/api/booking", { ...shopper(window), email: "nope" });
      expect(bad.status).toBe(400);
    });
  });

  describe("the customer's changes", () => {
    it("moves (same UID, SEQUENCE 1), then cancels (METHOD:CANCEL); the office is told each time", async () => {
      await onlyInstaller();
      const [first, second] = await changeableWindows();
      if (!first || !second) throw new Error("no windows");
      const booked = await shop(
        "POST",
        "/api/booking",
        shopper(first, { email: "mover@example.com" }),
      );
      const ref = booked.body.reference as string;
      /** The invites this customer has been sent so far. */
      const invites = async () =>
        (await flush())
          .filter((e) => e.to === "mover@example.com" && e.calendar)
          .map((e) => calendarOf(e.calendar ?? ""));
      const original = (await invites())[0];
      if (!original) throw new Error("no invite");
      expect(original).toMatchObject({ method: "REQUEST", sequence: 0 });

      const moved = await shop("PATCH", `/api/bookings/${ref}`, {
        date: second.date,
        start: second.start,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ date: second.date, start: second.start });
      expect(await invites()).toContainEqual(
        expect.objectContaining({ method: "REQUEST", uid: original.uid, sequence: 1 }),
      );
      expect(store.sentEmails.some((e) => e.subject.startsWith("Moved online"))).toBe(true);
      // The old window is free again.
      expect((await windows()).some((w) => w.date === first.date && w.start === first.start)).toBe(
        true,
      );

      const cancelled = await shop("POST", `/api/bookings/${ref}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe("cancelled");
      expect(await invites()).toContainEqual(
        expect.objectContaining({ method: "CANCEL", uid: original.uid, sequence: 2 }),
      );
      expect(store.sentEmails.some((e) => e.subject.startsWith("Cancelled online"))).toBe(true);
      const again = await shop("POST", `/api/bookings/${ref}/cancel`);
      expect(again.status).toBe(409);
      expect((await shop("GET", "/api/bookings/0000-0000-0000-0000")).status).toBe(404);
    });

    it("refuses changes within 24 hours of the visit (then: call us)", async () => {
      await onlyInstaller();
      const [window] = await windows();
      if (!window) throw new Error("no window");
      const booked = await shop("POST", "/api/booking", shopper(window));
      const late = new Date(storeTimeToUtc(window.date, window.start).getTime() - 23 * 3_600_000);
      await expect(
        store.services.booking.cancel(booked.body.reference, "10.9.9.9", late),
      ).rejects.toMatchObject({ status: 409, message: expect.stringContaining("(239) 555-0142") });
      const view = await store.services.booking.findForCustomer(booked.body.reference, late);
      expect(view?.changeable).toBe(false);
    });
  });

  describe("the office", () => {
    it("is warned before booking an installer over an online booking, unless two-person", async () => {
      const installer = await onlyInstaller();
      const [window] = await windows();
      if (!window) throw new Error("no window");
      await shop("POST", "/api/booking", shopper(window));
      store.sentEmails.length = 0;
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const visit = {
        kind: "measure",
        date: window.date,
        start: window.start,
        end: window.end,
        staffId: installer.id,
        notifyCustomer: true,
      };
      const warned = await call("POST", `/api/admin/orders/${order.id}/visits`, visit);
      expect(warned.status).toBe(409);
      expect(warned.body.error.code).toBe("visit_overlap");
      expect(warned.body.error.message).toContain("booked online");
      const queued = await store.services.db
        .selectFrom("email_outbox")
        .select("id")
        .where("related_type", "=", "order")
        .where("related_id", "=", order.id)
        .execute();
      expect(queued).toHaveLength(0);
      const confirmed = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        ...visit,
        twoPersonJob: true,
      });
      expect(confirmed.status).toBe(201);
      const list = await call("GET", `/api/admin/visits?from=${window.date}&to=${window.date}`);
      expect(list.status).toBe(200);
      expect(
        list.body.some(
          (v: { staffId: number; source: string }) =>
            v.staffId === installer.id && v.source === "online",
        ),
      ).toBe(true);
    });
  });

  describe("reminders and on my way", () => {
    it("reminds the day before from 18:00 store time, once, however many runners", async () => {
      await onlyInstaller();
      const [window] = await windows();
      if (!window) throw new Error("no window");
      const booked = await shop(
        "POST",
        "/api/booking",
        shopper(window, { textReminders: true, email: "reminded@example.com" }),
      );
      expect(booked.status).toBe(201);
      const bookingId = Number(
        (
          await store.services.db
            .selectFrom("visits")
            .select("id")
            .where("reference", "=", booked.body.reference)
            .executeTakeFirstOrThrow()
        ).id,
      );
      const dayBefore = addDays(window.date, -1);
      const deps = { ...store.services, texts: store.services.texts };
      // Two runners (as two processes would have) on one database, with a fake clock.
      const a = createReminderService(deps);
      const b = createReminderService(deps);
      const early = storeTimeToUtc(dayBefore, "17:59");
      expect((await a.sendDue(early)).reminded).toBe(0);
      const six = storeTimeToUtc(dayBefore, "18:00");
      const [ra, rb] = await Promise.all([a.sendDue(six), b.sendDue(six)]);
      const later = await a.sendDue(storeTimeToUtc(dayBefore, "21:00"));
      const sent = (await flush()).filter((e) => e.subject.startsWith("Reminder:"));
      expect(sent.filter((e) => e.to === "reminded@example.com")).toHaveLength(1);
      expect(ra.reminded + rb.reminded + later.reminded).toBeGreaterThanOrEqual(1);
      const texts = (await listTexts(store.services.db)).filter(
        (t) => t.kind === "reminder" && t.related_type === "visit" && t.related_id === bookingId,
      );
      expect(texts).toHaveLength(1);
      const body = texts[0]?.body ?? "";
      expect(body.length).toBeLessThanOrEqual(320);
      expect(body).toContain("Ana");
      expect(body).toContain("(239) 555-0142");
      expect(body).not.toContain("Lopez");
      expect(body).not.toContain("Palm");
    });

    it("on my way: 202 with an email (and a text when asked), 400 for another value", async () => {
      const installer = await onlyInstaller();
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      // Sent on the visit's day only (on-my-way-day.test.ts refuses the others).
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "measure",
        date: storeToday(),
        start: "08:00",
        end: "10:00",
        staffId: installer.id,
      });
      expect(visit.status).toBe(201);
      const wrong = await request(
        store,
        "POST",
        `/api/admin/visits/${visit.body.id}/on-my-way`,
        { minutes: 20 },
        { cookie: installer.cookie },
      );
      expect(wrong.status).toBe(400);
      store.sentEmails.length = 0;
      const ok = await request(
        store,
        "POST",
        `/api/admin/visits/${visit.body.id}/on-my-way`,
        { minutes: 30 },
        { cookie: installer.cookie },
      );
      expect(ok.status).toBe(202);
      const sent = await flush();
      expect(sent.some((e) => e.subject.includes("about 30 minutes"))).toBe(true);
      const other = await addWorkingStaff(store, owner, "installer");
      const notHis = await request(
        store,
        "POST",
        `/api/admin/visits/${visit.body.id}/on-my-way`,
        { minutes: 15 },
        { cookie: other.cookie },
      );
      expect(notHis.status).toBe(404);

      await onlyInstaller();
      const [window] = await windows();
      if (!window) throw new Error("no window");
      const booked = await shop("POST", "/api/booking", shopper(window, { textReminders: true }));
      const bookingRow = await store.services.db
        .selectFrom("visits")
        .select("id")
        .where("reference", "=", booked.body.reference)
        .executeTakeFirstOrThrow();
      // Booked windows start tomorrow at the earliest: the installer taps it on that day.
      await store.services.reminders.onMyWayVisit(
        bookingRow.id,
        45,
        { label: "Owner", staffId: 1, role: "owner" },
        storeTimeToUtc(window.date, window.start),
      );
      const texts = (await listTexts(store.services.db)).filter((t) => t.kind === "on_my_way");
      expect(texts.at(-1)?.body).toContain("about 45 minutes");
    });
  });

  describe("an estimate request's measurement visit, booked by the office", () => {
    let estimateSerial = 0;
    async function estimateRequest(lastName = "Reyes") {
      estimateSerial += 1;
      const { reference } = await store.services.estimates.submit(
        {
          firstName: "Dana",
          lastName,
          email: `dana.${estimateSerial}@example.com`,
          phone: "(239) 555-0100",
          address: `${estimateSerial} Shell Ct`,
          city: "Cape Coral",
          zipCode: "33904",
          windowCount: 6,
          productTypes: [],
          preferredWindow: null,
          message: null,
          website: undefined,
        },
        [],
        `203.0.113.${estimateSerial}`,
      );
      const row = await store.services.db
        .selectFrom("estimate_requests")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), reference };
    }

    it("books into a free window with the invite, once; the window is then gone for /book", async () => {
      const installer = await onlyInstaller();
      const estimate = await estimateRequest();
      const listed = await call("GET", `/api/admin/estimates/${estimate.id}/booking-windows`);
      expect(listed.status).toBe(200);
      const [window] = listed.body.windows;
      expect(window.staffIds).toEqual([installer.id]);
      expect(listed.body.windows.map((w: { date: string }) => w.date)).toEqual(
        (await windows()).map((w) => w.date),
      );
      store.sentEmails.length = 0;
      const bad = await call("POST", `/api/admin/estimates/${estimate.id}/booking`, {
        date: window.date,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.start).toBeDefined();
      const booked = await call("POST", `/api/admin/estimates/${estimate.id}/booking`, {
        date: window.date,
        start: window.start,
      });
      expect(booked.status).toBe(201);
      expect(booked.body).toMatchObject({
        date: window.date,
        start: window.start,
        end: window.end,
        staffId: installer.id,
        estimateRequestId: estimate.id,
        textReminders: false,
        status: "scheduled",
      });
      // The customer's confirmation carries the invite; the audit log says who booked it.
      const sent = await flush();
      const confirmation = sent.find(
        (e) => e.to === `dana.${estimateSerial}@example.com` && e.calendar,
      );
      const invite = calendarOf(confirmation?.calendar ?? "");
      expect(invite).toMatchObject({ method: "REQUEST", sequence: 0, tzid: "America/New_York" });
      expect(invite.start).toBe(`${window.date}T${window.start}:00`);
      expect(confirmation?.text).toContain(`/bookings/${booked.body.reference}`);
      const audit = await call("GET", "/api/admin/audit?kind=visit");
      expect(JSON.stringify(audit.body)).toContain(`estimate ${estimate.reference}`);
      const again = await call("POST", `/api/admin/estimates/${estimate.id}/booking`, {
        date: window.date,
        start: window.start,
      });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain("already has a measurement visit booked");
      const listedAfter = await call("GET", `/api/admin/estimates/${estimate.id}/bookings`);
      expect(listedAfter.body.map((b: { id: number }) => b.id)).toEqual([booked.body.id]);
      // The one installer is busy then: the window is gone for shoppers, and /book refuses it.
      expect(
        (await windows()).some((w) => w.date === window.date && w.start === window.start),
      ).toBe(false);
      const shopper_ = await shop("POST", "/api/booking", shopper(window));
      expect(shopper_.status).toBe(409);
      expect(shopper_.body.error.code).toBe("window_taken");
    });

    it("gives two office bookings of the last window one visit; the other gets 409 with windows", async () => {
      const installer = await onlyInstaller({
        weekly: { mon: [{ start: "08:00", end: "10:00" }] },
        timeOff: [],
      });
      const [a, b] = [await estimateRequest("Alpha"), await estimateRequest("Beta")];
      const [window] = (await call("GET", `/api/admin/estimates/${a.id}/booking-windows`)).body
        .windows;
      const answers = await Promise.all(
        [a, b].map((e) =>
          call("POST", `/api/admin/estimates/${e.id}/booking`, {
            date: window.date,
            start: window.start,
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const loser = answers.find((r) => r.status === 409);
      expect(loser?.body.error.code).toBe("window_taken");
      expect(Array.isArray(loser?.body.error.windows)).toBe(true);
      const rows = await store.services.db
        .selectFrom("visits")
        .select("id")
        .where("staff_id", "=", installer.id)
        .where("visit_date", "=", window.date)
        .where("start_time", "=", window.start)
        .where("status", "=", "scheduled")
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("books the installer named only when he is free; installers can't book; the booked one quotes", async () => {
      const busyOne = await onlyInstaller();
      const freeOne = await addWorkingStaff(store, owner, "installer");
      const put = await call("PUT", `/api/admin/staff/${freeOne.id}/availability`, HOURS);
      expect(put.status).toBe(200);
      const estimate = await estimateRequest("Gamma");
      const [window] = (await call("GET", `/api/admin/estimates/${estimate.id}/booking-windows`))
        .body.windows;
      // The first installer is taken at that window by a shopper.
      const taken = await shop("POST", "/api/booking", shopper(window));
      expect(taken.status).toBe(201);
      const takenRow = await store.services.db
        .selectFrom("visits")
        .select("staff_id")
        .where("reference", "=", taken.body.reference)
        .executeTakeFirstOrThrow();
      const takenBy = Number(takenRow.staff_id);
      const other = takenBy === busyOne.id ? freeOne : busyOne;
      const refused = await call("POST", `/api/admin/estimates/${estimate.id}/booking`, {
        ...window,
        staffId: takenBy,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("window_taken");
      const byInstaller = await request(
        store,
        "POST",
        `/api/admin/estimates/${estimate.id}/booking`,
        { date: window.date, start: window.start },
        { cookie: other.cookie },
      );
      expect(byInstaller.status).toBe(403);
      const booked = await call("POST", `/api/admin/estimates/${estimate.id}/booking`, {
        date: window.date,
        start: window.start,
        staffId: other.id,
      });
      expect(booked.status).toBe(201);
      expect(booked.body.staffId).toBe(other.id);

      // From there the quote: the installer who has the visit builds it; another may not.
      const quote = {
        customer: {
          firstName: "Dana",
          lastName: "Gamma",
          email: "dana.gamma@example.com",
          phone: "(239) 555-0100",
          address: "1 Shell Ct",
          city: "Cape Coral",
          zipCode: "33904",
        },
        items: [
          {
            productId: 1,
            productName: "Vinyl Vertical Blinds",
            width: 36,
            height: 48,
            selectedColor: "white",
            includeInstallation: true,
            quantity: 1,
            calculatedPrice: "129.00",
          },
        ],
        estimateId: estimate.id,
      };
      const mine = await request(store, "POST", "/api/admin/quotes", quote, {
        cookie: other.cookie,
      });
      expect(mine.status).toBe(201);
      expect(mine.body.estimateId).toBe(estimate.id);
      const notMine = await request(store, "POST", "/api/admin/quotes", quote, {
        cookie: (takenBy === busyOne.id ? busyOne : freeOne).cookie,
      });
      expect(notMine.status).toBe(403);
      // The builder's prefill shows the customer only to the installer who has the visit.
      const links = { estimateId: estimate.id, visitId: null, orderId: null };
      expect(
        await store.services.quotes.prefill(links, { staffId: other.id, role: "installer" }),
      ).toMatchObject({ lastName: "Gamma", city: "Cape Coral" });
      await expect(
        store.services.quotes.prefill(links, {
          staffId: (takenBy === busyOne.id ? busyOne : freeOne).id,
          role: "installer",
        }),
      ).rejects.toMatchObject({ code: "forbidden" });
    });
  });
});
