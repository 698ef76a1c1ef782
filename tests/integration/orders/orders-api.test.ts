import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { TEXT_CONSENT_WORDS } from "../../../domain/scheduling/booking-schema";
import { storeTimeToUtc } from "../../../domain/scheduling/visit-time";
import { toOrder, toOrderItem } from "../../../server/db/repositories/orders/orders";
import { listTexts } from "../../../server/db/repositories/platform/text-outbox";
import { createReminderService } from "../../../server/services/scheduling/reminders";
import { loginCookie } from "../../support/admin-fixtures";
import { VINYL_INSTALLED } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const VINYL = { ...VINYL_INSTALLED, roomLabel: undefined };

const CUSTOMER = {
  firstName: "Jane",
  lastName: "Rivera",
  email: "Jane.Rivera@example.com",
  phone: "239-555-0199",
  address: "1200 Palm Ave",
  city: "Cape Coral",
  state: "FL",
  zipCode: "33904",
  specialInstructions: "Gate code 4411",
  visitWindow: "weekday-mornings",
};

// Two vinyl blinds at 129.56: subtotal 259.12, discount 25.91, free shipping, tax 6.5 % of
// 233.21 = 15.15865 → 15.16 (both items under $5,000).
const TOTALS = {
  subtotal: 259.12,
  multipleBlindDiscount: 25.91,
  shipping: 0,
  tax: 15.16,
  total: 248.37,
};

describeEachDialect("orders API on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => store.services.orders.resetRateLimit());

  async function cartWithTwoBlinds(): Promise<Record<string, string>> {
    const add = await request(store, "POST", "/api/cart", { ...VINYL, quantity: 2 });
    expect(add.body.totals).toMatchObject(TOTALS);
    return { "x-session-id": add.body.sessionId };
  }

  async function order(
    h: Record<string, string>,
    body: unknown = { customerInfo: CUSTOMER, totals: TOTALS },
  ) {
    return request(store, "POST", "/api/orders", body, h);
  }

  it("places the order from the server's cart, snapshots it and empties the cart", async () => {
    const h = await cartWithTwoBlinds();
    const res = await order(h, {
      items: [{ calculatedPrice: "1.00" }],
      customerInfo: CUSTOMER,
      totals: TOTALS,
    });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(res.body).toMatchObject({
      status: "pending",
      statusUrl: `/orders/${res.body.reference}`,
      totals: TOTALS,
    });
    expect(res.body.items[0]).toMatchObject({
      productName: "Vinyl Vertical Blinds",
      quantity: 2,
      calculatedPrice: "129.56",
    });

    // Through the repository's row mappers: pg answers bigint money columns as strings.
    const row = toOrder(
      await store.services.db
        .selectFrom("orders")
        .selectAll()
        .where("reference", "=", res.body.reference)
        .executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({
      status: "pending",
      email: "jane.rivera@example.com",
      phone: "(239) 555-0199",
      zip_code: "33904",
      visit_window: "weekday-mornings",
      subtotal_cents: 259_12,
      discount_cents: 25_91,
      shipping_cents: 0,
      tax_cents: 15_16,
      total_cents: 248_37,
      // The rates that taxed it, and the surtax part (0.5 % of 233.21 = 1.16605 → 1.17).
      tax_rate_bp: 650,
      surtax_rate_bp: 50,
      surtaxable_cents: 233_21,
      surtax_cents: 1_17,
    });
    const items = (
      await store.services.db
        .selectFrom("order_items")
        .selectAll()
        .where("order_id", "=", row.id)
        .execute()
    ).map(toOrderItem);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      width_eighths: 291,
      color_name: "White",
      unit_price_cents: 129_56,
      installation_cents: 75_00,
      line_total_cents: 259_12,
    });
    // One size: the columns hold it, the configuration only the options.
    expect(JSON.parse(items[0]!.configuration)).toEqual({
      productType: "vinyl",
      selectedColor: "white",
      includeInstallation: true,
      mount: "inside",
      controlSide: "right",
      stack: "left",
    });
    expect(items[0]!.config).toMatchObject({ productType: "vinyl", width: 36.375, height: 48 });
    const history = await store.services.db
      .selectFrom("order_status_history")
      .selectAll()
      .where("order_id", "=", row.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ from_status: null, to_status: "pending", actor: "customer" }),
    ]);

    const cart = await request(store, "GET", "/api/cart", undefined, h);
    expect(cart.body.items).toEqual([]);
    expect(cart.body.sessionId).toBe(h["x-session-id"]);
  });

  it("answers a repeat with the same order (200), never a second one", async () => {
    const h = await cartWithTwoBlinds();
    const first = await order(h);
    const again = await order(h);
    expect(again.status).toBe(200);
    expect(again.body.reference).toBe(first.body.reference);
    const count = await store.services.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cart_id", "=", h["x-session-id"]!)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("creates exactly one order from 50 concurrent requests for one cart", async () => {
    const add = await request(store, "POST", "/api/cart", { ...VINYL, quantity: 2 });
    const session = add.body.sessionId as string;
    const restore = store.services.config.trustProxy;
    // Fifty distinct addresses, so the rate limit does not hide the race being tested.
    store.services.config.trustProxy = 1;
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          order({ "x-session-id": session, "x-forwarded-for": `10.0.0.${i + 1}` }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(49).fill(200), 201].sort());
      expect(new Set(answers.map((a) => a.body.reference)).size).toBe(1);
    } finally {
      store.services.config.trustProxy = restore;
    }
    const orders = await store.services.db
      .selectFrom("orders")
      .select("id")
      .where("cart_id", "=", session)
      .execute();
    expect(orders).toHaveLength(1);
    const items = await store.services.db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", orders[0]!.id)
      .execute();
    expect(items).toHaveLength(1);
    const emails = await store.services.db
      .selectFrom("email_outbox")
      .select("id")
      .where("related_id", "=", orders[0]!.id)
      .execute();
    expect(emails).toHaveLength(2);
  });

  it("ignores tampered prices: a client's lower totals get 409 with the server's totals", async () => {
    const add = await request(store, "POST", "/api/cart", {
      ...VINYL,
      quantity: 2,
      calculatedPrice: "0.01",
    });
    const h = { "x-session-id": add.body.sessionId };
    const cheap = { subtotal: 0.02, multipleBlindDiscount: 0, shipping: 0, tax: 0, total: 0.02 };
    const res = await order(h, { customerInfo: CUSTOMER, totals: cheap });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("totals_mismatch");
    expect(res.body.error.totals).toEqual(TOTALS);
    // The stored unit price is tampered with as well: checkout reprices from the catalog.
    await store.services.db
      .updateTable("cart_items")
      .set({ unit_price_cents: 1 })
      .where("cart_id", "=", add.body.sessionId)
      .execute();
    const retry = await order(h, { customerInfo: CUSTOMER, totals: res.body.error.totals });
    expect(retry.status).toBe(201);
    expect(retry.body.totals).toEqual(TOTALS);
  });

  it("reprices at checkout when the catalog price changed after adding", async () => {
    const h = await cartWithTwoBlinds();
    await store.services.db
      .updateTable("products")
      .set({ rate_cents_per_sqft: 5_00 })
      .where("id", "=", 1)
      .execute();
    store.services.catalog.invalidate();
    try {
      const res = await order(h);
      expect(res.status).toBe(409);
      // 12.125 × 5.00 = 60.63 + 75 = 135.63 × 2 = 271.26
      expect(res.body.error.totals.subtotal).toBe(271.26);
    } finally {
      await store.services.db
        .updateTable("products")
        .set({ rate_cents_per_sqft: 4_50 })
        .where("id", "=", 1)
        .execute();
      store.services.catalog.invalidate();
    }
  });

  it("refuses a ZIP outside the service area with 422 and the phone number", async () => {
    const h = await cartWithTwoBlinds();
    const res = await order(h, { customerInfo: { ...CUSTOMER, zipCode: "10001" }, totals: TOTALS });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("outside_service_area");
    expect(res.body.error.message).toContain(store.services.business.phone);
    expect(res.body.error.fields).toEqual({ "customerInfo.zipCode": res.body.error.message });
  });

  it("answers a bad body with 400 and a fields map naming each field by its path", async () => {
    const h = await cartWithTwoBlinds();
    const res = await order(h, {
      customerInfo: { ...CUSTOMER, email: "jane@", zipCode: "339O4" },
      totals: { ...TOTALS, total: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(Object.keys(res.body.error.fields)).toEqual([
      "customerInfo.email",
      "customerInfo.zipCode",
      "totals.total",
    ]);
    expect(res.body.error.fields["customerInfo.zipCode"]).toMatch(/ZIP/);
  });

  it("refuses an empty cart and an unknown session with 409", async () => {
    const empty = await request(store, "GET", "/api/cart");
    const a = await order({ "x-session-id": empty.body.sessionId });
    expect(a.status).toBe(409);
    expect(a.body.error.message).toContain("cart is empty");
    const b = await order({});
    expect(b.status).toBe(409);
  });

  const BAD: [string, unknown, RegExp][] = [
    ["no body fields", {}, /customerInfo/],
    [
      "missing first name",
      { customerInfo: { ...CUSTOMER, firstName: " " }, totals: TOTALS },
      /First name is required/,
    ],
    [
      "bad email",
      { customerInfo: { ...CUSTOMER, email: "jane@" }, totals: TOTALS },
      /email address/,
    ],
    ["bad phone", { customerInfo: { ...CUSTOMER, phone: "555-0199" }, totals: TOTALS }, /US phone/],
    [
      "phone with 1xx area code",
      { customerInfo: { ...CUSTOMER, phone: "(139) 555-0199" }, totals: TOTALS },
      /US phone/,
    ],
    ["bad ZIP", { customerInfo: { ...CUSTOMER, zipCode: "339O4" }, totals: TOTALS }, /ZIP/],
    ["other state", { customerInfo: { ...CUSTOMER, state: "GA" }, totals: TOTALS }, /FL/],
    [
      "unknown visit window",
      { customerInfo: { ...CUSTOMER, visitWindow: "midnight" }, totals: TOTALS },
      /visitWindow/,
    ],
    [
      "instructions too long",
      { customerInfo: { ...CUSTOMER, specialInstructions: "x".repeat(1001) }, totals: TOTALS },
      /1000/,
    ],
    ["no totals", { customerInfo: CUSTOMER }, /totals/],
  ];
  it.each(BAD)("refuses %s with 400", async (_name, body, pattern) => {
    const h = await cartWithTwoBlinds();
    const res = await order(h, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(pattern);
  });

  it("rate limits order placement per address with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof order>> | undefined;
    for (let i = 0; i < 11; i++) {
      const h = await cartWithTwoBlinds();
      last = await order(h);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("starts a new cart when a shopper adds after ordering", async () => {
    const h = await cartWithTwoBlinds();
    await order(h);
    const add = await request(store, "POST", "/api/cart", VINYL, h);
    expect(add.body.sessionId).not.toBe(h["x-session-id"]);
    expect(add.body.items).toHaveLength(1);
  });

  it("queues the confirmation and the store notice, sent after commit", async () => {
    const h = await cartWithTwoBlinds();
    store.sentEmails.length = 0;
    const res = await order(h);
    await store.services.emails.flush();
    // Emails of earlier tests' orders may go out in the same run (kick() batches): pick ours.
    const ours = store.sentEmails.filter((e) =>
      e.subject.includes(`Order #${res.body.orderNumber}`),
    );
    const toCustomer = ours.find((e) => e.to === "jane.rivera@example.com");
    const toStore = ours.find((e) => e.to === store.config.storeEmail);
    expect(toCustomer?.subject).toContain(`Order #${res.body.orderNumber}`);
    expect(toCustomer?.subject).not.toContain(res.body.reference);
    expect(toCustomer?.text).toContain(`/orders/${res.body.reference}`);
    expect(toCustomer?.text).toContain(store.services.business.phone);
    expect(toCustomer?.text).toContain("Sales tax (6.5 %): $15.16");
    expect(toCustomer?.text).toContain("Total: $248.37");
    expect(toCustomer?.html).toContain("Professional installation included");
    expect(toStore?.text).toContain("(239) 555-0199");
  });

  it("shows the public order by reference without contact data; unknown is null", async () => {
    const h = await cartWithTwoBlinds();
    const res = await order(h);
    const found = await store.services.orders.findPublicOrder(res.body.reference.toLowerCase());
    expect(found).toMatchObject({
      reference: res.body.reference,
      status: "pending",
      statusLabel: "Pending",
      city: "Cape Coral",
    });
    expect(JSON.stringify(found)).not.toMatch(/jane|Rivera|Palm Ave|555-0199/i);
    expect(await store.services.orders.findPublicOrder("AAAA-BBBB-CCCC-DDDD")).toBeNull();
    expect(await store.services.orders.findPublicOrder("nope")).toBeNull();
  });

  it("never logs the customer's email, phone or address", async () => {
    store.logLines.length = 0;
    const h = await cartWithTwoBlinds();
    await order(h);
    const logs = store.logLines.join("\n");
    expect(logs).toContain("order placed");
    expect(logs).not.toMatch(/jane|rivera|Palm Ave|555-0199|33904/i);
  });

  it("keeps the texts consent of checkout with the order, and texts its visit's reminder only then", async () => {
    const withTexts = await order(await cartWithTwoBlinds(), {
      customerInfo: { ...CUSTOMER, textReminders: true },
      totals: TOTALS,
    });
    const without = await order(await cartWithTwoBlinds());
    expect([withTexts.status, without.status]).toEqual([201, 201]);
    const bad = await order(await cartWithTwoBlinds(), {
      customerInfo: { ...CUSTOMER, textReminders: "maybe" },
      totals: TOTALS,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields["customerInfo.textReminders"]).toBeDefined();

    const rows = await store.services.db
      .selectFrom("orders")
      .select(["id", "reference", "text_reminders"])
      .where("reference", "in", [withTexts.body.reference, without.body.reference])
      .execute();
    const byReference = new Map(rows.map((r) => [r.reference, r]));
    const texted = byReference.get(withTexts.body.reference);
    const silent = byReference.get(without.body.reference);
    expect(Number(texted?.text_reminders)).toBe(1);
    expect(Number(silent?.text_reminders)).toBe(0);
    const consents = await store.services.db
      .selectFrom("text_consents")
      .selectAll()
      .where("order_id", "in", [Number(texted?.id), Number(silent?.id)])
      .execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      source: "checkout",
      order_id: Number(texted?.id),
      phone: "(239) 555-0199",
      words: TEXT_CONSENT_WORDS,
    });
    expect(consents[0]?.client_address).toBeTruthy();

    // Each order gets a measurement visit on one day; the reminder the evening before texts
    // only the customer who agreed.
    const cookie = await loginCookie(store);
    const visitIds: number[] = [];
    const slots = [
      { start: "08:00", end: "10:00" },
      { start: "10:00", end: "12:00" },
    ];
    for (const [i, o] of [texted, silent].entries()) {
      const visit = await request(
        store,
        "POST",
        `/api/admin/orders/${o?.id}/visits`,
        { kind: "measure", date: "2031-03-04", ...slots[i], notifyCustomer: false },
        { cookie },
      );
      expect(visit.status).toBe(201);
      visitIds.push(Number(visit.body.id));
    }
    const reminders = createReminderService({ ...store.services, texts: store.services.texts });
    await reminders.sendDue(storeTimeToUtc("2031-03-03", "18:00"));
    const texts = (await listTexts(store.services.db)).filter(
      (t) => t.kind === "reminder" && t.related_type === "visit",
    );
    expect(texts.map((t) => t.related_id)).toEqual([visitIds[0]]);
    expect(texts[0]?.to_phone).toBe("(239) 555-0199");
  });
});
