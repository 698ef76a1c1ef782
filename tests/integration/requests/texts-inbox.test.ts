/**
 * The staff's inbox on both databases (decision 550): threads with unread counts, opening marks
 * read, a reply queued through the outbox (201) and sent to Twilio, 409 with a reason when the
 * number has no consent or opted out, and an installer who sees only his visits' customers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTexts } from "../../../server/db/repositories/platform/text-outbox";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { postInboundText, TEST_TWILIO } from "../../support/inbound-texts";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";

const HOURS = {
  weekly: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [{ start: "08:00", end: "12:00" }]]),
  ),
  timeOff: [],
};

interface Thread {
  id: number;
  phone: string;
  customerName: string | null;
  unread: number;
  lastMessageAt: string;
}

describeEachDialect("the texts inbox on %s", (dialect) => {
  let store: TestStore;
  let twilioApi: TwilioStandIn;
  let owner: string;
  let installer: { id: number; cookie: string };
  let office: { cookie: string };
  /** Booked with texts, the installer's visit. */
  const booked = { e164: "+12395557001", typed: "239-555-7001" };
  /** Texts in without any consent. */
  const stranger = "+12395557002";

  const as = (cookie: string, method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie });
  const threads = async (cookie: string): Promise<Thread[]> =>
    (await as(cookie, "GET", "/api/admin/texts")).body.threads;
  const threadOf = async (phone: string) => {
    const found = (await threads(owner)).find((t) => t.phone === phone);
    if (!found) throw new Error(`no thread for ${phone}`);
    return found;
  };

  beforeAll(async () => {
    twilioApi = await startTwilioStandIn(
      TEST_TWILIO.TWILIO_ACCOUNT_SID,
      TEST_TWILIO.TWILIO_AUTH_TOKEN,
    );
    store = await createTestStore(dialect, {
      ...TEST_TWILIO,
      TWILIO_BASE_URL: twilioApi.baseUrl,
    });
    owner = await loginCookie(store);
    office = await addWorkingStaff(store, owner, "office");
    installer = await addWorkingStaff(store, owner, "installer");
    await store.services.db
      .updateTable("staff")
      .set({ active: 0 })
      .where("role", "=", "installer")
      .where("id", "!=", installer.id)
      .execute();
    const put = await as(owner, "PUT", `/api/admin/staff/${installer.id}/availability`, HOURS);
    expect(put.status).toBe(200);
    const windows = await request(store, "GET", "/api/booking/windows?zipCode=33904");
    const window = windows.body.windows[0];
    const visit = await request(store, "POST", "/api/booking", {
      date: window.date,
      start: window.start,
      zipCode: "33904",
      firstName: "Maria",
      lastName: "Gomez",
      email: "maria.gomez@example.com",
      phone: booked.typed,
      address: "4 Shell Ct",
      city: "Fort Myers",
      textReminders: true,
    });
    expect(visit.status).toBe(201);
    for (const [from, body] of [
      [booked.e164, "Can the installer come earlier?"],
      [booked.e164, "Also, bring the samples please."],
      [stranger, "Who is this?"],
    ] as const) {
      expect((await postInboundText(store, { from, body })).status).toBe(200);
    }
  });
  afterAll(async () => {
    await store?.close();
    await twilioApi?.close();
  });

  it("lists one thread per number with its unread count, latest first", async () => {
    const list = await as(owner, "GET", "/api/admin/texts");
    expect(list.status).toBe(200);
    const mine = (list.body.threads as Thread[]).filter((t) =>
      [booked.e164, stranger].includes(t.phone),
    );
    expect(mine.map((t) => [t.phone, t.unread, t.customerName])).toEqual([
      [stranger, 1, null],
      [booked.e164, 2, "Maria Gomez"],
    ]);
    expect(list.body.unreadThreads).toBeGreaterThanOrEqual(2);
  });

  it("opens a thread with its messages and the customer's visits, and marks it read", async () => {
    const before = (await as(owner, "GET", "/api/admin/texts")).body.unreadThreads;
    const { id } = await threadOf(booked.e164);
    const opened = await as(owner, "GET", `/api/admin/texts/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id, phone: booked.e164, consent: "opt-in" });
    expect(opened.body.messages).toEqual([
      expect.objectContaining({
        direction: "in",
        body: "Can the installer come earlier?",
        media: [],
      }),
      expect.objectContaining({ direction: "in", body: "Also, bring the samples please." }),
    ]);
    expect(opened.body.visits).toHaveLength(1);
    expect((await threadOf(booked.e164)).unread).toBe(0);
    expect((await as(owner, "GET", "/api/admin/texts")).body.unreadThreads).toBe(before - 1);
  });

  it("queues a reply through the outbox (201) and Twilio receives it", async () => {
    const { id } = await threadOf(booked.e164);
    const reply = await as(office.cookie, "POST", `/api/admin/texts/${id}/reply`, {
      body: "Yes, around 9:30. See you then!",
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ queued: true, message: { direction: "out" } });
    const queued = (await listTexts(store.services.db)).filter((t) => t.kind === "reply");
    expect(queued.map((t) => [t.to_e164, t.related_type, t.related_id])).toEqual([
      [booked.e164, "text_thread", id],
    ]);
    await store.services.texts.flush();
    expect(twilioApi.sent).toContainEqual({
      to: booked.e164,
      from: TEST_TWILIO.TWILIO_FROM,
      body: "Yes, around 9:30. See you then!",
    });
    const opened = await as(owner, "GET", `/api/admin/texts/${id}`);
    expect(opened.body.messages.at(-1)).toMatchObject({
      direction: "out",
      body: "Yes, around 9:30. See you then!",
    });
  });

  it("refuses a reply with 409 and a reason: no consent, or opted out; 400 for an empty one", async () => {
    const strangerThread = await threadOf(stranger);
    const none = await as(owner, "POST", `/api/admin/texts/${strangerThread.id}/reply`, {
      body: "Hello!",
    });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("no_text_consent");

    const { id } = await threadOf(booked.e164);
    const empty = await as(owner, "POST", `/api/admin/texts/${id}/reply`, { body: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty("body");
    const long = await as(owner, "POST", `/api/admin/texts/${id}/reply`, { body: "x".repeat(321) });
    expect(long.status).toBe(400);

    expect((await postInboundText(store, { from: booked.e164, body: "QUIT" })).status).toBe(200);
    const queuedBefore = (await listTexts(store.services.db)).length;
    const stopped = await as(owner, "POST", `/api/admin/texts/${id}/reply`, { body: "Hello?" });
    expect(stopped.status).toBe(409);
    expect(stopped.body.error.code).toBe("opted_out");
    expect((await listTexts(store.services.db)).length).toBe(queuedBefore);
    expect((await postInboundText(store, { from: booked.e164, body: "UNSTOP" })).status).toBe(200);
  });

  describe("an installer", () => {
    it("sees only the threads of his visits' customers", async () => {
      const his = await threads(installer.cookie);
      expect(his.map((t) => t.phone)).toEqual([booked.e164]);
      const strangerThread = await threadOf(stranger);
      const refused = await as(installer.cookie, "GET", `/api/admin/texts/${strangerThread.id}`);
      expect(refused.status).toBe(404);
      const reply = await as(
        installer.cookie,
        "POST",
        `/api/admin/texts/${strangerThread.id}/reply`,
        {
          body: "Hi",
        },
      );
      expect(reply.status).toBe(404);
      const ok = await as(
        installer.cookie,
        "GET",
        `/api/admin/texts/${(await threadOf(booked.e164)).id}`,
      );
      expect(ok.status).toBe(200);
    });

    it("cannot export the consent ledger (403); the office can", async () => {
      expect((await as(installer.cookie, "GET", "/api/admin/texts/consents.csv")).status).toBe(403);
      expect((await as(office.cookie, "GET", "/api/admin/texts/consents.csv")).status).toBe(200);
    });
  });

  it("answers 401 without a session and 404 for a thread that doesn't exist", async () => {
    expect((await request(store, "GET", "/api/admin/texts")).status).toBe(401);
    expect((await as(owner, "GET", "/api/admin/texts/999999")).status).toBe(404);
    expect((await as(owner, "GET", "/api/admin/texts/abc")).status).toBe(404);
  });
});
