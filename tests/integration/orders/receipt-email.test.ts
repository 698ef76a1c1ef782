/**
 * The receipt email prints each payment's store date (America/New_York): a payment taken at
 * 23:30 store time, already the next day in UTC, is on the receipt the day it was taken.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeTimeToUtc } from "../../../domain/scheduling/visit-time";
import { insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("the receipt email's dates on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it("writes a payment of 23:30 store time on its store date, not the next UTC day", async () => {
    const order = await insertTestOrder(store.services.db, {
      status: "confirmed",
      email: "late-payer@example.com",
    });
    const paid = await request(
      store,
      "POST",
      `/api/admin/orders/${order.id}/payments`,
      { amount: 50, method: "check", reference: "1204" },
      { cookie: owner },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const lateEvening = storeTimeToUtc("2026-12-05", "23:30").toISOString();
    expect(lateEvening).toBe("2026-12-06T04:30:00.000Z");
    await store.services.db
      .updateTable("payments")
      .set({ received_at: lateEvening })
      .where("order_id", "=", order.id)
      .execute();
    store.sentEmails.length = 0;
    const sent = await request(store, "POST", `/api/admin/orders/${order.id}/receipt`, undefined, {
      cookie: owner,
    });
    expect(sent.status).toBe(202);
    await store.services.emails.flush();
    const receipt = store.sentEmails.find((e) => e.to === "late-payer@example.com");
    expect(receipt?.subject).toBe(`Receipt for Order #${order.orderNumber}`);
    for (const body of [receipt?.text ?? "", receipt?.html ?? ""]) {
      expect(body).toContain("December 5, 2026");
      expect(body).not.toContain("December 6, 2026");
      expect(body).not.toContain("2026-12-06");
    }
    expect(receipt?.text).toMatch(/December 5, 2026 {2}Payment Check 1204 {2}\$50\.00/);
  });
});
