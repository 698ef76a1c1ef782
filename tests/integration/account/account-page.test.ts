/**
 * /account's booked visits, rendered through the app: each visit in store time in words, its
 * state, and "Move or cancel" only on a visit the customer may still change online (scheduled,
 * more than 24 hours ahead); inside the cutoff the phone number instead; a done visit neither.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { VisitStatus } from "../../../domain/scheduling/visit-time";
import {
  addDays,
  formatVisitWindow,
  storeLocal,
  storeToday,
} from "../../../domain/scheduling/visit-time";
import { insertTestOrder } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("/account's visits on %s", (dialect) => {
  let store: PageTestStore;
  beforeAll(async () => {
    store = await createPageTestStore(dialect);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  const db = () => store.services.db;

  async function signIn(email: string): Promise<string> {
    await store.services.account.requestLink(email, "198.51.100.40");
    const mail = await db()
      .selectFrom("email_outbox")
      .select("text_body")
      .where("to_address", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = mail.text_body.match(/\/account\/verify\?token=([A-Za-z0-9_-]+)/)?.[1];
    const verified = await store.services.account.verify(token);
    if (!verified.ok) throw new Error(`link refused: ${verified.problem}`);
    return `account_session=${verified.sessionToken}`;
  }

  async function bookedVisit(email: string, date: string, status: VisitStatus, start = "10:00") {
    const reference = randomBytes(10).toString("hex").toUpperCase();
    const at = new Date().toISOString();
    await db()
      .insertInto("visits")
      .values({
        order_id: null,
        kind: "measure",
        status,
        visit_date: date,
        start_time: start,
        end_time: `${String(Number(start.slice(0, 2)) + 2).padStart(2, "0")}:00`,
        staff_id: null,
        uid: `${reference}@example.com`,
        sequence: 0,
        created_at: at,
        updated_at: at,
        source: "online",
        reference,
        first_name: "Dana",
        last_name: "Visit",
        email,
        phone: "(239) 555-0100",
        address: "1 Palm Way",
        city: "Fort Myers",
        zip_code: "33901",
      })
      .execute();
    return reference;
  }

  it("offers Move or cancel only on a visit still changeable, and writes each date in words", async () => {
    const email = "visits-page@example.com";
    await insertTestOrder(db(), { email });
    const ahead = addDays(storeToday(), 10);
    const past = addDays(storeToday(), -3);
    // Inside the 24-hour cutoff whatever the hour: two hours from now (store time), or, late in
    // the evening when that window would run past midnight, tomorrow at 06:00.
    const inTwoHours = storeLocal(new Date(Date.now() + 2 * 3_600_000));
    const hour = Number(inTwoHours.time.slice(0, 2));
    const [soon, soonStart] =
      hour >= 2 && hour <= 21
        ? [inTwoHours.date, `${String(hour).padStart(2, "0")}:00`]
        : [hour < 2 ? inTwoHours.date : addDays(inTwoHours.date, 1), "06:00"];
    const changeable = await bookedVisit(email, ahead, "scheduled");
    const done = await bookedVisit(email, past, "done", "08:00");
    const inside = await bookedVisit(email, soon, "scheduled", soonStart);
    const res = await store.app.request("/account", { headers: { cookie: await signIn(email) } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const cards = html
      .split('data-testid="account-booking"')
      .slice(1)
      .map((c) => c.split("</li>")[0] ?? "");
    expect(cards).toHaveLength(3);
    const byDate = (date: string, start: string, end: string) => {
      const words = formatVisitWindow({ date, start, end });
      const card = cards.find((c) => c.includes(words));
      expect(card, `a card for ${words}`).toBeDefined();
      return card ?? "";
    };
    // Dates are words ("Tuesday, January 5, 10 AM–12 PM"), never the raw YYYY-MM-DD.
    for (const card of cards) expect(card).not.toMatch(/>\d{4}-\d{2}-\d{2}/);

    const open = byDate(ahead, "10:00", "12:00");
    expect(open).toContain(`/bookings/${changeable}`);
    expect(open).toContain("Move or cancel");
    expect(open).toContain("Scheduled");

    const finished = byDate(past, "08:00", "10:00");
    expect(finished).toContain("Done");
    expect(finished).not.toContain("Move or cancel");
    expect(finished).not.toContain(`/bookings/${done}`);
    expect(finished).not.toContain("call us");

    const soonEnd = `${String(Number(soonStart.slice(0, 2)) + 2).padStart(2, "0")}:00`;
    const soonCard = byDate(soon, soonStart, soonEnd);
    expect(soonCard).not.toContain("Move or cancel");
    expect(soonCard).not.toContain(`/bookings/${inside}`);
    expect(soonCard).toContain("tel:");
  });
});
