/**
 * Adding to a new cart runs two statements besides its limit: the cart and the
 * item, whose insert brings back its id alone (decision 410: every other column is what was
 * given), so the answer reads nothing back; adding to an existing cart four (lock, order check,
 * its items, the insert).
 * Placing an order runs few statements: the pre-check is one query, the order,
 * item and history inserts answer their rows (RETURNING), both emails go in one insert, and
 * nothing written is read back, in the transaction or after it. Counted by a spy on the
 * drivers' statement calls (better-sqlite3's Statement, pg's Client.query) around one
 * POST /api/orders; the answer must still equal what a later read of the order shows.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { orderToJson } from "../../../server/api/orders/orders-presenter";
import type { PublicOrder } from "../../../server/services/orders/orders";
import { SAMPLE_ITEM, SAMPLE_UNIT_CENTS } from "../../support/sample-items";
import { expectedTotals, sampleCustomer } from "../../support/shopper";
import { useStatementSpy } from "../../support/statement-spy";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("the statements of a cart and of placing an order on %s", (dialect) => {
  let store: TestStore;
  const spy = useStatementSpy();

  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("adds to a new cart in two statements and to an existing one in four, reading nothing back", async () => {
    const headers = { "x-forwarded-for": "10.9.9.8" };
    await store.services.catalog.pricing(); // the catalog is read once, not by this add
    const { statements: ranAll, answer: created } = await spy.record(() =>
      request(store, "POST", "/api/cart", { ...SAMPLE_ITEM }, headers),
    );
    const ranNew = ranAll.filter((text) => !/rate_limit/i.test(text));
    expect(created.status).toBe(201);
    expect(ranNew, ranNew.join("\n")).toHaveLength(2);
    expect(ranNew.filter((text) => /^\s*select\b/i.test(text))).toEqual([]);
    const itemInsert = ranNew.find((text) => /^\s*insert into "cart_items"/i.test(text));
    expect(itemInsert).toMatch(/returning "id"\s*$/i);

    const session = { ...headers, "x-session-id": created.body.sessionId as string };
    const { statements: ranExisting, answer: added } = await spy.record(() =>
      request(
        store,
        "POST",
        "/api/cart",
        { ...SAMPLE_ITEM, roomLabel: "Den", quantity: 2 },
        session,
      ),
    );
    expect(added.status).toBe(201);
    expect(ranExisting, ranExisting.join("\n")).toHaveLength(4);
    expect(ranExisting.filter((text) => /rate_limit/i.test(text))).toEqual([]);

    // Each answer is the cart as a later read shows it.
    const read = await request(store, "GET", "/api/cart", undefined, session);
    expect(added.body).toEqual(read.body);
    expect(created.body.items).toEqual([read.body.items[0]]);
    // Byte for byte, keys in the same order (decision 411 builds these objects differently).
    expect(JSON.stringify(created.body.items)).toBe(JSON.stringify([read.body.items[0]]));
    expect(JSON.stringify(Object.keys(added.body.totals))).toBe(
      JSON.stringify(Object.keys(read.body.totals)),
    );
  });

  it("places an order in ten statements (with the address's limit) and reads nothing back", async () => {
    const headers = { "x-forwarded-for": "10.9.9.9" };
    const cart = await request(
      store,
      "POST",
      "/api/cart",
      { ...SAMPLE_ITEM, quantity: 1 },
      headers,
    );
    expect(cart.status).toBe(201);
    const session = { ...headers, "x-session-id": cart.body.sessionId as string };
    const body = {
      customerInfo: sampleCustomer(1, "statements"),
      totals: expectedTotals(SAMPLE_UNIT_CENTS, 1),
    };

    const { statements: ran, answer: placed } = await spy.record(() =>
      request(store, "POST", "/api/orders", body, session),
    );
    expect(placed.status).toBe(201);

    // The rate limit's own statements are the limiter's (counted per address, decision 170).
    const own = ran.filter((text) => !/rate_limit/i.test(text));
    expect(own, own.join("\n")).toHaveLength(10);
    // Nothing the order wrote is selected again: the inserts answered their rows.
    const readsBack = own.filter((text) =>
      /^\s*select\b[\s\S]*\bfrom\s+"?(order_items|order_status_history)\b/i.test(text),
    );
    expect(readsBack).toEqual([]);
    expect(own.filter((text) => /insert into "?email_outbox/i.test(text))).toHaveLength(1);

    // The answer is the order as it was stored, and exactly as a later read shows it.
    const read = await store.services.orders.findPublicOrder(placed.body.reference);
    expect(read).not.toBeNull();
    expect(placed.body).toEqual(JSON.parse(JSON.stringify(orderToJson(read as PublicOrder))));

    // A repeat answers the same order (200) without writing. The order's emails are sent
    // first: the dispatcher's own statements are not the repeat's.
    await store.services.emails.flush();
    const { statements: repeated, answer: repeat } = await spy.record(() =>
      request(store, "POST", "/api/orders", body, session),
    );
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(placed.body);
    expect(repeated.filter((text) => !/^\s*select\b/i.test(text))).toEqual([]);
  });
});
