/**
 * One truth for prices and orders: a rate changed in the catalog moves
 * the quote, the cart and the order together; the cart lock orders add-item against
 * place-order; a repeated submission gets the same order; the online limit answers 422; every
 * order gets a sequential order number. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const ZEBRA_CONFIGURATION = {
  width: 36,
  height: 48,
  widthFraction: 0,
  heightFraction: 0,
  fabricCollection: "tropic",
  fabric: "palm",
  mountType: "inside",
  controlType: "cordless",
  motorOptions: { remote: true, smartHome: false, batteryWand: false },
  valance: true,
  includeInstallation: false,
};

const ZEBRA_ITEM = {
  productId: 4,
  productName: "Zebra Shades",
  width: 36,
  height: 48,
  selectedColor: "Palm",
  quantity: 1,
  calculatedPrice: "0.01",
  configuration: ZEBRA_CONFIGURATION,
};

const VINYL = SAMPLE_ITEM;

/** 192" × 120" bypass shutters: 160 sq ft × $32 = $5,120.00 a piece, plus $125 installation. */
const BIG_SHUTTERS = {
  productId: 3,
  productName: "Bypass Plantation Shutters",
  width: 192,
  height: 120,
  selectedColor: "white",
  includeInstallation: true,
  quantity: 99,
  calculatedPrice: "0.01",
};

const CUSTOMER = {
  firstName: "Jane",
  lastName: "Rivera",
  email: "jane.rivera@example.com",
  phone: "239-555-0199",
  address: "1200 Palm Ave",
  city: "Cape Coral",
  state: "FL",
  zipCode: "33904",
  specialInstructions: null,
  visitWindow: "weekday-mornings",
};

describeEachDialect("one price, one order on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.services.orders.resetRateLimit();
  });

  const session = (id: string) => ({ "x-session-id": id });

  async function placeOrder(sessionId: string, totals: unknown) {
    return request(
      store,
      "POST",
      "/api/orders",
      { customerInfo: CUSTOMER, totals },
      session(sessionId),
    );
  }

  it("a rate change in the catalog moves the quote, the cart and the order together", async () => {
    await store.services.db
      .updateTable("zebra_collections")
      .set({ upcharge_cents_per_sqft: 10_00 })
      .where("slug", "=", "tropic")
      .execute();
    store.services.catalog.invalidate();
    try {
      const quote = await request(store, "POST", "/api/calculate-zebra-shade-price", {
        productType: "zebra-shades",
        ...ZEBRA_CONFIGURATION,
      });
      expect(quote.status).toBe(200);
      // 12 sq ft: base 96.00 + Tropic 12 × 10.00.
      expect(quote.body.totalPrice).toBe(216);

      const added = await request(store, "POST", "/api/cart", ZEBRA_ITEM);
      expect(added.status).toBe(201);
      const cart = await request(
        store,
        "GET",
        "/api/cart",
        undefined,
        session(added.body.sessionId),
      );
      expect(cart.body.items[0].calculatedPrice).toBe("216.00");
      expect(cart.body.totals.subtotal).toBe(216);

      const order = await placeOrder(added.body.sessionId, cart.body.totals);
      expect(order.status).toBe(201);
      expect(order.body.items[0].calculatedPrice).toBe("216.00");
      expect(order.body.totals).toEqual({
        subtotal: cart.body.totals.subtotal,
        multipleBlindDiscount: cart.body.totals.multipleBlindDiscount,
        shipping: cart.body.totals.shipping,
        tax: cart.body.totals.tax,
        total: cart.body.totals.total,
      });
      // The order item keeps the rates that priced it.
      const stored = await store.services.db
        .selectFrom("order_items")
        .innerJoin("orders", "orders.id", "order_items.order_id")
        .select("order_items.pricing")
        .where("orders.reference", "=", order.body.reference)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.pricing ?? "null")).toMatchObject({
        type: "zebra",
        rateCentsPerSqFt: 8_00,
        minimumCents: 59_00,
        collection: { slug: "tropic", upchargeCentsPerSqFt: 10_00 },
        controlUpchargeCents: { cordless: 0, "continuous-cord": 25_00, motorized: 150_00 },
      });
    } finally {
      await store.services.db
        .updateTable("zebra_collections")
        .set({ upcharge_cents_per_sqft: 12_00 })
        .where("slug", "=", "tropic")
        .execute();
      store.services.catalog.invalidate();
    }
  });

  it("an installation tier changed in the catalog moves the quote and the cart", async () => {
    await store.services.db
      .updateTable("installation_tiers")
      .set({ price_cents: 80_00 })
      .where("max_width_inches", "=", 60)
      .execute();
    store.services.catalog.invalidate();
    try {
      const quote = await request(store, "POST", "/api/calculate-price", {
        productType: "vinyl",
        width: 36,
        height: 48,
        includeInstallation: true,
      });
      expect(quote.body).toMatchObject({ blindsPrice: 54, installationPrice: 80, totalPrice: 134 });
      const added = await request(store, "POST", "/api/cart", {
        ...VINYL,
        includeInstallation: true,
      });
      expect(added.body.items[0].calculatedPrice).toBe("134.00");
    } finally {
      await store.services.db
        .updateTable("installation_tiers")
        .set({ price_cents: 75_00 })
        .where("max_width_inches", "=", 60)
        .execute();
      store.services.catalog.invalidate();
    }
  });

  it("answers every order with a sequential order number, also in the status view", async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await request(store, "POST", "/api/cart", VINYL);
      const order = await placeOrder(added.body.sessionId, added.body.totals);
      expect(order.status).toBe(201);
      expect(Number.isInteger(order.body.orderNumber)).toBe(true);
      expect(order.body.orderNumber).toBeGreaterThanOrEqual(1001);
      numbers.push(order.body.orderNumber);
      const view = await store.services.orders.findPublicOrder(order.body.reference);
      expect(view?.orderNumber).toBe(order.body.orderNumber);
      // A repeat answers the same number.
      const again = await placeOrder(added.body.sessionId, added.body.totals);
      expect(again.status).toBe(200);
      expect(again.body.orderNumber).toBe(order.body.orderNumber);
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
  });

  it("refuses an order over $50,000.00 with 422 and the phone number, never 500", async () => {
    const added = await request(store, "POST", "/api/cart", { ...BIG_SHUTTERS, quantity: 10 });
    expect(added.status).toBe(201);
    const res = await placeOrder(added.body.sessionId, added.body.totals);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain(store.config.business.phone);
    expect(res.body.error.message).toContain("$50,000.00");
    // The cart is kept: the shopper can lower it and order online.
    const cart = await request(store, "GET", "/api/cart", undefined, session(added.body.sessionId));
    expect(cart.body.items).toHaveLength(1);
  });

  it("a cart of many large items ($25 M) is shown and refused with 422, never 500", async () => {
    let sessionId = "";
    for (let i = 0; i < 50; i++) {
      const res = await request(
        store,
        "POST",
        "/api/cart",
        BIG_SHUTTERS,
        sessionId ? session(sessionId) : {},
      );
      expect(res.status).toBe(201);
      sessionId = res.body.sessionId;
    }
    const cart = await request(store, "GET", "/api/cart", undefined, session(sessionId));
    expect(cart.status).toBe(200);
    expect(cart.body.totals.subtotal).toBeGreaterThan(25_000_000);
    const res = await placeOrder(sessionId, cart.body.totals);
    expect(res.status).toBe(422);
  });

  it("a repeated submission always gets the same order (50 carts submitted twice at once)", async () => {
    for (let i = 0; i < 50; i++) {
      store.services.orders.resetRateLimit();
      const added = await request(store, "POST", "/api/cart", VINYL);
      const [a, b] = await Promise.all([
        placeOrder(added.body.sessionId, added.body.totals),
        placeOrder(added.body.sessionId, added.body.totals),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.reference).toBe(b.body.reference);
      expect(a.body.orderNumber).toBe(b.body.orderNumber);
    }
  });

  it("an add racing the order lands in the order or in a new cart, never lost (80 trials)", async () => {
    const outcomes = { inOrder: 0, newCart: 0, beforeOrder: 0 };
    for (let i = 0; i < 80; i++) {
      store.services.orders.resetRateLimit();
      // Up to 160 new carts from one address: past the hourly cap of new carts.
      await store.services.cart.resetRateLimit();
      const first = await request(store, "POST", "/api/cart", VINYL);
      const sessionId: string = first.body.sessionId;
      const [order, add] = await Promise.all([
        placeOrder(sessionId, first.body.totals),
        request(
          store,
          "POST",
          "/api/cart",
          { ...VINYL, roomLabel: `race ${i}` },
          session(sessionId),
        ),
      ]);
      expect(add.status).toBe(201);
      const cartOfAdd = await request(
        store,
        "GET",
        "/api/cart",
        undefined,
        session(add.body.sessionId),
      );
      const inCart = cartOfAdd.body.items.filter(
        (item: { roomLabel: string | null }) => item.roomLabel === `race ${i}`,
      ).length;
      let inOrder = 0;
      if (order.status === 201) {
        inOrder = order.body.items.filter(
          (item: { roomLabel: string | null }) => item.roomLabel === `race ${i}`,
        ).length;
      } else {
        // The add came first: the shopper's totals no longer match and the order is refused.
        expect(order.status).toBe(409);
        expect(order.body.error.code).toBe("totals_mismatch");
      }
      expect(inCart + inOrder).toBe(1);
      if (inOrder === 1) outcomes.inOrder++;
      else if (add.body.sessionId !== sessionId) outcomes.newCart++;
      else outcomes.beforeOrder++;
    }
    expect(outcomes.inOrder + outcomes.newCart + outcomes.beforeOrder).toBe(80);
  });
});
