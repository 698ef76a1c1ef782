/**
 * The dashboard's figures and the books' reports kept in memory on SQLite
 * and PostgreSQL, through the API only: each write a member of staff or a shopper makes (an
 * order placed, a status changed, a payment recorded, a message received or handled, an order
 * completed) shows in the very next GET, although the answer before it was kept.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { monthOf } from "../../../domain/books/books-schema";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { SAMPLE_CONTACT_MESSAGE } from "../../support/sample-items";
import { placeInStore } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("figures kept until a write, through the API, on %s", (dialect) => {
  let store: TestStore;
  let cookie: string;
  let shopper = 0;
  let kept: boolean;

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    cookie = await loginCookie(store);
    kept = store.services.caches.enabled;
  });
  afterAll(async () => {
    await store?.close();
  });

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await request(store, method, path, body, { cookie });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const dashboard = () => admin("GET", "/api/admin/dashboard");

  /**
   * True when the service answers from memory now: the test's next GET would be kept (always
   * false with CACHES=off, where every GET computes anew and must show the same figures).
   */
  async function keptNow(answer: () => Promise<unknown>) {
    const first = answer();
    const second = answer();
    await Promise.all([first, second]);
    return first === second;
  }

  async function placeOrder() {
    shopper++;
    const order = await placeInStore(store, 8100 + shopper, "kept");
    return { id: order.id, total: order.totalCents / 100 };
  }

  it("shows an order, a status change, a payment and a message in the next dashboard", async () => {
    const figures = store.services.dashboard;
    let before = await dashboard();
    expect(await keptNow(() => figures.dashboard())).toBe(kept);

    // A shopper places an order: awaiting confirmation, this week's orders, outstanding.
    const order = await placeOrder();
    let after = await dashboard();
    expect(after.awaitingConfirmation).toBe(before.awaitingConfirmation + 1);
    expect(after.weeks[11].orders).toBe(before.weeks[11].orders + 1);
    expect(after.outstanding.orders).toBe(before.outstanding.orders + 1);
    expect(after.outstanding.amount).toBeCloseTo(before.outstanding.amount + order.total, 2);

    // Staff confirm it.
    before = after;
    expect(await keptNow(() => figures.dashboard())).toBe(kept);
    await admin("POST", `/api/admin/orders/${order.id}/status`, { status: "confirmed" });
    after = await dashboard();
    expect(after.awaitingConfirmation).toBe(before.awaitingConfirmation - 1);

    // A payment: this week's revenue and the balance outstanding.
    before = after;
    expect(await keptNow(() => figures.dashboard())).toBe(kept);
    await admin("POST", `/api/admin/orders/${order.id}/payments`, { amount: 40, method: "cash" });
    after = await dashboard();
    expect(after.weeks[11].revenue).toBeCloseTo(before.weeks[11].revenue + 40, 2);
    expect(after.outstanding.amount).toBeCloseTo(before.outstanding.amount - 40, 2);

    // A message from the contact form, then marked handled.
    before = after;
    expect(await keptNow(() => figures.dashboard())).toBe(kept);
    const sent = await request(store, "POST", "/api/contact", SAMPLE_CONTACT_MESSAGE, {
      "x-forwarded-for": "198.51.100.81",
    });
    expect(sent.status).toBe(201);
    after = await dashboard();
    expect(after.newMessages).toBe(before.newMessages + 1);
    const message = await store.services.db
      .selectFrom("contact_messages")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(await keptNow(() => figures.dashboard())).toBe(kept);
    await admin("POST", `/api/admin/messages/${message.id}/handled`);
    expect((await dashboard()).newMessages).toBe(before.newMessages);
  });

  it("shows a payment, a completion and a new order in the next books report", async () => {
    const period = monthOf(storeToday(new Date()));
    const path = `/api/admin/reports?from=${period.from}&to=${period.to}`;
    const report = () => admin("GET", path);
    const keptReport = () => keptNow(() => store.services.books.report(period));
    // An order ready to complete but for its payment (no installation visit left open).
    const ready = await insertTestOrder(store.services.db, { status: "scheduled" });
    const total =
      Number(
        (
          await store.services.db
            .selectFrom("orders")
            .select("total_cents")
            .where("id", "=", ready.id)
            .executeTakeFirstOrThrow()
        ).total_cents,
      ) / 100;

    let before = await report();
    expect(await keptReport()).toBe(kept);
    await admin("POST", `/api/admin/orders/${ready.id}/payments`, {
      amount: total,
      method: "check",
    });
    let after = await report();
    expect(after.payments.check).toBeCloseTo(before.payments.check + total, 2);
    expect(after.balanceOutstanding).toBeCloseTo(before.balanceOutstanding - total, 2);

    before = after;
    expect(await keptReport()).toBe(kept);
    await admin("POST", `/api/admin/orders/${ready.id}/status`, { status: "completed" });
    after = await report();
    expect(after.ordersCompleted.count).toBe(before.ordersCompleted.count + 1);
    expect(after.ordersCompleted.value).toBeCloseTo(before.ordersCompleted.value + total, 2);

    before = after;
    expect(await keptReport()).toBe(kept);
    const order = await placeOrder();
    after = await report();
    expect(after.ordersPlaced.count).toBe(before.ordersPlaced.count + 1);
    expect(after.ordersPlaced.value).toBeCloseTo(before.ordersPlaced.value + order.total, 2);
  });
});
