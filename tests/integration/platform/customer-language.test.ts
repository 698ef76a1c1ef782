/**
 * The customer's language kept on both databases (decision 595): POST /api/cart, /api/orders,
 * /api/booking and /api/account/link take `language` at the top level and a quote takes it in
 * `customer.language`; absent is English, anything else a 400 naming the field. An order takes
 * its request's language, else its cart's; the database itself refuses a third language.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import {
  SAMPLE_ITEM,
  SAMPLE_QUOTE_CUSTOMER,
  SAMPLE_UNIT_CENTS,
  VINYL_INSTALLED,
} from "../../support/sample-items";
import { expectedTotals, sampleCustomer } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const HOURS = {
  weekly: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [{ start: "08:00", end: "12:00" }]]),
  ),
  timeOff: [],
};

let serial = 0;
const from = () => ({ "x-forwarded-for": `10.77.${Math.floor(++serial / 250)}.${serial % 250}` });

describeEachDialect("the customer's language on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const shop = (method: string, path: string, body?: unknown, headers = {}) =>
    request(store, method, path, body, { ...from(), ...headers });
  const admin = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await db().deleteFrom("rate_limits").execute();
  });

  async function cartIn(language?: string): Promise<string> {
    const body = language === undefined ? SAMPLE_ITEM : { ...SAMPLE_ITEM, language };
    const res = await shop("POST", "/api/cart", body);
    expect(res.status).toBe(201);
    return res.body.sessionId;
  }
  const cartLanguage = async (id: string) =>
    (await db().selectFrom("carts").select("language").where("id", "=", id).executeTakeFirst())
      ?.language;

  async function order(sessionId: string, n: number, extra: Record<string, unknown> = {}) {
    const res = await shop(
      "POST",
      "/api/orders",
      {
        customerInfo: sampleCustomer(n, `lang-${dialect}`),
        totals: expectedTotals(SAMPLE_UNIT_CENTS, 1),
        ...extra,
      },
      { "x-session-id": sessionId },
    );
    expect(res.body.error?.message).toBeUndefined();
    expect(res.status).toBe(201);
    const row = await db()
      .selectFrom("orders")
      .select(["id", "language"])
      .where("reference", "=", res.body.reference)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), language: row.language };
  }

  it("keeps the cart's language: absent is English, the last add's wins, a third is a 400", async () => {
    const english = await cartIn();
    expect(await cartLanguage(english)).toBe("en");
    const spanish = await cartIn("es");
    expect(await cartLanguage(spanish)).toBe("es");
    const again = await shop(
      "POST",
      "/api/cart",
      { ...SAMPLE_ITEM, language: "en" },
      { "x-session-id": spanish },
    );
    expect(again.body.sessionId).toBe(spanish);
    expect(await cartLanguage(spanish)).toBe("en");
    for (const bad of ["fr", "ES", "", 1, null]) {
      const res = await shop("POST", "/api/cart", { ...SAMPLE_ITEM, language: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('language must be "en" (English) or "es" (Spanish)');
    }
  });

  it("gives an order its request's language, else its cart's; a bad one is a 400", async () => {
    expect((await order(await cartIn("es"), 1)).language).toBe("es");
    expect((await order(await cartIn("en"), 2, { language: "es" })).language).toBe("es");
    expect((await order(await cartIn("es"), 3, { language: "en" })).language).toBe("en");
    expect((await order(await cartIn(), 4)).language).toBe("en");
    const refused = await shop(
      "POST",
      "/api/orders",
      {
        customerInfo: sampleCustomer(5),
        totals: expectedTotals(SAMPLE_UNIT_CENTS, 1),
        language: "pt",
      },
      { "x-session-id": await cartIn() },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("language");
  });

  it("shows the office a Spanish order's language, and its visits take it", async () => {
    const placed = await order(await cartIn("es"), 6);
    const json = await admin("GET", `/api/admin/orders/${placed.id}`);
    expect(json.status).toBe(200);
    expect(json.body.language ?? json.body.order?.language).toBe("es");
    const english = await insertTestOrder(store.services.db, {});
    for (const [orderId, language] of [
      [placed.id, "es"],
      [english.id, "en"],
    ] as const) {
      const visit = await admin("POST", `/api/admin/orders/${orderId}/visits`, {
        kind: "measure",
        date: "2031-03-04",
        start: "09:00",
        end: "11:00",
      });
      expect(visit.body.error?.message).toBeUndefined();
      const row = await db()
        .selectFrom("visits")
        .select("language")
        .where("order_id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(row.language).toBe(language);
    }
  });

  it("books a visit in the /book page's language; a bad one is a 400", async () => {
    await db().updateTable("staff").set({ active: 0 }).where("role", "=", "installer").execute();
    const installer = await addWorkingStaff(store, owner, "installer");
    expect(
      (await admin("PUT", `/api/admin/staff/${installer.id}/availability`, HOURS)).status,
    ).toBe(200);
    const windows = (await shop("GET", "/api/booking/windows?zipCode=33904")).body.windows;
    const [first, second] = windows;
    const contact = {
      zipCode: "33904",
      firstName: "Ana",
      lastName: "López",
      email: "ana.lopez@example.com",
      phone: "(239) 555-0199",
      address: "12 Palm Ave",
      city: "Cape Coral",
    };
    const bad = await shop("POST", "/api/booking", { ...first, ...contact, language: "de" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("language");
    const spanish = await shop("POST", "/api/booking", { ...first, ...contact, language: "es" });
    expect(spanish.status).toBe(201);
    const english = await shop("POST", "/api/booking", { ...second, ...contact });
    expect(english.status).toBe(201);
    const languageOf = async (reference: string) =>
      (
        await db()
          .selectFrom("visits")
          .select("language")
          .where("reference", "=", reference)
          .executeTakeFirstOrThrow()
      ).language;
    expect(await languageOf(spanish.body.reference)).toBe("es");
    expect(await languageOf(english.body.reference)).toBe("en");
  });

  it("keeps an account link's language", async () => {
    await insertTestOrder(store.services.db, { email: "cliente@example.com" });
    expect(
      (await shop("POST", "/api/account/link", { email: "cliente@example.com", language: "es" }))
        .status,
    ).toBe(202);
    expect(
      (await shop("POST", "/api/account/link", { email: "cliente@example.com", language: "xx" }))
        .status,
    ).toBe(400);
    const links = await db().selectFrom("account_links").select("language").execute();
    expect(links.map((l) => l.language)).toEqual(["es"]);
  });

  it("keeps a quote's customer.language: given, kept by an edit, changed by one; a bad one is a 400", async () => {
    const create = (customer: Record<string, unknown>) =>
      admin("POST", "/api/admin/quotes", { customer, items: [VINYL_INSTALLED] });
    const bad = await create({ ...SAMPLE_QUOTE_CUSTOMER, language: "it" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("customer.language");
    const english = await create(SAMPLE_QUOTE_CUSTOMER);
    expect(english.status).toBe(201);
    expect(english.body.language).toBe("en");
    const spanish = await create({ ...SAMPLE_QUOTE_CUSTOMER, language: "es" });
    expect(spanish.status).toBe(201);
    expect(spanish.body.customer.language).toBe("es");
    const kept = await admin("PATCH", `/api/admin/quotes/${spanish.body.id}`, {
      customer: SAMPLE_QUOTE_CUSTOMER,
    });
    expect(kept.body.error?.message).toBeUndefined();
    expect(kept.body.language).toBe("es");
    const changed = await admin("PATCH", `/api/admin/quotes/${spanish.body.id}`, {
      customer: { ...SAMPLE_QUOTE_CUSTOMER, language: "en" },
    });
    expect(changed.body.language).toBe("en");
  });

  it("refuses a third language in the database itself", async () => {
    const id = await cartIn();
    await expect(
      sql`update carts set language = 'fr' where id = ${id}`.execute(db()),
    ).rejects.toThrow();
  });
});
