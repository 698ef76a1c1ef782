/**
 * The order follows the work to the end on both databases: the close-out asks for the balance (a payment in the
 * same step, or a reason), a payment that settles an installed order completes it once, no open
 * choice goes to a supplier until the item's configuration settles it, the admin order's
 * readiness and purchase orders, the orders list's contact fields, and a cancelled order's
 * refund journey.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import {
  addWorkingStaff,
  insertTestOrder,
  loginCookie,
  SHUTTER_ITEM,
} from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("the order follows the work on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let installer: { id: number; cookie: string };
  const call = (method: string, path: string, body?: unknown, cookie = owner) =>
    request(store, method, path, body, { cookie });
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  const signature = () =>
    sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer();

  async function closeOutForm(
    items: unknown,
    fields: { payment?: unknown; balanceReason?: string } = {},
  ): Promise<FormData> {
    const form = new FormData();
    form.append("items", JSON.stringify(items));
    form.append("signerName", "Jane Doe");
    form.append("signature", new File([await signature()], "sig.png", { type: "image/png" }));
    if (fields.payment !== undefined) form.append("payment", JSON.stringify(fields.payment));
    if (fields.balanceReason !== undefined) form.append("balanceReason", fields.balanceReason);
    return form;
  }

  async function closeOut(visitId: number, form: FormData) {
    const res = await store.app.request(`/api/admin/visits/${visitId}/close-out`, {
      method: "POST",
      body: form,
      headers: { cookie: installer.cookie },
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  let jobDay = 0;
  /** A scheduled order with its installation visit booked for the installer (a day each). */
  async function installJob(email = `job.${Math.random().toString(36).slice(2, 8)}@example.org`) {
    const order = await insertTestOrder(db(), { status: "scheduled", email });
    const detail = (await call("GET", `/api/admin/orders/${order.id}`)).body;
    const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
      kind: "install",
      date: addDays(storeToday(), ++jobDay),
      start: "09:00",
      end: "12:00",
      staffId: installer.id,
    });
    expect(visit.status).toBe(201);
    const installed = detail.items.map((i: { id: number }) => ({
      itemId: i.id,
      status: "installed",
    }));
    return {
      order,
      email,
      total: detail.total_amount as number,
      visitId: visit.body.id,
      installed,
    };
  }

  async function completionEmails(email: string) {
    await store.services.emails.flush();
    return store.sentEmails.filter((e) => e.to === email && e.subject.includes("is installed"));
  }

  async function history(orderId: number) {
    return (await call("GET", `/api/admin/orders/${orderId}`)).body.history as {
      to: string;
      note: string | null;
    }[];
  }

  describe("the close-out asks for the balance", () => {
    it("refuses a balance due with neither a payment nor a reason (400 naming balanceReason)", async () => {
      const job = await installJob();
      const res = await closeOut(job.visitId, await closeOutForm(job.installed));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["balanceReason"]);
      expect(res.body.error.message).toContain(`$${job.total.toFixed(2)}`);
      // Nothing happened: the visit can still be closed out.
      const visits = (await call("GET", `/api/admin/orders/${job.order.id}/visits`)).body;
      expect(visits[0].status).toBe("scheduled");
      // A payment short of the balance still needs the reason for what stays due.
      const short = await closeOut(
        job.visitId,
        await closeOutForm(job.installed, { payment: { amount: 10, method: "cash" } }),
      );
      expect(short.status).toBe(400);
      expect(Object.keys(short.body.error.fields)).toEqual(["balanceReason"]);
      const tooMuch = await closeOut(
        job.visitId,
        await closeOutForm(job.installed, { payment: { amount: job.total + 1, method: "cash" } }),
      );
      expect(tooMuch.status).toBe(400);
      expect(Object.keys(tooMuch.body.error.fields)).toEqual(["payment.amount"]);
      const refund = await closeOut(
        job.visitId,
        await closeOutForm(job.installed, { payment: { amount: -5, method: "cash" } }),
      );
      expect(refund.status).toBe(400);
    });

    it("a payment in the same step completes the order with one completion email", async () => {
      const job = await installJob();
      const res = await closeOut(
        job.visitId,
        await closeOutForm(job.installed, {
          payment: { amount: job.total, method: "check", reference: "4410" },
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orderCompleted: true, balanceDue: 0 });
      const order = (await call("GET", `/api/admin/orders/${job.order.id}`)).body;
      expect(order.status).toBe("completed");
      const payments = (await call("GET", `/api/admin/orders/${job.order.id}/payments`)).body;
      expect(payments).toMatchObject({ paid: job.total, balanceDue: 0, refundDue: 0 });
      expect(payments.payments).toHaveLength(1);
      expect(payments.payments[0]).toMatchObject({ method: "check", reference: "4410" });
      const emails = await completionEmails(job.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.text).toContain("Check 4410");
      expect(emails[0]?.text).toContain("Balance due: $0.00");
    });

    it("left due with a reason: the order stays open, the dashboard lists it, a later payment completes it once", async () => {
      const job = await installJob();
      const res = await closeOut(
        job.visitId,
        await closeOutForm(job.installed, { balanceReason: "Customer pays by card on Friday" }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orderCompleted: false, balanceDue: job.total });
      expect((await call("GET", `/api/admin/orders/${job.order.id}`)).body.status).toBe(
        "scheduled",
      );
      const dashboard = (await call("GET", "/api/admin/dashboard")).body;
      expect(dashboard.installedBalanceDue).toContainEqual({
        orderId: job.order.id,
        orderNumber: job.order.orderNumber,
        balanceDue: job.total,
        reason: "Customer pays by card on Friday",
      });
      expect(await completionEmails(job.email)).toHaveLength(0);

      const paid = await call(
        "POST",
        `/api/admin/orders/${job.order.id}/payments`,
        { amount: job.total, method: "card", emailReceipt: true },
        installer.cookie,
      );
      expect(paid.status).toBe(201);
      expect((await call("GET", `/api/admin/orders/${job.order.id}`)).body.status).toBe(
        "completed",
      );
      expect((await history(job.order.id)).at(-1)).toMatchObject({
        to: "completed",
        note: "Automatic: paid in full after installation",
      });
      // The completion email carries the receipt: one email, not a receipt and a completion.
      await store.services.emails.flush();
      const toCustomer = store.sentEmails.filter((e) => e.to === job.email);
      expect(toCustomer).toHaveLength(1);
      expect(toCustomer[0]?.subject).toContain("is installed");
      const after = (await call("GET", "/api/admin/dashboard")).body;
      expect(
        after.installedBalanceDue.some((o: { orderId: number }) => o.orderId === job.order.id),
      ).toBe(false);
      // Completed: no more payments.
      const more = await call("POST", `/api/admin/orders/${job.order.id}/payments`, {
        amount: 1,
        method: "cash",
      });
      expect(more.status).toBe(409);
    });

    it("two payments arriving together that settle the balance complete the order once", async () => {
      const job = await installJob();
      await closeOut(
        job.visitId,
        await closeOutForm(job.installed, { balanceReason: "Two checks" }),
      );
      const totalCents = Math.round(job.total * 100);
      const half = Math.floor(totalCents / 2);
      const answers = await Promise.all(
        [half, totalCents - half].map((cents) =>
          call("POST", `/api/admin/orders/${job.order.id}/payments`, {
            amount: cents / 100,
            method: "check",
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      const completedMoves = (await history(job.order.id)).filter((h) => h.to === "completed");
      expect(completedMoves).toHaveLength(1);
      expect(await completionEmails(job.email)).toHaveLength(1);
    });

    it("a payment before the close-out does not complete an order whose items are not installed", async () => {
      const job = await installJob();
      const paid = await call("POST", `/api/admin/orders/${job.order.id}/payments`, {
        amount: job.total,
        method: "cash",
      });
      expect(paid.status).toBe(201);
      expect((await call("GET", `/api/admin/orders/${job.order.id}`)).body.status).toBe(
        "scheduled",
      );
      // The close-out then completes it, with nothing due and no payment field.
      const res = await closeOut(job.visitId, await closeOutForm(job.installed));
      expect(res.body).toMatchObject({ orderCompleted: true });
      expect(await completionEmails(job.email)).toHaveLength(1);
    });
  });

  describe("no open choice goes to a supplier", () => {
    const OPEN_SHUTTER = {
      ...SHUTTER_ITEM,
      configuration: {
        ...(SHUTTER_ITEM.configuration ?? {}),
        panels: "auto",
        hinge: "auto",
        frame: "l-frame",
        tiltRod: "hidden",
      },
    };

    beforeAll(async () => {
      const supplier = await call("POST", "/api/admin/suppliers", {
        name: "Gulf Shutter Works",
        email: "po@gulfshutters.example.com",
        leadDays: 14,
      });
      await call("PATCH", "/api/admin/products/2", { supplierId: supplier.body.id });
    });

    it("answers 409 naming the item and the option; the item's configuration settles it and re-prices", async () => {
      const order = await insertTestOrder(db(), { status: "measured", items: [OPEN_SHUTTER] });
      const detail = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      const itemId = detail.items[0].id as number;
      const refused = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ reason: "option_open", itemId, option: "panels" });
      expect(refused.body.error.message).toContain("Standard Plantation Shutters (Master bedroom)");
      expect(refused.body.error.message).toContain("Panels and Hinge side");

      // The rates stored with the order price it (30 5/8" × 60 1/8" at $20.00 a sq ft is
      // $255.74, + $75.00 installation): not today's catalog.
      await db()
        .updateTable("order_items")
        .set({
          pricing: JSON.stringify({
            type: "blinds",
            rateCentsPerSqFt: 2000,
            minimumCents: 0,
            installationTiers: [{ maxWidthInches: null, cents: 7500 }],
          }),
        })
        .where("id", "=", itemId)
        .execute();
      const bad = await call("PATCH", `/api/admin/orders/${order.id}/items/${itemId}`, {
        configuration: { panels: "9" },
        reason: "Measured",
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toEqual(["configuration.panels"]);
      const foreign = await call("PATCH", `/api/admin/orders/${order.id}/items/${itemId}`, {
        configuration: { stack: "left" },
        reason: "Measured",
      });
      expect(foreign.status).toBe(400);

      const settled = await call("PATCH", `/api/admin/orders/${order.id}/items/${itemId}`, {
        configuration: { panels: "2", hinge: "left" },
        reason: "Counted at measuring",
      });
      expect(settled.status).toBe(200);
      const item = settled.body.order.items[0];
      expect(item.configuration).toMatchObject({
        panels: "2",
        hinge: "left",
        mount: "outside",
        frame: "l-frame",
      });
      expect(item.calculatedPrice).toBe("330.74");
      expect(settled.body.adjustment.summary).toContain(
        "Panels: We'll recommend at measuring → 2 panels",
      );
      expect(settled.body.adjustment.summary).toContain("$300.00 → $330.74 each");

      const ordered = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(ordered.status).toBe(201);
    });
  });

  describe("the admin's order and list", () => {
    it("carries readyToInstall and its purchase orders' states", async () => {
      const order = await insertTestOrder(db(), { status: "confirmed", items: [SHUTTER_ITEM] });
      const before = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      expect(before).toMatchObject({ readyToInstall: false, purchaseOrders: [] });
      const made = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(made.status).toBe(201);
      const po = made.body.purchaseOrders[0];
      const ordered = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      expect(ordered.readyToInstall).toBe(false);
      expect(ordered.purchaseOrders).toEqual([
        expect.objectContaining({
          id: po.id,
          poLabel: po.poLabel,
          status: "draft",
          received: false,
        }),
      ]);
      const received = await call("POST", `/api/admin/purchase-orders/${po.id}/receive`, {
        items: [{ itemId: before.items[0].id, quantity: 1 }],
      });
      expect(received.status).toBe(200);
      const ready = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      expect(ready.readyToInstall).toBe(true);
      expect(ready.purchaseOrders[0]).toMatchObject({
        status: "received",
        statusLabel: "Received",
        received: true,
      });
    });

    it("the orders list keeps the customer's email, phone and address", async () => {
      const order = await insertTestOrder(db(), {
        email: "list.fields@example.org",
        phone: "(239) 555-0177",
        address: "88 Heron Bay Rd",
      });
      const list = await call("GET", `/api/admin/orders?q=${order.reference}`);
      expect(list.body[0]).toMatchObject({
        customer_email: "list.fields@example.org",
        customer_phone: "(239) 555-0177",
      });
      expect(list.body[0].customer_address).toContain("88 Heron Bay Rd");
    });
  });

  describe("money never sticks to a cancelled order", () => {
    it("cancel within the right to cancel, then refund: refund due until recorded, paid 0 and nothing due after", async () => {
      const order = await insertTestOrder(db(), {
        status: "confirmed",
        email: "cancel@example.org",
      });
      await call("POST", `/api/admin/orders/${order.id}/payments`, { amount: 20, method: "card" });
      // Cancelled as the customer's right to cancel leaves it: cancelled with the deposit paid.
      await db()
        .updateTable("orders")
        .set({ status: "cancelled" })
        .where("id", "=", order.id)
        .execute();
      const summary = (await call("GET", `/api/admin/orders/${order.id}/payments`)).body;
      expect(summary).toMatchObject({ paid: 20, balanceDue: -20, refundDue: 20 });
      const dashboard = (await call("GET", "/api/admin/dashboard")).body;
      expect(dashboard.refundsDue).toContainEqual({
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: "cancelled",
        refundDue: 20,
      });
      const today = storeToday();
      const books = (await call("GET", `/api/admin/reports?from=${today}&to=${today}`)).body;
      expect(books.refundsOwed).toBeGreaterThanOrEqual(20);

      // A payment is refused; a refund above what was paid too; the refund itself goes through.
      const payment = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: 5,
        method: "cash",
      });
      expect(payment.status).toBe(409);
      const tooMuch = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: -25,
        method: "card",
      });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.error.reason).toBe("refund_exceeds_paid");
      const refund = await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: -20,
        method: "card",
      });
      expect(refund.status).toBe(201);
      expect(refund.body).toMatchObject({ paid: 0, balanceDue: 0, refundDue: 0 });
      const later = (await call("GET", "/api/admin/dashboard")).body;
      expect(later.refundsDue.some((o: { orderId: number }) => o.orderId === order.id)).toBe(false);
      const booksAfter = (await call("GET", `/api/admin/reports?from=${today}&to=${today}`)).body;
      expect(booksAfter.refundsOwed).toBeCloseTo(books.refundsOwed - 20, 2);
    });
  });
});
