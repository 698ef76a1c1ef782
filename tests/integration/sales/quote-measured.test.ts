/**
 * The measured size a line was made from, on both databases (decision 573): the job card's
 * measurements → the draft quote's line (and its alternatives) → the order's item → the
 * purchase order's line, which prints the three widths and heights beside the ordering size.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("the measured size through to the purchase order on %s", (dialect) => {
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

  it("prints the measurements on the purchase order line of a measured quote", async () => {
    const at = new Date().toISOString();
    const row = await store.services.db
      .insertInto("visits")
      .values({
        order_id: null,
        kind: "measure",
        status: "scheduled",
        visit_date: "2027-02-01",
        start_time: "08:00",
        end_time: "10:00",
        staff_id: null,
        uid: `measured-po-${dialect}@example.com`,
        sequence: 0,
        created_at: at,
        updated_at: at,
        source: "online",
        reference: `MEASUREDPO${dialect.toUpperCase()}`,
        first_name: "Pia",
        last_name: "Measured",
        email: "pia@example.com",
        phone: "(239) 555-0103",
        address: "5 Palm Way",
        city: "Fort Myers",
        zip_code: "33901",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const visitId = Number(row.id);
    const measured = await call("POST", `/api/admin/visits/${visitId}/measurements`, {
      windows: [
        {
          room: "Kitchen",
          productType: "vinyl",
          mount: "inside",
          widths: [35.25, 35, 35.125],
          heights: [60.5, 60.25, 60.375],
          depth: 3.5,
        },
      ],
    });
    expect(measured.status, JSON.stringify(measured.body)).toBe(201);
    expect((await call("PATCH", "/api/admin/settings", { cancelBusinessDays: 0 })).status).toBe(
      200,
    );
    const draft = await call("POST", "/api/admin/quotes", {
      visitId,
      fromMeasurements: true,
      depositPercent: 0,
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.items[0]).toMatchObject({
      roomLabel: "Kitchen",
      width: 35,
      height: 60.25,
      measured: {
        mount: "inside",
        widths: [35.25, 35, 35.125],
        heights: [60.5, 60.25, 60.375],
        depth: 3.5,
      },
    });
    // A change through the builder's JSON keeps it (it round-trips the line's `measured`).
    const line = draft.body.items[0];
    const patched = await call("PATCH", `/api/admin/quotes/${draft.body.id}`, {
      items: [
        {
          productId: 1,
          width: line.width,
          height: line.height,
          selectedColor: "white",
          includeInstallation: true,
          roomLabel: "Kitchen",
          measured: line.measured,
          alternatives: [{ productId: 5, width: 35, height: 60.25, selectedColor: "ivory" }],
        },
      ],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.items[0].measured).toEqual(line.measured);
    const bad = await call("PATCH", `/api/admin/quotes/${draft.body.id}`, {
      items: [
        {
          productId: 1,
          width: 35,
          height: 60.25,
          selectedColor: "white",
          measured: { mount: "inside" },
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain("items.0.measured");

    expect((await call("POST", `/api/admin/quotes/${draft.body.id}/send`)).status).toBe(200);
    const detail = await call("GET", `/api/admin/quotes/${draft.body.id}`);
    const token = String(detail.body.link).split("/quotes/")[1] ?? "";
    const item = detail.body.items[0];
    // The customer picks the fabric alternative: the same window, the same measurements.
    const accepted = await request(store, "POST", `/api/quotes/${token}/accept`, {
      signatureName: "Pia Measured",
      agree: true,
      revision: detail.body.revision,
      choices: [{ itemId: item.id, alternativeId: item.alternatives[0].id }],
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const quote = await call("GET", `/api/admin/quotes/${draft.body.id}`);
    const orderId = quote.body.acceptedOrderId;
    const order = await call("GET", `/api/admin/orders/${orderId}`);
    expect(order.body.items[0]).toMatchObject({
      productName: "Fabric Vertical Blinds",
      measured: line.measured,
    });

    const supplier = await call("POST", "/api/admin/suppliers", {
      name: "Gulf Fabric Verticals",
      email: "po@gulffabric.example.com",
      leadDays: 10,
    });
    expect(
      (await call("PATCH", "/api/admin/products/5", { supplierId: supplier.body.id })).status,
    ).toBe(200);
    const made = await call("POST", `/api/admin/orders/${orderId}/purchase-orders`);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const po = await call("GET", `/api/admin/purchase-orders/${made.body.purchaseOrders[0].id}`);
    expect(po.body.items[0].measured).toBe(
      'Measured (inside mount): widths 35 1/4", 35", 35 1/8" · heights 60 1/2", 60 1/4", 60 3/8" · depth 3 1/2"',
    );
  });
});
