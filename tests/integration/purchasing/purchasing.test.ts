/**
 * On both databases: suppliers, purchase orders (deposit and cancellation holds, one
 * per supplier, numbers from 1001, the PDF's text, sending, confirming, receiving, overdue),
 * remakes, the statuses that follow the work, the installer's close-out and the verified review.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../../domain/orders/order-status";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import {
  addWorkingStaff,
  insertTestOrder,
  loginCookie,
  SHUTTER_ITEM,
} from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  return pages.join("\n");
}

describeEachDialect("purchasing and close-out on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let supplierA: number;
  let supplierB: number;
  const call = (method: string, path: string, body?: unknown, cookie = owner) =>
    request(store, method, path, body, { cookie });
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  async function history(orderId: number) {
    return (await call("GET", `/api/admin/orders/${orderId}`)).body.history as {
      from: string;
      to: string;
      note: string | null;
      kind: string;
    }[];
  }

  /** The order page's supply summary, from the order as the page reads it. */
  async function supplyOf(orderId: number) {
    return store.services.purchaseOrders.orderSupply(await store.services.admin.getOrder(orderId));
  }

  async function twoSupplierOrder(status: OrderStatus = "confirmed") {
    return insertTestOrder(db(), { status, items: [{}, SHUTTER_ITEM] });
  }

  describe("suppliers", () => {
    it("owners add and change suppliers and name each product's supplier", async () => {
      const a = await call("POST", "/api/admin/suppliers", {
        name: "Sunshine Vinyl Fabricators",
        email: "Orders@Sunshine.example.com",
        phone: "(239) 555-0300",
        accountNumber: "LCB-77",
        leadDays: 10,
      });
      expect(a.status).toBe(201);
      expect(a.body).toMatchObject({ email: "orders@sunshine.example.com", leadDays: 10 });
      supplierA = a.body.id;
      const b = await call("POST", "/api/admin/suppliers", {
        name: "Gulf Shutter Works",
        email: "po@gulfshutters.example.com",
        leadDays: 21,
      });
      supplierB = b.body.id;
      const changed = await call("PATCH", `/api/admin/suppliers/${supplierB}`, { leadDays: 14 });
      expect(changed.body.leadDays).toBe(14);
      expect((await call("GET", "/api/admin/suppliers")).body).toHaveLength(2);

      const vinyl = await call("PATCH", "/api/admin/products/1", { supplierId: supplierA });
      expect(vinyl.status).toBe(200);
      expect(vinyl.body).toMatchObject({
        id: 1,
        supplierId: supplierA,
        name: "Vinyl Vertical Blinds",
      });
      const unknown = await call("PATCH", "/api/admin/products/2", { supplierId: 99_999 });
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.error.fields)).toEqual(["supplierId"]);
    });

    it("refuses suppliers to office staff (403) and a bad body (400)", async () => {
      const office = await addWorkingStaff(store, owner, "office");
      expect((await call("GET", "/api/admin/suppliers", undefined, office.cookie)).status).toBe(
        403,
      );
      const bad = await call("POST", "/api/admin/suppliers", {
        name: "X",
        email: "nope",
        leadDays: -1,
      });
      expect(bad.status).toBe(400);
    });
  });

  describe("purchase orders", () => {
    it("refuses a product without a supplier, then makes one PO per supplier from PO-1001", async () => {
      const order = await twoSupplierOrder();
      const missing = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(missing.status).toBe(409);
      expect(missing.body.error.message).toContain("Standard Plantation Shutters");
      await call("PATCH", "/api/admin/products/2", { supplierId: supplierB });

      const res = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(res.status).toBe(201);
      const pos = res.body.purchaseOrders;
      expect(pos.map((p: { poLabel: string }) => p.poLabel)).toEqual(["PO-1001", "PO-1002"]);
      expect(pos.map((p: { supplierId: number }) => p.supplierId)).toEqual([supplierA, supplierB]);
      expect(pos[0].items).toHaveLength(1);
      expect(pos[0].expectedShipDate).toBe(addDays(storeToday(), 10));
      expect(pos[1].items[0]).toMatchObject({
        roomLabel: "Master bedroom",
        size: '30 5/8" W × 60 1/8" H',
        colorName: "Cream",
        quantity: 1,
        receivedQuantity: 0,
      });

      // The first purchase order moved the order to production, and says so in the history.
      const detail = await call("GET", `/api/admin/orders/${order.id}`);
      expect(detail.body.status).toBe("in_production");
      expect((await history(order.id)).at(-1)).toMatchObject({
        from: "confirmed",
        to: "in_production",
        kind: "automatic",
        note: "Automatic: purchase order PO-1001 created",
      });
      const again = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain("already on a purchase order");
    });

    it("holds production while the deposit is unpaid or the customer may still cancel (409)", async () => {
      const order = await twoSupplierOrder();
      await db()
        .updateTable("orders")
        .set({ deposit_cents: 20_000 })
        .where("id", "=", order.id)
        .execute();
      const deposit = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(deposit.status).toBe(409);
      expect(deposit.body.error).toMatchObject({ reason: "deposit_due", depositDue: 200 });
      await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: 200,
        method: "check",
      });
      await db()
        .updateTable("orders")
        .set({ cancel_until: addDays(storeToday(), 2) })
        .where("id", "=", order.id)
        .execute();
      const cancel = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(cancel.status).toBe(409);
      expect(cancel.body.error.reason).toBe("cancellation_period");
      await db()
        .updateTable("orders")
        .set({ cancel_until: addDays(storeToday(), -1) })
        .where("id", "=", order.id)
        .execute();
      expect((await call("POST", `/api/admin/orders/${order.id}/purchase-orders`)).status).toBe(
        201,
      );
      const pending = await insertTestOrder(db(), { status: "pending" });
      expect((await call("POST", `/api/admin/orders/${pending.id}/purchase-orders`)).status).toBe(
        409,
      );
    });

    it("sends the PDF to the supplier: sizes, options, room and our number, no customer data", async () => {
      const order = await insertTestOrder(db(), {
        status: "measured",
        firstName: "Priscilla",
        lastName: "Quayle",
        email: "priscilla.q@example.org",
        phone: "(239) 555-0777",
        address: "901 Heron Point",
        items: [SHUTTER_ITEM],
      });
      const [po] = (await call("POST", `/api/admin/orders/${order.id}/purchase-orders`)).body
        .purchaseOrders;
      const sent = await call("POST", `/api/admin/purchase-orders/${po.id}/send`);
      expect(sent.status).toBe(202);
      expect(sent.body.status).toBe("sent");
      await store.services.emails.flush();
      const email = store.sentEmails.find((e) => e.to === "po@gulfshutters.example.com");
      expect(email?.subject).toContain(`${po.poLabel}`);
      expect(email?.subject).toContain(`Order #${order.orderNumber}`);
      const attachment = email?.attachments?.[0];
      expect(attachment?.filename).toBe(`${po.poLabel}.pdf`);
      const text = await pdfText(new Uint8Array(Buffer.from(attachment?.content ?? "", "base64")));
      for (const expected of [
        `Purchase order ${po.poLabel}`,
        `Order #${order.orderNumber}`,
        "Standard Plantation Shutters",
        "Room: Master bedroom",
        'Size: 30 5/8" W × 60 1/8" H',
        "Color: Cream",
        "Outside mount",
        '3 1/2" louvers',
        "Quantity: 1",
      ]) {
        expect(text).toContain(expected);
      }
      for (const personal of ["Priscilla", "Quayle", "priscilla.q", "555-0777", "Heron"]) {
        expect(text).not.toContain(personal);
        expect(email?.text).not.toContain(personal);
      }
      const pdf = await store.app.request(`/api/admin/purchase-orders/${po.id}/pdf`, {
        headers: { cookie: owner },
      });
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    });

    it("confirms, receives partly and fully (refusing more than ordered), lists overdue first", async () => {
      const order = await twoSupplierOrder("measured");
      const [a, b] = (await call("POST", `/api/admin/orders/${order.id}/purchase-orders`)).body
        .purchaseOrders;
      const confirmed = await call("PATCH", `/api/admin/purchase-orders/${a.id}`, {
        supplierReference: "SV-5521",
        expectedShipDate: addDays(storeToday(), -3),
      });
      expect(confirmed.body).toMatchObject({
        status: "confirmed",
        supplierReference: "SV-5521",
        overdue: true,
      });
      const overdue = await call("GET", "/api/admin/purchase-orders?status=overdue");
      expect(overdue.body.map((p: { id: number }) => p.id)).toContain(a.id);
      const all = await call("GET", "/api/admin/purchase-orders?status=open");
      expect(all.body[0].overdue).toBe(true);
      const dash = await call("GET", "/api/admin/dashboard");
      expect(dash.body.overduePurchaseOrders.map((p: { id: number }) => p.id)).toContain(a.id);

      const itemA = a.items[0].itemId;
      const itemB = b.items[0].itemId;
      await db().updateTable("order_items").set({ quantity: 2 }).where("id", "=", itemA).execute();
      await db()
        .updateTable("purchase_order_lines")
        .set({ quantity: 2 })
        .where("order_item_id", "=", itemA)
        .execute();
      const partly = await call("POST", `/api/admin/purchase-orders/${a.id}/receive`, {
        items: [{ itemId: itemA, quantity: 1 }],
      });
      expect(partly.body.status).toBe("partly_received");
      const tooMany = await call("POST", `/api/admin/purchase-orders/${a.id}/receive`, {
        items: [{ itemId: itemA, quantity: 5 }],
      });
      expect(tooMany.status).toBe(409);
      // The refusal names the line's field, not only a sentence.
      expect(Object.keys(tooMany.body.error.fields)).toEqual(["items.0.quantity"]);
      const wrong = await call("POST", `/api/admin/purchase-orders/${a.id}/receive`, {
        items: [{ itemId: itemB, quantity: 1 }],
      });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.error.fields)).toEqual(["items.0.itemId"]);
      const full = await call("POST", `/api/admin/purchase-orders/${a.id}/receive`, {
        items: [{ itemId: itemA, quantity: 1 }],
      });
      expect(full.body).toMatchObject({ status: "received", overdue: false });
      let supply = await supplyOf(order.id);
      expect(supply.readyToInstall).toBe(false);
      await call("POST", `/api/admin/purchase-orders/${b.id}/receive`, {
        items: [{ itemId: itemB, quantity: 1 }],
      });
      supply = await supplyOf(order.id);
      expect(supply.readyToInstall).toBe(true);
      const ready = (await call("GET", "/api/admin/dashboard")).body.readyToInstall;
      expect(ready.map((r: { orderId: number }) => r.orderId)).toContain(order.id);

      // Booking the installation of an order whose items all arrived schedules it.
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: addDays(storeToday(), 5),
        start: "09:00",
        end: "12:00",
      });
      expect(visit.status).toBe(201);
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.status).toBe("scheduled");
      expect((await history(order.id)).at(-1)).toMatchObject({
        to: "scheduled",
        kind: "automatic",
        note: "Automatic: installation visit booked with every item received",
      });
    });

    it("books an installation before everything arrived: the order waits in production", async () => {
      const order = await insertTestOrder(db(), { status: "measured" });
      const [po] = (await call("POST", `/api/admin/orders/${order.id}/purchase-orders`)).body
        .purchaseOrders;
      await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: addDays(storeToday(), 5),
        start: "09:00",
        end: "12:00",
      });
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.status).toBe(
        "in_production",
      );
      await call("POST", `/api/admin/purchase-orders/${po.id}/receive`, {
        items: [{ itemId: po.items[0].itemId, quantity: 1 }],
      });
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.status).toBe("scheduled");
    });
  });

  describe("remakes", () => {
    it("orders the item again on a new line, keeps the customer's total, lists it by month", async () => {
      const order = await insertTestOrder(db(), { status: "measured", items: [SHUTTER_ITEM] });
      const itemId = (await call("GET", `/api/admin/orders/${order.id}`)).body.items[0].id;
      const early = await call("POST", `/api/admin/orders/${order.id}/items/${itemId}/remake`, {
        reason: "mis-measure",
        note: "Window is 1/4 inch narrower at the top",
        paidBy: "store",
      });
      expect(early.status).toBe(409);
      const [po] = (await call("POST", `/api/admin/orders/${order.id}/purchase-orders`)).body
        .purchaseOrders;
      await call("POST", `/api/admin/purchase-orders/${po.id}/receive`, {
        items: [{ itemId, quantity: 1 }],
      });
      const before = (await call("GET", `/api/admin/orders/${order.id}`)).body.total_amount;
      expect(await supplyOf(order.id)).toMatchObject({
        readyToInstall: true,
      });
      const res = await call("POST", `/api/admin/orders/${order.id}/items/${itemId}/remake`, {
        reason: "mis-measure",
        note: "Window is 1/4 inch narrower at the top",
        paidBy: "store",
      });
      expect(res.status).toBe(201);
      expect(res.body.remake).toMatchObject({ reasonLabel: "Mis-measure", paidBy: "store" });
      expect(res.body.purchaseOrder.items[0]).toMatchObject({ itemId, remake: true });
      expect(res.body.purchaseOrder.supplierId).toBe(supplierB);
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.total_amount).toBe(before);
      expect(await supplyOf(order.id)).toMatchObject({
        readyToInstall: false,
      });
      const month = storeToday().slice(0, 7);
      const list = await call("GET", `/api/admin/remakes?month=${month}`);
      expect(list.body.map((r: { id: number }) => r.id)).toContain(res.body.remake.id);
      expect((await call("GET", "/api/admin/remakes?month=2020-13")).status).toBe(400);
      const bad = await call("POST", `/api/admin/orders/${order.id}/items/${itemId}/remake`, {
        reason: "weather",
        note: "x",
        paidBy: "customer",
      });
      expect(bad.status).toBe(400);
    });
  });

  describe("statuses follow the work", () => {
    it("a measurement visit marked done moves a confirmed order to measured", async () => {
      const order = await insertTestOrder(db(), { status: "confirmed" });
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "measure",
        date: storeToday(),
        start: "09:00",
        end: "10:00",
      });
      await call("PATCH", `/api/admin/visits/${visit.body.id}`, { status: "done" });
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.status).toBe("measured");
      expect((await history(order.id)).at(-1)).toMatchObject({
        from: "confirmed",
        to: "measured",
        kind: "automatic",
        note: "Automatic: measurement visit marked done",
      });
      // A pending order stays pending: the move starts only from confirmed.
      const pending = await insertTestOrder(db(), { status: "pending" });
      const v2 = await call("POST", `/api/admin/orders/${pending.id}/visits`, {
        kind: "measure",
        date: storeToday(),
        start: "09:00",
        end: "10:00",
      });
      await call("PATCH", `/api/admin/visits/${v2.body.id}`, { status: "done" });
      expect((await call("GET", `/api/admin/orders/${pending.id}`)).body.status).toBe("pending");
    });

    it("refuses completed while an installation visit is still scheduled (409)", async () => {
      const order = await insertTestOrder(db(), { status: "scheduled" });
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: storeToday(),
        start: "09:00",
        end: "12:00",
      });
      const total = (await call("GET", `/api/admin/orders/${order.id}`)).body.total_amount;
      await call("POST", `/api/admin/orders/${order.id}/payments`, {
        amount: total,
        method: "card",
      });
      const refused = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "completed",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.reason).toBe("installation_visit_scheduled");
      expect(refused.body.error.message).toContain(`Order #${order.orderNumber}`);
      expect(refused.body.error.message).not.toContain(order.reference);
      await call("PATCH", `/api/admin/visits/${visit.body.id}`, { status: "done" });
      const done = await call("POST", `/api/admin/orders/${order.id}/status`, {
        status: "completed",
      });
      expect(done.status).toBe(200);
    });
  });

  describe("the installer's close-out", () => {
    const signature = () =>
      sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff" } })
        .png()
        .toBuffer();
    const photo = () =>
      sharp({ create: { width: 80, height: 60, channels: 3, background: "#b85c38" } })
        .jpeg()
        .toBuffer();

    async function closeOutForm(
      items: unknown,
      options: { photos?: number; signature?: boolean; balanceReason?: string } = {},
    ): Promise<FormData> {
      const form = new FormData();
      form.append("items", JSON.stringify(items));
      form.append("signerName", "Jane Doe");
      if (options.balanceReason) form.append("balanceReason", options.balanceReason);
      for (let i = 0; i < (options.photos ?? 2); i++) {
        form.append("photos", new File([await photo()], `p${i}.jpg`, { type: "image/jpeg" }));
      }
      if (options.signature !== false) {
        form.append("signature", new File([await signature()], "sig.png", { type: "image/png" }));
      }
      return form;
    }

    async function post(visitId: number, form: FormData, cookie: string) {
      const res = await store.app.request(`/api/admin/visits/${visitId}/close-out`, {
        method: "POST",
        body: form,
        headers: { cookie },
      });
      return { status: res.status, body: (await res.json()) as any };
    }

    it("marks the visit done; with a balance due the order stays scheduled", async () => {
      const installer = await addWorkingStaff(store, owner, "installer");
      const order = await insertTestOrder(db(), { status: "scheduled" });
      const detail = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: storeToday(),
        start: "09:00",
        end: "12:00",
        staffId: installer.id,
      });
      const items = detail.items.map((i: { id: number }) => ({
        itemId: i.id,
        status: "installed",
      }));
      const other = await addWorkingStaff(store, owner, "installer");
      expect((await post(visit.body.id, await closeOutForm(items), other.cookie)).status).toBe(404);
      const problemNoNote = [{ itemId: detail.items[0].id, status: "problem" }];
      expect(
        (await post(visit.body.id, await closeOutForm(problemNoNote), installer.cookie)).status,
      ).toBe(400);
      // Each refusal names its field: the browser's check is the same schema.
      const tooManyPhotos = await post(
        visit.body.id,
        await closeOutForm(items, { photos: 11 }),
        installer.cookie,
      );
      expect(tooManyPhotos.status).toBe(400);
      expect(Object.keys(tooManyPhotos.body.error.fields)).toEqual(["photoCount"]);
      const unsigned = await post(
        visit.body.id,
        await closeOutForm(items, { signature: false }),
        installer.cookie,
      );
      expect(unsigned.status).toBe(400);
      expect(Object.keys(unsigned.body.error.fields)).toEqual(["signed"]);

      // A balance due needs its answer.
      const leftDue = { balanceReason: "The customer pays the office" };
      const res = await post(visit.body.id, await closeOutForm(items, leftDue), installer.cookie);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orderCompleted: false, photos: 2 });
      expect(res.body.balanceDue).toBe(detail.total_amount);
      const after = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      expect(after.status).toBe("scheduled");
      const visits = (await call("GET", `/api/admin/orders/${order.id}/visits`)).body;
      expect(visits[0].status).toBe("done");
      expect(
        (await post(visit.body.id, await closeOutForm(items, leftDue), installer.cookie)).status,
      ).toBe(409);
      const sig = await store.app.request(
        `/api/admin/visits/${visit.body.id}/close-out/signature`,
        {
          headers: { cookie: installer.cookie },
        },
      );
      expect(sig.headers.get("content-type")).toBe("image/png");
    });

    it("completes the order when all is installed and paid; the email's link verifies the review", async () => {
      const installer = await addWorkingStaff(store, owner, "installer");
      const order = await insertTestOrder(db(), {
        status: "scheduled",
        email: "happy@example.org",
      });
      const detail = (await call("GET", `/api/admin/orders/${order.id}`)).body;
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: storeToday(),
        start: "09:00",
        end: "12:00",
        staffId: installer.id,
      });
      // The installer collects the balance on site (the payments rules).
      const paid = await call(
        "POST",
        `/api/admin/orders/${order.id}/payments`,
        { amount: detail.total_amount, method: "check", reference: "2201" },
        installer.cookie,
      );
      expect(paid.status).toBe(201);
      const items = detail.items.map((i: { id: number }) => ({
        itemId: i.id,
        status: "installed",
      }));
      const res = await post(
        visit.body.id,
        await closeOutForm(items, { photos: 1 }),
        installer.cookie,
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orderCompleted: true, balanceDue: 0 });
      expect((await call("GET", `/api/admin/orders/${order.id}`)).body.status).toBe("completed");
      expect((await history(order.id)).at(-1)).toMatchObject({
        to: "completed",
        kind: "automatic",
      });

      await store.services.emails.flush();
      const email = store.sentEmails.find((e) => e.to === "happy@example.org");
      expect(email?.subject).toBe(`Order #${order.orderNumber} is installed: thank you`);
      expect(email?.text).toContain("Check 2201");
      expect(email?.text).toContain("Balance due: $0.00");
      const link = /\?review=([A-Za-z0-9_-]+)#testimonials/.exec(email?.text ?? "");
      expect(link).not.toBeNull();

      const review = {
        customerName: "Jane Doe",
        customerEmail: "happy@example.org",
        rating: 5,
        reviewText: "Installed on time and the shutters fit perfectly.",
      };
      const verified = await request(
        store,
        "POST",
        "/api/reviews",
        {
          ...review,
          reviewToken: link?.[1],
        },
        { "x-forwarded-for": "198.51.100.7" },
      );
      expect(verified.status).toBe(201);
      const plain = await request(
        store,
        "POST",
        "/api/reviews",
        {
          ...review,
          reviewToken: "not-a-real-token",
        },
        { "x-forwarded-for": "198.51.100.8" },
      );
      expect(plain.status).toBe(201);
      const rows = await db()
        .selectFrom("reviews")
        .select(["id", "verified", "order_id"])
        .where("customer_email", "=", "happy@example.org")
        .orderBy("id")
        .execute();
      expect(rows.map((r) => Number(r.verified))).toEqual([1, 0]);
      expect(Number(rows[0]?.order_id)).toBe(order.id);
      for (const r of rows) await call("POST", `/api/admin/reviews/${r.id}/approve`);
      const publicList = (await request(store, "GET", "/api/reviews")).body as {
        id: number;
        verified: boolean;
      }[];
      expect(publicList.find((r) => r.id === Number(rows[0]?.id))?.verified).toBe(true);
      expect(publicList.find((r) => r.id === Number(rows[1]?.id))?.verified).toBe(false);
    });
  });
});
