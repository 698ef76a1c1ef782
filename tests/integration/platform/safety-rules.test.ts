/**
 * The safety findings that are rules of one request, on both databases:
 * refunds for owners and office only (#6), no money on completed or cancelled orders (#11), no
 * $0.00 amount (#12), JSON bodies ≤ 100 KB on the upload route too (#9), at most 100 new carts
 * per address an hour (#16), the calendar-feed token masked in the request log (#7), TRUNCATE of
 * the audit log refused (#17), and the "also seen" three: an adjustment above the online limit
 * says so, cancelling the only installation visit moves the order back to in_production, and
 * re-enabling an account issues a new calendar-feed URL.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../../domain/orders/order-status";
import { NEW_CARTS_PER_HOUR } from "../../../server/services/storefront/cart";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { orderWithTwoItems } from "../../support/order-races";
import { VINYL_INSTALLED as VINYL } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("safety rules on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie });
  const call = (method: string, path: string, body?: unknown) => as(owner)(method, path, body);
  const payment = (amount: number) => ({ amount, method: "cash" });

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store, { "x-forwarded-for": "10.190.0.1" });
  });
  afterAll(async () => {
    await store?.close();
  });

  async function setStatus(id: number, status: OrderStatus) {
    await store.services.db.updateTable("orders").set({ status }).where("id", "=", id).execute();
  }

  describe("money", () => {
    it("an installer records payments on his visit's order but no refund (403 forbidden)", async () => {
      const installer = await addWorkingStaff(store, owner, "installer");
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const booked = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "measure",
        date: "2030-12-03",
        start: "09:00",
        end: "11:00",
        staffId: installer.id,
        notifyCustomer: false,
      });
      expect(booked.status).toBe(201);
      const field = as(installer.cookie);
      const paid = await field("POST", `/api/admin/orders/${order.id}/payments`, payment(40));
      expect(paid.status).toBe(201);
      const refund = await field("POST", `/api/admin/orders/${order.id}/payments`, payment(-10));
      expect(refund.status).toBe(403);
      expect(refund.body.error.code).toBe("forbidden");
      const byOwner = await call("POST", `/api/admin/orders/${order.id}/payments`, payment(-10));
      expect(byOwner.status).toBe(201);
      expect(byOwner.body.paid).toBe(30);
    });

    it("a completed order takes no payment and no refund; a cancelled one only refunds what was paid (409 beyond)", async () => {
      for (const status of ["completed", "cancelled"] as const) {
        const order = await insertTestOrder(store.services.db, { status: "confirmed" });
        expect(
          (await call("POST", `/api/admin/orders/${order.id}/payments`, payment(20))).status,
        ).toBe(201);
        await setStatus(order.id, status);
        const refused = status === "completed" ? [163.68, -5] : [163.68, -25];
        for (const amount of refused) {
          const res = await call("POST", `/api/admin/orders/${order.id}/payments`, payment(amount));
          expect(res.status, `${status} ${amount}`).toBe(409);
          expect(res.body.error.message).toMatch(amount > 0 ? status : /refund/i);
        }
        const row = await store.services.db
          .selectFrom("orders")
          .select("paid_cents")
          .where("id", "=", order.id)
          .executeTakeFirstOrThrow();
        expect(Number(row.paid_cents)).toBe(2000);
        if (status === "cancelled") {
          const refund = await call("POST", `/api/admin/orders/${order.id}/payments`, payment(-20));
          expect(refund.status, "the refund of what was paid").toBe(201);
          const after = await store.services.db
            .selectFrom("orders")
            .select("paid_cents")
            .where("id", "=", order.id)
            .executeTakeFirstOrThrow();
          expect(Number(after.paid_cents)).toBe(0);
        }
      }
    });

    it("an amount that rounds to $0.00 is refused (400) and records nothing", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      for (const amount of [1e-7, 0.001, -0.004]) {
        const res = await call("POST", `/api/admin/orders/${order.id}/payments`, payment(amount));
        expect(res.status, String(amount)).toBe(400);
        expect(res.body.error.message).toContain("amount");
      }
      const rows = await store.services.db
        .selectFrom("payments")
        .select("id")
        .where("order_id", "=", order.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it("an adjustment may lift an order above the online limit; the history says so", async () => {
      const order = await orderWithTwoItems(store, "measured");
      const res = await call("PATCH", `/api/admin/orders/${order.id}/items/${order.itemIds[0]}`, {
        width: 192,
        height: 120,
        quantity: 99,
        reason: "A whole-building job",
        notifyCustomer: false,
      });
      expect(res.status).toBe(200);
      expect(res.body.adjustment.total).toBeGreaterThan(50_000);
      const events = await store.services.db
        .selectFrom("order_events")
        .select(["summary", "details"])
        .where("order_id", "=", order.id)
        .where("kind", "=", "adjustment")
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]?.summary).toContain("above the $50,000.00 online-order limit");
      expect(JSON.parse(events[0]?.details ?? "{}")).toMatchObject({ aboveOnlineLimit: true });
    });
  });

  describe("visits and calendar feeds", () => {
    it("cancelling the only installation visit moves a scheduled order back to in production", async () => {
      const order = await insertTestOrder(store.services.db, { status: "in_production" });
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: "2030-12-10",
        start: "09:00",
        end: "12:00",
        staffId: null,
        notifyCustomer: false,
      });
      expect(visit.status).toBe(201);
      const moved = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "scheduled",
        notifyCustomer: false,
      });
      expect(moved.status).toBe(200);
      const cancelled = await call("PATCH", `/api/admin/visits/${visit.body.id}`, {
        status: "cancelled",
        notifyCustomer: false,
      });
      expect(cancelled.status).toBe(200);
      const detail = await call("GET", `/api/admin/orders/${order.id}`);
      expect(detail.body.status).toBe("in_production");
      const last = detail.body.history.at(-1);
      expect(last).toMatchObject({ from: "scheduled", to: "in_production", kind: "back" });
      expect(last.note).toContain("cancelled");
    });

    it("a second installation visit keeps the order scheduled when one is cancelled", async () => {
      const order = await insertTestOrder(store.services.db, { status: "in_production" });
      const book = () =>
        call("POST", `/api/admin/orders/${order.id}/visits`, {
          kind: "install",
          date: "2030-12-11",
          start: "09:00",
          end: "12:00",
          staffId: null,
          notifyCustomer: false,
        });
      const first = await book();
      await book();
      await call("POST", `/api/admin/orders/${order.id}/status`, { status: "scheduled" });
      await call("PATCH", `/api/admin/visits/${first.body.id}`, { status: "cancelled" });
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.status).toBe("scheduled");
    });

    it("re-enabling an account issues a new calendar-feed URL; the old one stays dead", async () => {
      const person = await addWorkingStaff(store, owner, "installer");
      const feed = await call("POST", `/api/admin/staff/${person.id}/calendar-feed`);
      expect(feed.status).toBe(201);
      const oldPath = new URL(feed.body.url).pathname;
      expect((await request(store, "GET", oldPath)).status).toBe(200);
      expect((await call("PATCH", `/api/admin/staff/${person.id}`, { active: false })).status).toBe(
        200,
      );
      expect((await request(store, "GET", oldPath)).status).toBe(404);
      const enabled = await call("PATCH", `/api/admin/staff/${person.id}`, { active: true });
      expect(enabled.status).toBe(200);
      expect(enabled.body.calendarFeedUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await request(store, "GET", oldPath)).status).toBe(404);
      const newPath = new URL(enabled.body.calendarFeedUrl).pathname;
      expect(newPath).not.toBe(oldPath);
      expect((await request(store, "GET", newPath)).status).toBe(200);
    });

    it("writes the calendar-feed token masked in the request log, whatever the path's case", async () => {
      const person = await addWorkingStaff(store, owner, "installer");
      const feed = await call("POST", `/api/admin/staff/${person.id}/calendar-feed`);
      const path = new URL(feed.body.url).pathname;
      const token =
        path
          .split("/")
          .at(-1)
          ?.replace(/\.ics$/, "") ?? "";
      const start = store.logLines.length;
      expect((await request(store, "GET", path)).status).toBe(200);
      await request(store, "GET", path.replace("/api/calendar/", "/API/Calendar/"));
      const log = store.logLines.slice(start).join("");
      expect(log).toContain('"path":"/api/calendar/[token].ics"');
      expect(log).toContain('"path":"/API/Calendar/[token].ics"');
      expect(log).not.toContain(token);
    });
  });

  describe("requests", () => {
    it("POST /api/estimates takes no JSON body over 100 KB (413)", async () => {
      const big = JSON.stringify({ message: "x".repeat(200 * 1024) });
      const declared: Record<string, string>[] = [
        { "content-type": "application/json", "content-length": String(big.length) },
        { "content-type": "application/json" },
      ];
      for (const headers of declared) {
        const res = await store.app.request("/api/estimates", {
          method: "POST",
          body: big,
          headers,
        });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          "payload_too_large",
        );
      }
    });

    it(`an address creates at most ${NEW_CARTS_PER_HOUR} new carts an hour (429 with Retry-After)`, async () => {
      const from = { "x-forwarded-for": "10.190.16.1" };
      let last = "";
      for (let i = 0; i < NEW_CARTS_PER_HOUR; i++) {
        const res = await request(store, "POST", "/api/cart", VINYL, from);
        expect(res.status).toBe(201);
        last = res.body.sessionId;
      }
      const refused = await request(store, "POST", "/api/cart", VINYL, from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // An existing cart still takes items; another address still gets a cart.
      const more = await request(store, "POST", "/api/cart", VINYL, {
        ...from,
        "x-session-id": last,
      });
      expect(more.status).toBe(201);
      expect(more.body.sessionId).toBe(last);
      const other = await request(store, "POST", "/api/cart", VINYL, {
        "x-forwarded-for": "10.190.16.2",
      });
      expect(other.status).toBe(201);
    });
  });

  it.runIf(dialect === "postgres")("the audit log refuses TRUNCATE (PostgreSQL)", async () => {
    const before = await store.services.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(sql`truncate audit_log`.execute(store.services.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate staff cascade`.execute(store.services.db)).rejects.toThrow(
      /append-only/,
    );
    const after = await store.services.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThanOrEqual(Number(before.n));
  });
});
