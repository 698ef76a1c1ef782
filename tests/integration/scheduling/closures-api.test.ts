/**
 * Storm days on both databases (decision 551): closing days lists their visits with distinct
 * proposed windows and sends nothing; no booking window is offered on them; "Move all" moves
 * each visit once with one notice (and a text only with consent), and again moves nothing;
 * reopening offers the days again; a booking racing the closure never lands unlisted on a
 * closed day.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, storeTimeToUtc, storeToday } from "../../../domain/scheduling/visit-time";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const WEEKDAYS = { start: "08:00", end: "12:00" };
const HOURS = {
  weekly: {
    mon: [WEEKDAYS],
    tue: [WEEKDAYS],
    wed: [WEEKDAYS],
    thu: [WEEKDAYS],
    fri: [WEEKDAYS],
    sat: [WEEKDAYS],
  },
  timeOff: [] as { from: string; to: string }[],
};

let addressSerial = 0;
const from = () => ({
  "x-forwarded-for": `10.31.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`,
});

function shopper(window: { date: string; start: string }, n: number, texts = false) {
  return {
    ...window,
    zipCode: "33904",
    firstName: `Rita${n}`,
    lastName: "Storm",
    email: `rita${n}.storm@example.com`,
    phone: `(239) 555-01${String(n).padStart(2, "0")}`,
    address: `${n} Gulf Dr`,
    city: "Fort Myers",
    textReminders: texts,
  };
}

interface Window {
  date: string;
  start: string;
  end: string;
}

describeEachDialect("storm days on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const call = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const shop = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, from());

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function onlyInstaller(hours = HOURS) {
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

  async function windows(): Promise<Window[]> {
    const res = await shop("GET", "/api/booking/windows?zipCode=33904");
    expect(res.status).toBe(200);
    return res.body.windows;
  }

  /** A day with both its windows free and no visit of earlier tests, far enough ahead. */
  async function freeDay(after = addDays(storeToday(), 3)): Promise<string> {
    const all = await windows();
    const used = new Set(
      (await store.services.db.selectFrom("visits").select("visit_date").execute()).map(
        (v) => v.visit_date,
      ),
    );
    const day = all.find(
      (w) =>
        w.date > after && !used.has(w.date) && all.filter((o) => o.date === w.date).length === 2,
    );
    if (!day) throw new Error("no free day");
    return day.date;
  }

  async function book(window: { date: string; start: string }, n: number, texts = false) {
    const res = await shop("POST", "/api/booking", shopper(window, n, texts));
    expect(res.status).toBe(201);
    return res.body.reference as string;
  }

  async function outboxes() {
    const db = store.services.db;
    const [emails, texts] = await Promise.all([
      db.selectFrom("email_outbox").select(["id", "to_address", "subject"]).execute(),
      db.selectFrom("text_outbox").select(["id", "to_phone", "body", "kind"]).execute(),
    ]);
    return { emails, texts };
  }

  async function visitIdOf(reference: string): Promise<number> {
    const row = await store.services.db
      .selectFrom("visits")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it("refuses bad input with the field named, installers, and days in the past", async () => {
    const bad = await call("POST", "/api/admin/closures", {
      from: "2026-13-01",
      to: "x",
      reason: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/from must be a date/);
    const backwards = await call("POST", "/api/admin/closures", {
      from: addDays(storeToday(), 5),
      to: addDays(storeToday(), 4),
      reason: "Hurricane",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toMatch(/to must be on or after from/);
    const past = await call("POST", "/api/admin/closures", {
      from: addDays(storeToday(), -1),
      to: storeToday(),
      reason: "Hurricane",
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toMatch(/in the past/);
    const installer = await addWorkingStaff(store, owner, "installer");
    const refused = await request(
      store,
      "POST",
      "/api/admin/closures",
      { from: addDays(storeToday(), 3), to: addDays(storeToday(), 3), reason: "Hurricane" },
      { cookie: installer.cookie },
    );
    expect(refused.status).toBe(403);
    const anonymous = await request(store, "GET", "/api/admin/closures");
    expect(anonymous.status).toBe(401);
  });

  it("closes a day: its visits listed with distinct proposals, no window offered, nothing sent", async () => {
    const installer = await onlyInstaller();
    const day = await freeDay();
    const first = await book({ date: day, start: "08:00" }, 1, true);
    const second = await book({ date: day, start: "10:00" }, 2, false);
    await store.services.emails.flush();
    const before = await outboxes();
    const expected = (await windows()).filter((w) => w.date > day).slice(0, 2);

    const closed = await call("POST", "/api/admin/closures", {
      from: day,
      to: day,
      reason: "Hurricane warning",
    });
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({ from: day, to: day, reason: "Hurricane warning" });
    expect(closed.body.visits.map((v: { id: number }) => v.id)).toEqual([
      await visitIdOf(first),
      await visitIdOf(second),
    ]);
    expect(closed.body.visits.map((v: { proposed: unknown }) => v.proposed)).toEqual(
      expected.map((w) => ({ date: w.date, start: w.start })),
    );
    expect(new Set(expected.map((w) => `${w.date} ${w.start}`)).size).toBe(2);
    expect(await outboxes()).toEqual(before);
    expect((await windows()).filter((w) => w.date === day)).toEqual([]);
    const listed = await call("GET", "/api/admin/closures");
    expect(listed.status).toBe(200);
    expect(listed.body.closures.map((c: { id: number }) => c.id)).toContain(closed.body.id);

    const again = await call("POST", "/api/admin/closures", {
      from: addDays(day, -1),
      to: day,
      reason: "Again",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already closed/);

    // Booking the closed day is refused as a taken window.
    const late = await shop("POST", "/api/booking", shopper({ date: day, start: "08:00" }, 3));
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("window_taken");

    // Move all: each visit moves to its proposal, one email each, a text only with consent.
    const moved = await call("POST", `/api/admin/closures/${closed.body.id}/move-all`);
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toEqual(
      closed.body.visits.map((v: { id: number; proposed: object }) => ({
        id: v.id,
        ...v.proposed,
      })),
    );
    const after = await outboxes();
    const newEmails = after.emails.filter((e) => !before.emails.some((b) => b.id === e.id));
    expect(newEmails.map((e) => e.to_address).sort()).toEqual([
      "rita1.storm@example.com",
      "rita2.storm@example.com",
    ]);
    const newTexts = after.texts.filter((t) => !before.texts.some((b) => b.id === t.id));
    expect(newTexts).toHaveLength(1);
    expect(newTexts[0]).toMatchObject({ to_phone: "(239) 555-0101", kind: "visit_moved" });
    expect(newTexts[0]?.body).toContain(`/bookings/${first}`);
    expect(newTexts[0]?.body.length).toBeLessThanOrEqual(320);

    // The schedule and the installer's own list follow the rows.
    const range = `from=${day}&to=${addDays(day, 21)}`;
    const schedule = await call("GET", `/api/admin/visits?${range}`);
    const mine = await request(store, "GET", `/api/admin/visits?${range}`, undefined, {
      cookie: installer.cookie,
    });
    for (const list of [schedule.body, mine.body]) {
      const ours = list.filter((v: { id: number }) =>
        closed.body.visits.some((c: { id: number }) => c.id === v.id),
      );
      expect(
        ours.map((v: { date: string; start: string }) => ({ date: v.date, start: v.start })),
      ).toEqual(expected.map((w) => ({ date: w.date, start: w.start })));
    }

    // A second move-all moves nothing and sends nothing.
    const twice = await call("POST", `/api/admin/closures/${closed.body.id}/move-all`);
    expect(twice.status).toBe(200);
    expect(twice.body.moved).toEqual([]);
    expect(await outboxes()).toEqual(after);

    // Reopening offers the day again; a second reopen is a 404.
    const reopened = await call("DELETE", `/api/admin/closures/${closed.body.id}`);
    expect(reopened.status).toBe(204);
    expect((await windows()).some((w) => w.date === day)).toBe(true);
    expect((await call("DELETE", `/api/admin/closures/${closed.body.id}`)).status).toBe(404);
    expect((await call("POST", `/api/admin/closures/${closed.body.id}/move-all`)).status).toBe(404);
  });

  it("proposes null when the installer has nothing free within the horizon after the closure", async () => {
    const installer = await onlyInstaller();
    const day = await freeDay(addDays(storeToday(), 4));
    await book({ date: day, start: "08:00" }, 4);
    const off = { from: addDays(day, 1), to: addDays(day, 60) };
    expect(
      (
        await call("PUT", `/api/admin/staff/${installer.id}/availability`, {
          ...HOURS,
          timeOff: [off],
        })
      ).status,
    ).toBe(200);
    const closed = await call("POST", "/api/admin/closures", {
      from: day,
      to: day,
      reason: "Flood",
    });
    expect(closed.status).toBe(201);
    expect(closed.body.visits).toHaveLength(1);
    expect(closed.body.visits[0].proposed).toBeNull();
    const moved = await call("POST", `/api/admin/closures/${closed.body.id}/move-all`);
    expect(moved.body.moved).toEqual([]);
    expect((await call("DELETE", `/api/admin/closures/${closed.body.id}`)).status).toBe(204);
  });

  it("a booking racing the closure is either listed by it or refused", async () => {
    await onlyInstaller();
    const day = await freeDay(addDays(storeToday(), 5));
    const bookings = [0, 1, 2, 3].map((n) =>
      shop(
        "POST",
        "/api/booking",
        shopper({ date: day, start: n % 2 ? "10:00" : "08:00" }, 10 + n),
      ),
    );
    const closing = call("POST", "/api/admin/closures", { from: day, to: day, reason: "Race" });
    const [closed, ...answers] = await Promise.all([closing, ...bookings]);
    expect(closed?.status).toBe(201);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const onDay = await store.services.db
      .selectFrom("visits")
      .select("id")
      .where("visit_date", "=", day)
      .where("status", "=", "scheduled")
      .execute();
    const listed = (closed?.body.visits ?? []).map((v: { id: number }) => v.id).sort();
    expect(onDay.map((v) => Number(v.id)).sort()).toEqual(listed);
    // Once closed, a booking of that day is refused.
    const after = await shop("POST", "/api/booking", shopper({ date: day, start: "08:00" }, 20));
    expect(after.status).toBe(409);
    expect(storeTimeToUtc(day, "08:00").getTime()).toBeGreaterThan(Date.now());
  });
});
