/**
 * The books on SQLite and PostgreSQL: a month's report matches the sum of that
 * month's payments and refunds to the cent (store-time boundaries included), its tax figures
 * match the completed orders', the payments CSV adds up, and only owners see it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OrderStatus } from "../../../domain/orders/order-status";
import type { PaymentMethod } from "../../../domain/shared/back-office-schema";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

// October 2026 in store time (EDT, UTC−4): [2026-10-01T04:00Z, 2026-11-01T04:00Z).
const OCTOBER = "from=2026-10-01&to=2026-10-31";

describeEachDialect("books on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    const db = store.services.db;
    const order = async (
      key: string,
      status: OrderStatus,
      createdAt: string,
      unitCents: number[],
    ) => {
      const o = await insertTestOrder(db, {
        status,
        createdAt,
        firstName: key,
        lastName: "Books",
        items: unitCents.map((u) => ({ unitPriceCents: u, quantity: 1 })),
      });
      ids[key] = o.id;
      return o.id;
    };
    // Completed in October: one item over the $5,000 surtax cap, two small ones.
    await order("Big", "completed", "2026-10-10T15:00:00.000Z", [8_000_00]);
    await order("Small", "completed", "2026-10-20T15:00:00.000Z", [100_00, 129_56]);
    // Completed in October, taxed at the old flat 7.5 % (migration 0015's backfill).
    const flat = await order("Flat", "completed", "2026-10-05T15:00:00.000Z", [200_00]);
    await db
      .updateTable("orders")
      .set({
        tax_rate_bp: 750,
        surtax_rate_bp: 0,
        surtaxable_cents: 0,
        surtax_cents: 0,
        tax_cents: 15_00,
      })
      .where("id", "=", flat)
      .execute();
    // Completed on the evening of Sep 30 store time (Oct 1 in UTC): September's.
    await order("September", "completed", "2026-10-01T03:30:00.000Z", [300_00]);
    // Completed in October, then moved back: not completed.
    const back = await order("Back", "completed", "2026-10-12T15:00:00.000Z", [400_00]);
    await db.updateTable("orders").set({ status: "scheduled" }).where("id", "=", back).execute();
    // Placed in October and cancelled: not an order placed.
    await order("Cancelled", "cancelled", "2026-10-13T15:00:00.000Z", [50_00]);
    // Open, with a deposit: today's deposits held.
    const open = await order("Open", "confirmed", "2026-10-25T15:00:00.000Z", [1_000_00]);

    const pay = async (key: string, cents: number, method: PaymentMethod, at: string) => {
      await db
        .insertInto("payments")
        .values({
          order_id: ids[key] ?? 0,
          amount_cents: cents,
          method,
          reference: method === "check" ? "#1042" : null,
          note: null,
          actor: "test",
          staff_id: null,
          received_at: at,
        })
        .execute();
    };
    await pay("Big", 100_00, "card", "2026-10-01T04:00:00.000Z"); // first instant of October
    await pay("Small", 50_25, "cash", "2026-10-15T18:00:00.000Z");
    await pay("Big", 1_200_10, "check", "2026-11-01T03:30:00.000Z"); // Oct 31, 11:30 pm
    await pay("Small", -20_05, "card", "2026-10-20T18:00:00.000Z"); // a refund
    await pay("Flat", 10_00, "other", "2026-10-22T18:00:00.000Z");
    await pay("Open", 300_00, "card", "2026-10-25T16:00:00.000Z");
    await pay("September", 999_00, "card", "2026-10-01T03:59:59.000Z"); // Sep 30, 11:59 pm
    await pay("Big", 777_00, "card", "2026-11-01T04:00:00.000Z"); // November
    await db.updateTable("orders").set({ paid_cents: 300_00 }).where("id", "=", open).execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  const get = (path: string, cookie = owner) => request(store, "GET", path, undefined, { cookie });

  it("matches the month's payments and refunds to the cent, store-time days included", async () => {
    const res = await get(`/api/admin/reports?${OCTOBER}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.payments).toEqual({ cash: 50.25, check: 1200.1, card: 400, other: 10 });
    expect(res.body.refunds).toBe(20.05);
    // The same figures from the rows themselves.
    const rows = await store.services.db
      .selectFrom("payments")
      .select(["amount_cents", "received_at"])
      .where("received_at", ">=", "2026-10-01T04:00:00.000Z")
      .where("received_at", "<", "2026-11-01T04:00:00.000Z")
      .execute();
    const cents = rows.map((r) => Number(r.amount_cents));
    const received = cents.filter((c) => c > 0).reduce((s, c) => s + c, 0);
    const refunded = -cents.filter((c) => c < 0).reduce((s, c) => s + c, 0);
    const p = res.body.payments;
    expect(Math.round((p.cash + p.check + p.card + p.other) * 100)).toBe(received);
    expect(Math.round(res.body.refunds * 100)).toBe(refunded);
    // Weeks: Monday-first, covering the month; their sum is the month's.
    const weeks = res.body.weeks as { weekOf: string; received: number; refunded: number }[];
    expect(weeks[0]?.weekOf).toBe("2026-09-28");
    expect(weeks.at(-1)?.weekOf).toBe("2026-10-26");
    expect(Math.round(weeks.reduce((s, w) => s + w.received, 0) * 100)).toBe(received);
    expect(Math.round(weeks.reduce((s, w) => s + w.refunded, 0) * 100)).toBe(refunded);
  });

  it("counts orders placed (not cancelled) and completed in the month, and today's balances", async () => {
    const res = await get(`/api/admin/reports?${OCTOBER}`);
    const orders = await store.services.db
      .selectFrom("orders")
      .select(["id", "first_name", "total_cents", "paid_cents", "status", "created_at"])
      .execute();
    const by = (name: string) => orders.find((o) => o.first_name === name);
    const total = (...names: string[]) =>
      names.reduce((s, n) => s + Number(by(n)?.total_cents ?? 0), 0) / 100;
    // Placed in October store time: Big, Small, Flat, Back, Open (September's was placed
    // at 11:30 pm on Sep 30; Cancelled does not count).
    expect(res.body.ordersPlaced.count).toBe(5);
    expect(res.body.ordersPlaced.value).toBeCloseTo(
      total("Big", "Small", "Flat", "Back", "Open"),
      2,
    );
    expect(res.body.ordersCompleted.count).toBe(3);
    expect(res.body.ordersCompleted.value).toBeCloseTo(total("Big", "Small", "Flat"), 2);
    expect(res.body.depositsHeld).toBe(300);
    const owed = orders
      .filter((o) => o.status !== "cancelled")
      .reduce((s, o) => s + Math.max(0, Number(o.total_cents) - Number(o.paid_cents)), 0);
    expect(Math.round(res.body.balanceOutstanding * 100)).toBe(owed);
  });

  it("reports the completed orders' own tax figures, with the surtax part (DR-15)", async () => {
    const res = await get(`/api/admin/reports?${OCTOBER}`);
    const completed = await store.services.db
      .selectFrom("orders")
      .selectAll()
      .where("first_name", "in", ["Big", "Small", "Flat"])
      .execute();
    const sum = (f: (o: (typeof completed)[number]) => number) =>
      completed.reduce((s, o) => s + f(o), 0) / 100;
    const taxable = sum((o) => Number(o.subtotal_cents) - Number(o.discount_cents));
    const t = res.body.salesTax;
    expect(t.taxable).toBeCloseTo(taxable, 2);
    expect(t.tax).toBeCloseTo(
      sum((o) => Number(o.tax_cents)),
      2,
    );
    expect(t.surtax).toBeCloseTo(
      sum((o) => Number(o.surtax_cents)),
      2,
    );
    expect(t.stateTax).toBeCloseTo(t.tax - t.surtax, 2);
    // The $8,000 item: the surtax on its first $5,000 only (0.5 % = $25.00), 6 % on all.
    const big = completed.find((o) => o.first_name === "Big");
    expect(Number(big?.tax_cents)).toBe(505_00);
    expect(Number(big?.surtax_cents)).toBe(25_00);
    expect(t.overSurtaxCap).toBe(3000);
    expect(t.notSubjectToSurtax).toBe(200);
    expect(t.grossSales).toBeCloseTo(t.taxable + t.exemptSales, 2);
    expect(t.exemptSales).toBeCloseTo(
      sum((o) => Number(o.shipping_cents)),
      2,
    );
  });

  it("answers the payments CSV: one row per payment or refund, adding up to the net", async () => {
    const res = await request(
      store,
      "GET",
      `/api/admin/reports/payments.csv?${OCTOBER}`,
      undefined,
      {
        cookie: owner,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    // The byte-order mark for Excel (which a text() decoder drops), then every amount with
    // two decimals (10.00, never 10).
    const raw = await store.app.request(`/api/admin/reports/payments.csv?${OCTOBER}`, {
      headers: { cookie: owner },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = String(res.body).trim().split("\r\n");
    expect(lines[0]).toBe("date,order_number,customer,method,amount,reference");
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows).toHaveLength(6);
    expect(rows[0]?.[0]).toBe("2026-10-01");
    expect(rows.at(-1)?.slice(0, 1)).toEqual(["2026-10-31"]);
    expect(rows.find((r) => r[3] === "check")?.[5]).toBe("#1042");
    const net = rows.reduce((s, r) => s + Math.round(Number(r[4]) * 100), 0);
    expect(net).toBe(100_00 + 50_25 + 1_200_10 - 20_05 + 10_00 + 300_00);
    expect(rows.some((r) => r[4] === "-20.05" && r[2] === "Small Books")).toBe(true);
    expect(rows.map((r) => r[4])).toContain("10.00");
    for (const row of rows) expect(row[4]).toMatch(/^-?\d+\.\d\d$/);

    const summary = await get(`/api/admin/reports/summary.csv?${OCTOBER}`);
    expect(summary.status).toBe(200);
    expect(String(summary.body)).toContain("15(d) discretionary sales surtax collected");
    expect(String(summary.body)).toMatch(/,Refunds,20\.05\r\n/);
  });

  it("refuses a bad period with 400 naming it", async () => {
    const res = await get("/api/admin/reports?from=2026-10-31&to=2026-10-01");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/from must be on or before to/);
    expect((await get("/api/admin/reports?from=October")).status).toBe(400);
  });

  it("is for owners: office and installers get 403, no session 401", async () => {
    const office = await addWorkingStaff(store, owner, "office");
    const installer = await addWorkingStaff(store, owner, "installer");
    for (const path of [
      `/api/admin/reports?${OCTOBER}`,
      `/api/admin/reports/payments.csv?${OCTOBER}`,
      `/api/admin/reports/summary.csv?${OCTOBER}`,
    ]) {
      expect((await get(path, office.cookie)).status).toBe(403);
      expect((await get(path, installer.cookie)).status).toBe(403);
      expect((await request(store, "GET", path)).status).toBe(401);
    }
  });
});
