/**
 * The customer's own page: the link request answers the same for every email
 * (body and timing), is limited per address and per email in the database, the link works once
 * for 15 minutes and is stored hashed, and the session shows that email's orders.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { QuoteStatus } from "../../../domain/sales/quote";
import { ACCOUNT_LINK_SENT } from "../../../server/services/account/account";
import { insertTestOrder } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

let addressCounter = 0;
function from(address = `198.51.100.${++addressCounter % 250}`) {
  return { "x-forwarded-for": address };
}

describeEachDialect("account API on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, {
      TRUST_PROXY: "true",
      PUBLIC_URL: "https://blinds.example.com",
    });
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    const db = store.services.db;
    await db.deleteFrom("email_outbox").execute();
    await db.deleteFrom("account_links").execute();
    await db.deleteFrom("account_sessions").execute();
    await db.deleteFrom("rate_limits").execute();
  });

  const db = () => store.services.db;
  const outbox = () => db().selectFrom("email_outbox").selectAll().orderBy("id").execute();
  const askLink = (email: string, headers = from()) =>
    request(store, "POST", "/api/account/link", { email }, headers);

  async function linkTokenFor(email: string): Promise<string> {
    const res = await askLink(email);
    expect(res.status).toBe(202);
    const mail = (await outbox()).filter((e) => e.to_address === email).at(-1);
    const token = mail?.text_body.match(/\/account\/verify\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error("no link in the email");
    return token;
  }

  async function signIn(email: string): Promise<string> {
    const verified = await store.services.account.verify(await linkTokenFor(email));
    if (!verified.ok) throw new Error(`link refused: ${verified.problem}`);
    return `account_session=${verified.sessionToken}`;
  }

  it("answers the same 202 for a known and an unknown email, and emails only the known", async () => {
    await insertTestOrder(db(), { email: "known@example.com" });
    const known = await askLink("Known@Example.com ");
    const unknown = await askLink("nobody@example.com");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ status: "accepted", message: ACCOUNT_LINK_SENT });
    expect(known.headers.get("cache-control")).toBe("private, no-store");
    const mails = await outbox();
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ["account-link", "known@example.com"],
    ]);
    const link = mails[0]?.text_body.match(
      /https:\/\/blinds\.example\.com\/account\/verify\?token=([A-Za-z0-9_-]{43})/,
    );
    expect(link?.[1]).toBeDefined();
    // Both requests stored a link (the same work); neither token is in the database.
    const rows = await db().selectFrom("account_links").selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(link?.[1] ?? "none");
    // Its footer links the customer's page, like every email.
    expect(mails[0]?.text_body).toContain("https://blinds.example.com/account");
  });

  it("takes the same time for a known and an unknown email (within noise)", async () => {
    const known: string[] = [];
    for (let i = 0; i < 12; i++) {
      known.push(`timing-known-${i}@example.com`);
      await insertTestOrder(db(), { email: `timing-known-${i}@example.com` });
    }
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await askLink(email);
      expect(res.status).toBe(202);
      return performance.now() - started;
    };
    // Warm up both paths, then interleave so that the machine's noise hits both alike.
    await timed("warm-unknown@example.com");
    await timed(known[0] ?? "");
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 1; i < 12; i++) {
      k.push(await timed(known[i] ?? ""));
      u.push(await timed(`timing-unknown-${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const difference = Math.abs(median(k) - median(u));
    expect(difference).toBeLessThan(Math.max(3, 0.5 * Math.max(median(k), median(u))));
  });

  it("refuses the 6th request an hour from one address (429), and from many for one email sends nothing more (202)", async () => {
    await insertTestOrder(db(), { email: "busy@example.com" });
    const address = from("203.0.113.7");
    for (let i = 0; i < 5; i++) {
      expect((await askLink(`someone-${i}@example.com`, address)).status).toBe(202);
    }
    const refused = await askLink("busy@example.com", address);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.body.error.message).toContain("(239) 555-0142");

    // Refused by its address, it was no request for the email: 5 more from other addresses
    // each send a link; the 6th and later for that email answer the same 202 and send nothing.
    for (let i = 0; i < 5; i++) expect((await askLink("busy@example.com")).status).toBe(202);
    const sent = (await outbox()).filter((m) => m.to_address === "busy@example.com");
    expect(sent).toHaveLength(5);
    for (let i = 0; i < 5; i++) {
      const past = await askLink("busy@example.com", from(`203.0.113.${100 + i}`));
      expect(past.status).toBe(202);
      expect(past.body).toEqual({ status: "accepted", message: ACCOUNT_LINK_SENT });
    }
    expect((await outbox()).filter((m) => m.to_address === "busy@example.com")).toHaveLength(5);
    // The customer's own request from his own address still answers 202, and the links
    // already sent still open his page.
    expect((await askLink("busy@example.com", from("203.0.113.200"))).status).toBe(202);
    const token = sent[0]?.text_body.match(/\/account\/verify\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect((await store.services.account.verify(token)).ok).toBe(true);
    // Counted in the database (shared by every process), the email only as a hash.
    const keys = await db().selectFrom("rate_limits").select("key").execute();
    expect(keys.some((k) => k.key.startsWith("account-link-email:"))).toBe(true);
    expect(JSON.stringify(keys)).not.toContain("busy@example.com");
  });

  it("refuses a malformed email with 400 naming the field", async () => {
    const res = await askLink("not an email");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/email/i);
  });

  it("opens one session per link: a second use, an expired or a made-up link say so", async () => {
    await insertTestOrder(db(), { email: "once@example.com" });
    const token = await linkTokenFor("once@example.com");
    const first = await store.services.account.verify(token);
    expect(first.ok).toBe(true);
    expect(await store.services.account.verify(token)).toEqual({ ok: false, problem: "used" });

    const late = await linkTokenFor("once@example.com");
    await db()
      .updateTable("account_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("used_at", "is", null)
      .execute();
    expect(await store.services.account.verify(late)).toEqual({ ok: false, problem: "expired" });
    expect(await store.services.account.verify("A".repeat(43))).toEqual({
      ok: false,
      problem: "invalid",
    });
    expect(await store.services.account.verify("short")).toEqual({
      ok: false,
      problem: "invalid",
    });
  });

  it("lets two concurrent uses of one link open one session only", async () => {
    await insertTestOrder(db(), { email: "race@example.com" });
    const token = await linkTokenFor("race@example.com");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => store.services.account.verify(token)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const sessions = await db().selectFrom("account_sessions").selectAll().execute();
    expect(sessions).toHaveLength(1);
  });

  describe("GET /api/account", () => {
    it("answers 401 without a session and with a made-up one", async () => {
      expect((await request(store, "GET", "/api/account")).status).toBe(401);
      const res = await request(store, "GET", "/api/account", undefined, {
        cookie: `account_session=${"B".repeat(43)}`,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    });

    it("lists the email's orders with status in words, balance due and next visit", async () => {
      const email = "two-orders@example.com";
      const first = await insertTestOrder(db(), {
        email,
        status: "scheduled",
        createdAt: "2026-10-01T15:00:00.000Z",
      });
      const second = await insertTestOrder(db(), {
        email,
        status: "pending",
        createdAt: "2026-11-01T15:00:00.000Z",
      });
      await insertTestOrder(db(), { email: "someone-else@example.com" });
      await db()
        .updateTable("orders")
        .set({ paid_cents: 20_00 })
        .where("id", "=", first.id)
        .execute();
      await db()
        .insertInto("visits")
        .values({
          order_id: first.id,
          kind: "install",
          status: "scheduled",
          visit_date: "2099-01-05",
          start_time: "09:00",
          end_time: "11:00",
          staff_id: null,
          uid: "test-visit@example.com",
          sequence: 0,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      const quote = (n: number, status: QuoteStatus) => ({
        quote_number: n,
        token: `quote-token-${n}-${dialect}`,
        status,
        first_name: "Two",
        last_name: "Orders",
        email,
        phone: "(239) 555-0100",
        address: "1 Palm Way",
        city: "Fort Myers",
        zip_code: "33901",
        deposit_percent: 50,
        valid_until: "2099-01-31",
        total_cents: 1_234_50,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
      await db()
        .insertInto("quotes")
        .values([quote(501, "sent"), quote(502, "draft")])
        .execute();
      const cookie = await signIn(email);
      const res = await request(store, "GET", "/api/account", undefined, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.body.email).toBe(email);
      // A sent quote is listed with its link's token; a draft was never sent: not shown.
      expect(res.body.quotes).toEqual([
        {
          quoteNumber: 501,
          status: "sent",
          statusLabel: "Sent",
          total: 1234.5,
          token: `quote-token-501-${dialect}`,
        },
      ]);
      expect(res.body.bookings).toEqual([]);
      expect(res.body.orders.map((o: { reference: string }) => o.reference)).toEqual([
        second.reference,
        first.reference,
      ]);
      const scheduled = res.body.orders[1];
      expect(scheduled).toMatchObject({
        status: "scheduled",
        statusLabel: expect.stringMatching(/[A-Z][a-z]/),
        nextVisit: { date: "2099-01-05", start: "09:00", end: "11:00", kind: "install" },
      });
      expect(scheduled.balanceDue).toBeCloseTo(scheduled.total - 20, 2);
      expect(typeof scheduled.orderNumber).toBe("number");
      expect(res.body.orders[0].nextVisit).toBeNull();
    });

    it("ends with Sign out: the cookie is cleared and the session refused", async () => {
      await insertTestOrder(db(), { email: "leaving@example.com" });
      const cookie = await signIn("leaving@example.com");
      const out = await request(store, "POST", "/api/account/logout", undefined, { cookie });
      expect(out.status).toBe(200);
      expect(out.headers.get("set-cookie")).toMatch(/account_session=; .*Max-Age=0/);
      expect((await request(store, "GET", "/api/account", undefined, { cookie })).status).toBe(401);
    });
  });

  it("never writes a link or session token to the log", async () => {
    await insertTestOrder(db(), { email: "private@example.com" });
    const token = await linkTokenFor("private@example.com");
    const verified = await store.services.account.verify(token);
    const session = verified.ok ? verified.sessionToken : "none";
    const log = store.logLines.join("\n");
    expect(log).not.toContain(token);
    expect(log).not.toContain(session);
    expect(log).not.toContain("private@example.com");
  });
});
