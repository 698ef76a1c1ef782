/**
 * The books' reports kept until a write on SQLite and PostgreSQL: a second
 * request for the same period is answered from memory, and a payment or a new order written
 * through the store's database shows in the very next report and payments CSV.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const MARCH = { from: "2026-03-01", to: "2026-03-31" };
const QUERY = `from=${MARCH.from}&to=${MARCH.to}`;

describeEachDialect("books kept until a write on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let orderId = 0;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    orderId = (await insertTestOrder(store.services.db, { createdAt: "2026-03-10T15:00:00.000Z" }))
      .id;
  });
  afterAll(async () => {
    await store?.close();
  });

  const get = (path: string) => request(store, "GET", path, undefined, { cookie: owner });
  const pay = (cents: number, at: string) =>
    store.services.db
      .insertInto("payments")
      .values({
        order_id: orderId,
        amount_cents: cents,
        method: "cash",
        reference: null,
        note: null,
        actor: "test",
        staff_id: null,
        received_at: at,
      })
      .execute();

  it("answers the same period from memory until something is written (anew with CACHES=off)", async () => {
    const fromMemory = store.services.caches.enabled;
    const first = store.services.books.report(MARCH);
    expect(store.services.books.report({ ...MARCH }) === first).toBe(fromMemory);
    expect(store.services.books.report({ from: MARCH.from, to: "2026-03-30" })).not.toBe(first);
    await first;
    expect(store.services.books.report(MARCH) === first).toBe(fromMemory);
    await pay(10_00, "2026-03-11T15:00:00.000Z");
    expect(store.services.books.report(MARCH)).not.toBe(first);
  });

  it("shows a payment and an order written meanwhile in the next report and CSV", async () => {
    const before = await get(`/api/admin/reports?${QUERY}`);
    const csvBefore = await get(`/api/admin/reports/payments.csv?${QUERY}`);
    await pay(25_50, "2026-03-12T02:30:00.000Z"); // March 11, 10:30 pm store time
    await insertTestOrder(store.services.db, { createdAt: "2026-03-20T15:00:00.000Z" });
    const after = await get(`/api/admin/reports?${QUERY}`);
    expect(after.body.payments.cash).toBeCloseTo(before.body.payments.cash + 25.5, 2);
    expect(after.body.ordersPlaced.count).toBe(before.body.ordersPlaced.count + 1);
    const csvAfter = await get(`/api/admin/reports/payments.csv?${QUERY}`);
    const rows = (csv: { body: unknown }) => String(csv.body).trim().split("\r\n");
    expect(rows(csvAfter).length).toBe(rows(csvBefore).length + 1);
    // The store-local date of an evening payment (the CSV's dates are converted once per hour).
    expect(rows(csvAfter).filter((l) => /^2026-03-11,.*,cash,25\.50,$/.test(l))).toHaveLength(1);
  });

  it("keeps the margin report the same way: a completion written meanwhile shows next", async () => {
    const fromMemory = store.services.caches.enabled;
    const first = store.services.margins.report(MARCH);
    expect(store.services.margins.report({ ...MARCH }) === first).toBe(fromMemory);
    // Another day than today is computed, never kept.
    expect(store.services.margins.report(MARCH, "2026-04-01")).not.toBe(first);
    const before = await get(`/api/admin/reports/margin?${QUERY}`);
    const done = await insertTestOrder(store.services.db, {
      createdAt: "2026-03-05T15:00:00.000Z",
      status: "completed",
    });
    await store.services.db
      .insertInto("order_status_history")
      .values({
        order_id: done.id,
        from_status: "scheduled",
        to_status: "completed",
        note: null,
        actor: "admin",
        changed_at: "2026-03-25T15:00:00.000Z",
      })
      .execute();
    const after = await get(`/api/admin/reports/margin?${QUERY}`);
    expect(after.body.orders.length).toBe(before.body.orders.length + 1);
  });
});
