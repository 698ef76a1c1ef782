/**
 * On both databases: visits (invites, moves, overlaps, private feeds), payments and
 * refunds, the status rules that depend on them (409s), and the dashboard's figures.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../../domain/orders/order-status";
import { addDays, startOfWeek, storeToday } from "../../../domain/scheduling/visit-time";
import { insertTestOrder, loginCookie, TEST_ADMIN_NAME } from "../../support/admin-fixtures";
import { placeInStore } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("back office business on %s", (dialect) => {
  let store: TestStore;
  let cookie: string;
  const call = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie });

  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookie = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  async function addStaff(name: string, role = "installer") {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await call("POST", "/api/admin/staff", {
      name,
      email,
      role,
      password: "temporary-pass-1",
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  async function flushEmails() {
    await store.services.emails.flush();
    return store.sentEmails;
  }

  describe("visits", () => {
    it("books a measurement visit, emails an invite and shows it in words", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const installer = await addStaff("Luis Ortega");
      const res = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "measure",
        date: "2030-12-03",
        start: "09:00",
        end: "11:00",
        staffId: installer,
        notifyCustomer: true,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        orderId: order.id,
        kind: "measure",
        status: "scheduled",
        when: "Tuesday, December 3, 9–11 AM",
        staffName: "Luis Ortega",
        sequence: 0,
      });
      const [email] = await flushEmails();
      expect(email?.to).toBe("jane@example.com");
      expect(email?.subject).toContain("Tuesday, December 3, 9–11 AM");
      expect(email?.text).toContain("Tuesday, December 3, 9–11 AM");
      const invite = new ICAL.Component(ICAL.parse(email?.calendar ?? ""));
      expect(invite.getFirstPropertyValue("method")).toBe("REQUEST");
      const next = await store.services.visits.nextVisit(order.id, "2030-01-01");
      expect(next?.when).toBe("Tuesday, December 3, 9–11 AM");
    });

    it("moves a visit: same UID, SEQUENCE + 1, history says from → to", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const booked = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "measure",
        date: "2030-12-03",
        start: "09:00",
        end: "11:00",
        notifyCustomer: true,
      });
      const first = (await flushEmails())[0]?.calendar ?? "";
      store.sentEmails.length = 0;
      const moved = await call("PATCH", `/api/admin/visits/${booked.body.id}`, {
        date: "2030-12-04",
        start: "13:00",
        end: "15:30",
        notifyCustomer: true,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ sequence: 1, when: "Wednesday, December 4, 1–3:30 PM" });
      const second = (await flushEmails())[0]?.calendar ?? "";
      const event = (ics: string) =>
        new ICAL.Event(
          new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent") ?? undefined,
        );
      expect(event(second).uid).toBe(event(first).uid);
      expect(event(second).sequence).toBe(event(first).sequence + 1);
      const events = await store.services.db
        .selectFrom("order_events")
        .select(["summary", "actor"])
        .where("order_id", "=", order.id)
        .execute();
      expect(events.map((e) => e.summary)).toContainEqual(
        expect.stringContaining(
          "moved from Tuesday, December 3, 9–11 AM to Wednesday, December 4, 1–3:30 PM",
        ),
      );
      expect(events.every((e) => e.actor === TEST_ADMIN_NAME)).toBe(true);
    });

    it("refuses bad input: end before start, unknown staff, unknown order", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const base = { kind: "install", date: "2030-12-03", start: "11:00", end: "09:00" };
      const backwards = await call("POST", `/api/admin/orders/${order.id}/visits`, base);
      expect(backwards.status).toBe(400);
      expect(backwards.body.error.message).toContain("end must be after start");
      const nobody = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        ...base,
        end: "12:00",
        staffId: 999_999,
      });
      expect(nobody.status).toBe(400);
      const badDate = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        ...base,
        date: "2030-02-30",
        end: "12:00",
      });
      expect(badDate.status).toBe(400);
      const missing = await call("POST", "/api/admin/orders/999999/visits", {
        ...base,
        end: "12:00",
      });
      expect(missing.status).toBe(404);
    });

    it("lists a range and flags one installer's overlapping visits", async () => {
      const installer = await addStaff("Dana Reyes");
      const a = await insertTestOrder(store.services.db, { status: "confirmed" });
      const b = await insertTestOrder(store.services.db, { status: "confirmed" });
      const book = (orderId: number, start: string, end: string, twoPersonJob = false) =>
        call("POST", `/api/admin/orders/${orderId}/visits`, {
          kind: "measure",
          date: "2031-03-04",
          start,
          end,
          staffId: installer,
          notifyCustomer: true,
          twoPersonJob,
        });
      const first = await book(a.id, "09:00", "11:00");
      // Decision 212: the overlap is refused before anything is written or sent…
      const warned = await book(b.id, "10:30", "12:00");
      expect(warned.status).toBe(409);
      expect(warned.body.error.code).toBe("visit_overlap");
      expect(warned.body.error.message).toContain("Dana Reyes already has 9–11 AM");
      // …and booked when the office confirms a two-person job.
      const second = await book(b.id, "10:30", "12:00", true);
      expect(second.status).toBe(201);
      const third = await book(b.id, "12:00", "13:00");
      const list = await call("GET", "/api/admin/visits?from=2031-03-02&to=2031-03-08");
      expect(list.status).toBe(200);
      const byId = new Map(list.body.map((v: { id: number }) => [v.id, v]));
      expect((byId.get(first.body.id) as { overlapsWith: number[] }).overlapsWith).toEqual([
        second.body.id,
      ]);
      expect((byId.get(third.body.id) as { overlapsWith: number[] }).overlapsWith).toEqual([]);
      const bad = await call("GET", "/api/admin/visits?from=2031-03-08&to=2031-03-02");
      expect(bad.status).toBe(400);
    });

    it("serves a private feed by secret URL, and stops when revoked", async () => {
      const installer = await addStaff("Feed Person");
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const today = storeToday();
      await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: addDays(today, 3),
        start: "08:00",
        end: "10:00",
        staffId: installer,
      });
      const created = await call("POST", `/api/admin/staff/${installer}/calendar-feed`);
      expect(created.status).toBe(201);
      const path = new URL(created.body.url).pathname;
      expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const feed = await request(store, "GET", path);
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toContain("text/calendar");
      const vcal = new ICAL.Component(ICAL.parse(feed.body as string));
      expect(vcal.getAllSubcomponents("vevent")).toHaveLength(1);
      expect((await request(store, "GET", path.replace(/.{5}\.ics$/, "AAAAA.ics"))).status).toBe(
        404,
      );
      const staff = await call("GET", "/api/admin/staff");
      expect(staff.body.find((s: { id: number }) => s.id === installer)).toMatchObject({
        hasCalendarFeed: true,
      });
      expect((await call("DELETE", `/api/admin/staff/${installer}/calendar-feed`)).status).toBe(
        200,
      );
      expect((await request(store, "GET", path)).status).toBe(404);
    });

    it("refuses a second staff member with the same email", async () => {
      const body = {
        name: "Twin",
        email: "twin@example.com",
        role: "office",
        password: "temporary-pass-1",
      };
      expect((await call("POST", "/api/admin/staff", body)).status).toBe(201);
      const again = await call("POST", "/api/admin/staff", { ...body, email: "TWIN@example.com" });
      expect(again.status).toBe(409);
    });
  });

  describe("payments and the status rules", () => {
    it("moves to scheduled only with an installation visit (409 otherwise)", async () => {
      const order = await insertTestOrder(store.services.db, { status: "in_production" });
      const refused = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "scheduled",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain("installation visit");
      await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "measure",
        date: "2030-12-03",
        start: "09:00",
        end: "10:00",
      });
      expect(
        (await call("POST", `/api/admin/orders/${order.id}/status`, { status: "scheduled" }))
          .status,
      ).toBe(409);
      await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: "2030-12-10",
        start: "09:00",
        end: "12:00",
      });
      const ok = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "scheduled",
      });
      expect(ok.status).toBe(200);
    });

    it("records payments and refunds; refuses a refund beyond what was paid", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const total = (await call("GET", `/api/admin/orders/${order.id}`)).body
        .total_amount as number;
      const paid = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: 50,
        method: "check",
        reference: "1042",
      });
      expect(paid.status).toBe(201);
      expect(paid.body).toMatchObject({
        paid: 50,
        balanceDue: Math.round((total - 50) * 100) / 100,
      });
      expect(paid.body.payments[0]).toMatchObject({
        amount: 50,
        method: "check",
        reference: "1042",
      });
      const tooMuch = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: -50.01,
        method: "check",
      });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.error.message).toContain("can't exceed what was paid");
      const refund = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: -20,
        method: "cash",
      });
      expect(refund.status).toBe(201);
      expect(refund.body.paid).toBe(30);
      const row = await store.services.db
        .selectFrom("orders")
        .select("paid_cents")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.paid_cents)).toBe(3000);
      // The service answers cents; only the API's presenter writes dollars.
      const summary = await store.services.payments.paymentSummary(order.id);
      expect(summary).toMatchObject({
        paidCents: 3000,
        balanceDueCents: Math.round(total * 100) - 3000,
      });
      expect(summary.payments.map((p) => p.amountCents)).toEqual([5000, -2000]);
      for (const bad of [
        { amount: 0, method: "cash" },
        { amount: 1.234, method: "cash" },
        { amount: 5, method: "bitcoin" },
      ]) {
        expect((await call("POST", `/api/admin/orders/${order.id}/payments`, bad)).status).toBe(
          400,
        );
      }
    });

    it("completes only with a zero balance (409 saying how much is due)", async () => {
      const order = await insertTestOrder(store.services.db, { status: "in_production" });
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: "2030-12-10",
        start: "09:00",
        end: "12:00",
      });
      await call("POST", `/api/admin/orders/${order.id}/status`, { status: "scheduled" });
      const detail = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: 100,
        method: "check",
      });
      const refused = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "completed",
      });
      expect(refused.status).toBe(409);
      const due = Math.round((detail.total_amount - 100) * 100) / 100;
      expect(refused.body.error.balanceDue).toBe(due);
      expect(refused.body.error.message).toContain(`$${due.toFixed(2)}`);
      await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: due,
        method: "card",
        emailReceipt: true,
      });
      const receipt = (await flushEmails()).find((e) => e.subject.startsWith("Receipt"));
      expect(receipt?.text).toContain("Check");
      expect(receipt?.text).toContain("Card");
      expect(receipt?.text).toContain("Balance due: $0.00");
      // Completed only once the installation visit is done.
      await call("PATCH", `/api/admin/visits/${visit.body.id}`, { status: "done" });
      const done = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "completed",
      });
      expect(done.status).toBe(200);
    });

    it("cancels a paid order only after the refund", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      await call("POST", `/api/admin/orders/${order.id}/payments`, { amount: 40, method: "cash" });
      const refused = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "cancelled",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain("refund");
      await call("POST", `/api/admin/orders/${order.id}/payments`, { amount: -40, method: "cash" });
      const ok = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "cancelled",
      });
      expect(ok.status).toBe(200);
      const late = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: 10,
        method: "cash",
      });
      expect(late.status).toBe(409);
    });

    it("emails a receipt on request, and refuses one without payments", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      expect((await call("POST", `/api/admin/orders/${order.id}/receipt`)).status).toBe(409);
      await call("POST", `/api/admin/orders/${order.id}/payments`, { amount: 10, method: "other" });
      expect((await call("POST", `/api/admin/orders/${order.id}/receipt`)).status).toBe(202);
      const receipt = (await flushEmails()).find(
        (e) => e.subject === `Receipt for Order #${order.orderNumber}`,
      );
      expect(receipt?.text).toMatch(/Payment Other\s+\$10\.00\n/);
      expect(receipt?.text).toContain("Paid: $10.00");
      expect(receipt?.html).toContain("Paid: $10.00");
    });
  });

  describe("adjustments after measuring", () => {
    let shopper = 0;
    /** An order placed through the store (its item carries the rates that priced it). */
    async function placedOrder(status: OrderStatus) {
      shopper++;
      const { id } = await placeInStore(store, 7000 + shopper, "adjust");
      await store.services.db.updateTable("orders").set({ status }).where("id", "=", id).execute();
      const item = await store.services.db
        .selectFrom("order_items")
        .select(["id", "pricing"])
        .where("order_id", "=", id)
        .executeTakeFirstOrThrow();
      return { id, itemId: Number(item.id), pricing: item.pricing };
    }

    it("re-prices with the order's stored rates, recomputes totals and records old → new", async () => {
      const order = await placedOrder("measured");
      // The rates stored with the order, not today's catalog: make them recognisable.
      const rates = JSON.parse(order.pricing ?? "null");
      expect(rates).toMatchObject({ type: "blinds", rateCentsPerSqFt: 450 });
      await store.services.db
        .updateTable("order_items")
        .set({ pricing: JSON.stringify({ ...rates, rateCentsPerSqFt: 500 }) })
        .where("id", "=", order.itemId)
        .execute();
      const res = await call("PATCH", `/api/admin/orders/${order.id}/items/${order.itemId}`, {
        width: 48,
        quantity: 2,
        reason: "Re-measured: the window is wider",
        notifyCustomer: true,
      });
      expect(res.status).toBe(200);
      // 48 × 48 / 144 = 16 sq ft × $5.00 = $80.00 a piece; 2 pieces: $160.00, 10 % off
      // $16.00, shipping $25.00 (not over $200), tax 6.5 % of $144.00 = $9.36.
      expect(res.body.order.items[0]).toMatchObject({
        width: 48,
        quantity: 2,
        calculatedPrice: "80.00",
      });
      expect(res.body.order).toMatchObject({
        subtotal: 160,
        discount: 16,
        shipping: 25,
        tax: 9.36,
        total_amount: 178.36,
      });
      expect(res.body.adjustment).toMatchObject({
        totalBefore: 82.51,
        total: 178.36,
        refundOwed: 0,
      });
      const events = await call("GET", `/api/admin/orders/${order.id}`);
      expect(events.status).toBe(200);
      const timeline = await store.services.timeline.orderEvents(order.id);
      expect(timeline.at(-1)?.summary).toContain('36" × 48" → 48" × 48"');
      expect(timeline.at(-1)?.summary).toContain("quantity 1 → 2");
      expect(timeline.at(-1)?.summary).toContain("Reason: Re-measured: the window is wider");
      const email = (await flushEmails()).find((e) => e.subject.includes("new total"));
      expect(email?.text).toContain("The new total is $178.36 (it was $82.51)");
    });

    it("changes the size in one place: the size columns, never the configuration (decision 290)", async () => {
      const order = await placedOrder("measured");
      const stored = () =>
        store.services.db
          .selectFrom("order_items")
          .select(["width_eighths", "height_eighths", "configuration"])
          .where("id", "=", order.itemId)
          .executeTakeFirstOrThrow();
      const before = await stored();
      const res = await call("PATCH", `/api/admin/orders/${order.id}/items/${order.itemId}`, {
        width: 40.375,
        height: 50.5,
        reason: "Measured on site",
      });
      expect(res.status).toBe(200);
      const after = await stored();
      expect([Number(after.width_eighths), Number(after.height_eighths)]).toEqual([323, 404]);
      expect(after.configuration).toBe(before.configuration);
      expect(Object.keys(JSON.parse(after.configuration))).not.toContain("width");
      expect(res.body.order.items[0]).toMatchObject({
        width: 40.375,
        height: 50.5,
        configuration: { width: 40.375, height: 50.5 },
      });
    });

    it("says a refund is owed when the new total is below what was paid", async () => {
      const order = await placedOrder("confirmed");
      await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: 82.51,
        method: "check",
      });
      const res = await call("PATCH", `/api/admin/orders/${order.id}/items/${order.itemId}`, {
        width: 24,
        reason: "Smaller than ordered",
      });
      expect(res.status).toBe(200);
      // 24 × 48 / 144 = 8 sq ft × $4.50 = $36.00 → the $39.00 minimum; + $25.00 + $2.54 tax.
      expect(res.body.adjustment).toMatchObject({ total: 66.54, paid: 82.51, refundOwed: 15.97 });
    });

    it("re-taxes with the order's own stored rates, not today's (decision 230)", async () => {
      const order = await placedOrder("measured");
      // An order placed when the store charged a flat 7.5 % (migration 0015's backfill).
      await store.services.db
        .updateTable("orders")
        .set({ tax_rate_bp: 750, surtax_rate_bp: 0, surtaxable_cents: 0, surtax_cents: 0 })
        .where("id", "=", order.id)
        .execute();
      const res = await call("PATCH", `/api/admin/orders/${order.id}/items/${order.itemId}`, {
        quantity: 2,
        reason: "Two of the same window",
      });
      expect(res.status).toBe(200);
      // 2 × $54.00 = $108.00, 10 % off → $97.20, 7.5 % = $7.29 (6.5 % would be $6.32).
      expect(res.body.order).toMatchObject({ subtotal: 108, tax: 7.29, total_amount: 129.49 });
      const row = await store.services.db
        .selectFrom("orders")
        .select(["tax_rate_bp", "surtax_rate_bp"])
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ tax_rate_bp: 750, surtax_rate_bp: 0 });
    });

    it("refuses after in_production (409), without stored rates (409) and bad sizes (400)", async () => {
      const late = await placedOrder("in_production");
      const refused = await call("PATCH", `/api/admin/orders/${late.id}/items/${late.itemId}`, {
        width: 40,
        reason: "Too late",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.reason).toBe("in_production");
      const old = await insertTestOrder(store.services.db, { status: "confirmed" });
      const oldItem = await store.services.db
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", old.id)
        .executeTakeFirstOrThrow();
      const noRates = await call("PATCH", `/api/admin/orders/${old.id}/items/${oldItem.id}`, {
        width: 40,
        reason: "Older order",
      });
      expect(noRates.status).toBe(409);
      expect(noRates.body.error.reason).toBe("no_stored_rates");
      const ok = await placedOrder("confirmed");
      const path = `/api/admin/orders/${ok.id}/items/${ok.itemId}`;
      expect((await call("PATCH", path, { width: 400, reason: "x" })).status).toBe(400);
      expect((await call("PATCH", path, { width: 36.1, reason: "x" })).status).toBe(400);
      expect((await call("PATCH", path, { reason: "nothing" })).status).toBe(400);
      expect((await call("PATCH", path, { width: 40 })).status).toBe(400);
      expect(
        (await call("PATCH", `/api/admin/orders/${ok.id}/items/999999`, { width: 40, reason: "x" }))
          .status,
      ).toBe(404);
    });
  });

  describe("status back one step", () => {
    it("goes back one step only with a reason, recorded as a step back", async () => {
      const order = await insertTestOrder(store.services.db, { status: "measured" });
      const bare = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "confirmed",
      });
      expect(bare.status).toBe(400);
      expect(bare.body.error.message).toContain("Say why");
      const twoBack = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "pending",
        note: "Too far",
      });
      expect(twoBack.status).toBe(409);
      const ok = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "confirmed",
        note: "Customer wants the bay window measured too",
      });
      expect(ok.status).toBe(200);
      expect(ok.body.history.at(-1)).toMatchObject({
        from: "measured",
        to: "confirmed",
        kind: "back",
        actor: TEST_ADMIN_NAME,
        note: "Customer wants the bay window measured too",
      });
      expect(ok.body.allowed_transitions).toEqual([
        { status: "measured", label: "Measured", back: false },
        { status: "cancelled", label: "Cancelled", back: false },
        { status: "pending", label: "Pending", back: true },
      ]);
    });
  });

  describe("dashboard", () => {
    it("answers visits, awaiting confirmation, balance, 12 weeks and inbox counts", async () => {
      const fresh = await createTestStore(dialect);
      try {
        const freshCookie = await loginCookie(fresh);
        const db = fresh.services.db;
        const now = new Date();
        const today = storeToday(now);
        const thisWeek = startOfWeek(today);
        const a = await insertTestOrder(db, { status: "pending" });
        const b = await insertTestOrder(db, { status: "confirmed" });
        await insertTestOrder(db, { status: "cancelled" });
        // Ten weeks ago: counted in its own week.
        await insertTestOrder(db, {
          status: "completed",
          createdAt: new Date(now.getTime() - 70 * 86_400_000).toISOString(),
        });
        await request(
          fresh,
          "POST",
          `/api/admin/orders/${b.id}/payments`,
          { amount: 25, method: "cash" },
          { cookie: freshCookie },
        );
        await request(
          fresh,
          "POST",
          `/api/admin/orders/${a.id}/visits`,
          { kind: "measure", date: today, start: "09:00", end: "10:00" },
          { cookie: freshCookie },
        );
        const res = await request(fresh, "GET", "/api/admin/dashboard", undefined, {
          cookie: freshCookie,
        });
        expect(res.status).toBe(200);
        const d = res.body;
        expect(d.today).toBe(today);
        expect(d.weekStart).toBe(thisWeek);
        expect(d.todaysVisits).toHaveLength(1);
        expect(d.awaitingConfirmation).toBe(1);
        const totals = await db.selectFrom("orders").select(["id", "total_cents"]).execute();
        const totalOf = (id: number) => Number(totals.find((t) => t.id === id)?.total_cents);
        expect(d.outstanding).toEqual({
          amount: (totalOf(a.id) + totalOf(b.id) - 2500) / 100,
          orders: 2,
        });
        expect(d.weeks).toHaveLength(12);
        expect(d.weeks[11]).toMatchObject({ weekStart: thisWeek, orders: 2, revenue: 25 });
        expect(d.weeks.reduce((n: number, w: { orders: number }) => n + w.orders, 0)).toBe(3);
        // The service's figures are cents.
        const figures = await fresh.services.dashboard.dashboard(now);
        expect(figures.outstanding.amountCents).toBe(totalOf(a.id) + totalOf(b.id) - 2500);
        expect(figures.weeks[11]).toMatchObject({ orders: 2, revenueCents: 2500 });
        expect(figures.weeks[11]?.orderValueCents).toBe(d.weeks[11].orderValue * 100);
      } finally {
        await fresh.close();
      }
    });

    it("keeps the figures between writes and shows every write at once (decision 260)", async () => {
      const fresh = await createTestStore(dialect);
      try {
        const freshCookie = await loginCookie(fresh);
        const dashboard = () =>
          request(fresh, "GET", "/api/admin/dashboard", undefined, { cookie: freshCookie });
        const writes = fresh.services.database.writes;
        const first = (await dashboard()).body;
        expect(first.awaitingConfirmation).toBe(0);
        // Reads, sessions and carts move nothing: the same answer comes from memory.
        const before = writes.version();
        await request(fresh, "POST", "/api/cart/items", {});
        await dashboard();
        expect(writes.version()).toBe(before);
        const kept = await fresh.services.dashboard.dashboard();
        // From memory, unless CACHES=off (then each call computes, and must agree all the same).
        expect((await fresh.services.dashboard.dashboard()) === kept).toBe(
          fresh.services.caches.enabled,
        );

        const order = await insertTestOrder(fresh.services.db, { status: "pending" });
        expect(writes.version()).toBeGreaterThan(before);
        expect(await fresh.services.dashboard.dashboard()).not.toBe(kept);
        expect((await dashboard()).body.awaitingConfirmation).toBe(1);

        const paid = await request(
          fresh,
          "POST",
          `/api/admin/orders/${order.id}/payments`,
          { amount: 10, method: "cash" },
          { cookie: freshCookie },
        );
        expect(paid.status).toBe(201);
        expect((await dashboard()).body.weeks[11].revenue).toBe(10);

        // A transaction that writes and rolls back moves the counter too (after its end).
        const mid = writes.version();
        await fresh.services.db
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable("orders").set({ status: "confirmed" }).execute();
            throw new Error("rolled back");
          })
          .catch(() => {});
        expect(writes.version()).toBeGreaterThan(mid);
        expect((await dashboard()).body.awaitingConfirmation).toBe(1);
      } finally {
        await fresh.close();
      }
    });
  });
});
