/**
 * Inbound texts on both databases (decision 550): the signature checked with Twilio's own
 * algorithm (403 and zero rows when wrong or no token), each MessageSid once, TwiML answers,
 * STOP/START/HELP as whole messages, a STOP that drops what is queued and stops what comes
 * after, the ledger entries written by booking, and the ledger CSV.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueText, listTexts } from "../../../server/db/repositories/platform/text-outbox";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { newMessageSid, postInboundText, TEST_TWILIO } from "../../support/inbound-texts";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";

const HOURS = {
  weekly: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [{ start: "08:00", end: "12:00" }]]),
  ),
  timeOff: [],
};

let numberSerial = 0;
/** A fresh number, as Twilio sends it (E.164), and as a shopper types it. */
function newNumber() {
  numberSerial += 1;
  const last4 = String(1000 + numberSerial).slice(-4);
  return { e164: `+1239555${last4}`, typed: `(239) 555-${last4}` };
}

async function rowCounts(store: TestStore) {
  const db = store.services.db;
  const count = async (table: "text_threads" | "text_messages" | "text_consents") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    threads: await count("text_threads"),
    messages: await count("text_messages"),
    consents: await count("text_consents"),
  };
}

describeEachDialect("inbound texts on %s", (dialect) => {
  let store: TestStore;
  let twilioApi: TwilioStandIn;
  let owner: string;

  beforeAll(async () => {
    twilioApi = await startTwilioStandIn(
      TEST_TWILIO.TWILIO_ACCOUNT_SID,
      TEST_TWILIO.TWILIO_AUTH_TOKEN,
    );
    store = await createTestStore(dialect, {
      ...TEST_TWILIO,
      TWILIO_BASE_URL: twilioApi.baseUrl,
      TRUST_PROXY: "true",
    });
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
    await twilioApi?.close();
  });

  const inbox = async () =>
    (await request(store, "GET", "/api/admin/texts", undefined, { cookie: owner })).body;

  describe("the signature", () => {
    it("refuses a wrong signature, another token, another URL or none with 403 and stores nothing", async () => {
      const before = await rowCounts(store);
      const { e164 } = newNumber();
      const cases = [
        { signature: "bm90IGEgc2lnbmF0dXJl" },
        { token: "anothertoken0123456789abcdefABCD" },
        { url: "https://elsewhere.example/api/texts/inbound" },
        { signature: null },
      ];
      for (const c of cases) {
        const res = await postInboundText(store, { from: e164, body: "STOP", ...c });
        expect(res.status, JSON.stringify(c)).toBe(403);
      }
      expect(await rowCounts(store)).toEqual(before);
    });

    it("accepts Twilio's signature over PUBLIC_URL + the path and answers TwiML", async () => {
      const { e164 } = newNumber();
      const res = await postInboundText(store, { from: e164, body: "Can you come Tuesday?" });
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/xml/);
      expect(res.text).toContain("<Response/>");
      const thread = (await inbox()).threads.find((t: { phone: string }) => t.phone === e164);
      expect(thread).toMatchObject({ phone: e164, unread: 1, customerName: null });
    });

    it("refuses a body that isn't form-encoded with 415", async () => {
      const res = await store.app.request("/api/texts/inbound", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ From: "+12395550000", Body: "hi" }),
      });
      expect(res.status).toBe(415);
    });

    it("refuses a signed text with a malformed MessageSid with 400, storing nothing", async () => {
      const before = await rowCounts(store);
      const res = await postInboundText(store, { from: newNumber().e164, body: "hi", sid: "x" });
      expect(res.status).toBe(400);
      expect(await rowCounts(store)).toEqual(before);
    });
  });

  it("takes each MessageSid once: a repeat answers 200 with empty TwiML and stores nothing", async () => {
    const { e164 } = newNumber();
    const sid = newMessageSid();
    const first = await postInboundText(store, { from: e164, body: "HELP", sid });
    expect(first.status).toBe(200);
    expect(first.text).toContain("<Message>");
    const before = await rowCounts(store);
    const again = await Promise.all(
      [1, 2, 3].map(() => postInboundText(store, { from: e164, body: "HELP", sid })),
    );
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/xml/);
      expect(res.text).not.toContain("<Message>");
    }
    expect(await rowCounts(store)).toEqual(before);
  });

  it("answers HELP with the store's name and phone; 'cancel my visit' is a message", async () => {
    const { e164 } = newNumber();
    const help = await postInboundText(store, { from: e164, body: " help? " });
    expect(help.text).toContain(store.config.business.name.replace(/&/g, "&amp;"));
    expect(help.text).toContain(store.config.business.phone);
    const before = (await rowCounts(store)).consents;
    const message = await postInboundText(store, { from: e164, body: "cancel my visit" });
    expect(message.text).not.toContain("<Message>");
    expect((await rowCounts(store)).consents).toBe(before);
    const thread = (await inbox()).threads.find((t: { phone: string }) => t.phone === e164);
    // HELP shows in the thread but is not unread; the message is.
    expect(thread.unread).toBe(1);
    const opened = await request(store, "GET", `/api/admin/texts/${thread.id}`, undefined, {
      cookie: owner,
    });
    expect(
      opened.body.messages.map((m: { direction: string; body: string }) => m.direction),
    ).toEqual(["in", "out", "in"]);
    expect(opened.body.messages[2].body).toBe("cancel my visit");
  });

  it("START from a number with no record records nothing and answers like HELP", async () => {
    const { e164 } = newNumber();
    const before = (await rowCounts(store)).consents;
    const res = await postInboundText(store, { from: e164, body: "START" });
    expect(res.text).toContain("for help call");
    expect((await rowCounts(store)).consents).toBe(before);
  });

  describe("a booked customer", () => {
    let number: { e164: string; typed: string };
    let visitId: number;

    beforeAll(async () => {
      await store.services.db
        .updateTable("staff")
        .set({ active: 0 })
        .where("role", "=", "installer")
        .execute();
      const installer = await addWorkingStaff(store, owner, "installer");
      const put = await request(
        store,
        "PUT",
        `/api/admin/staff/${installer.id}/availability`,
        HOURS,
        { cookie: owner },
      );
      expect(put.status).toBe(200);
      const windows = await request(store, "GET", "/api/booking/windows?zipCode=33904");
      const window = windows.body.windows[0];
      number = newNumber();
      const booked = await request(store, "POST", "/api/booking", {
        date: window.date,
        start: window.start,
        zipCode: "33904",
        firstName: "Ana",
        lastName: "Lopez",
        email: "ana.lopez@example.com",
        phone: number.typed,
        address: "12 Palm Ave",
        city: "Cape Coral",
        textReminders: true,
      });
      expect(booked.status).toBe(201);
      const row = await store.services.db
        .selectFrom("visits")
        .select("id")
        .where("reference", "=", booked.body.reference)
        .executeTakeFirstOrThrow();
      visitId = Number(row.id);
    });

    it("has an opt-in from booking in the ledger, with the words shown", async () => {
      const csv = await request(store, "GET", "/api/admin/texts/consents.csv", undefined, {
        cookie: owner,
      });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      const rows: Record<string, string>[] = parse(String(csv.body), {
        columns: true,
        bom: true,
        relax_quotes: false,
        relax_column_count: false,
      });
      expect(Object.keys(rows[0] ?? {})).toEqual(["phone", "event", "source", "at", "words"]);
      // The formula guard of every export (domain/shared/csv.ts) keeps "+1…" as text: '+1….
      const mine = rows.filter((r) => r.phone === `'${number.e164}`);
      expect(mine).toEqual([expect.objectContaining({ event: "opt-in", source: "booking" })]);
      expect(mine[0]?.words).toMatch(/text/i);
    });

    it("STOP drops the queued texts, confirms once, and no later text is sent", async () => {
      await enqueueText(store.services.db, {
        kind: "on_my_way",
        to: number.typed,
        body: "Hi Ana, your installer is on the way.",
        relatedType: "visit",
        relatedId: visitId,
      });
      const stop = await postInboundText(store, { from: number.e164, body: "Stop." });
      expect(stop.status).toBe(200);
      expect(stop.text).toContain("no more texts");
      const queued = (await listTexts(store.services.db)).filter((t) => t.related_id === visitId);
      expect(queued.map((t) => t.status)).toEqual(["dropped"]);
      // A second STOP changes nothing and answers nothing.
      const again = await postInboundText(store, { from: number.e164, body: "STOP" });
      expect(again.text).not.toContain("<Message>");
      // A reminder queued after the STOP (the reminder job does not read the ledger) is not sent.
      await enqueueText(store.services.db, {
        kind: "reminder",
        to: number.typed,
        body: "Hi Ana, see you tomorrow.",
        relatedType: "visit",
        relatedId: visitId,
      });
      await store.services.texts.flush();
      expect(twilioApi.sent.filter((t) => t.to === number.e164)).toEqual([]);
      const after = (await listTexts(store.services.db)).filter((t) => t.related_id === visitId);
      expect(after.map((t) => t.status)).toEqual(["dropped", "dropped"]);
      const csv = await request(store, "GET", "/api/admin/texts/consents.csv", undefined, {
        cookie: owner,
      });
      const rows: Record<string, string>[] = parse(String(csv.body), { columns: true, bom: true });
      expect(
        rows.filter((r) => r.phone === `'${number.e164}`).map((r) => [r.event, r.source]),
      ).toEqual([
        ["opt-in", "booking"],
        ["opt-out", "keyword"],
      ]);
    });

    it("START after STOP records an opt-in and texts go again", async () => {
      const start = await postInboundText(store, { from: number.e164, body: "start" });
      expect(start.text).toContain("back on");
      await enqueueText(store.services.db, {
        kind: "reminder",
        to: number.typed,
        body: "Hi Ana, see you tomorrow.",
        relatedType: "visit",
        relatedId: visitId,
      });
      await store.services.texts.flush();
      expect(twilioApi.sent.filter((t) => t.to === number.e164)).toEqual([
        { to: number.e164, from: TEST_TWILIO.TWILIO_FROM, body: "Hi Ana, see you tomorrow." },
      ]);
      const csv = await request(store, "GET", "/api/admin/texts/consents.csv", undefined, {
        cookie: owner,
      });
      const rows: Record<string, string>[] = parse(String(csv.body), { columns: true, bom: true });
      expect(rows.filter((r) => r.phone === `'${number.e164}`).map((r) => r.event)).toEqual([
        "opt-in",
        "opt-out",
        "opt-in",
      ]);
    });

    it("names the thread after the customer whose visit carries the number", async () => {
      const thread = (await inbox()).threads.find(
        (t: { phone: string }) => t.phone === number.e164,
      );
      expect(thread.customerName).toBe("Ana Lopez");
    });
  });

  it("answers 403 and stores nothing when no TWILIO_AUTH_TOKEN is set", async () => {
    const bare = await createTestStore(dialect, { PUBLIC_URL: TEST_TWILIO.PUBLIC_URL });
    try {
      const res = await postInboundText(bare, { from: newNumber().e164, body: "hello" });
      expect(res.status).toBe(403);
      const n = await bare.services.db
        .selectFrom("text_messages")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
