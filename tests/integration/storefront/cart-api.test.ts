import { afterAll, beforeAll, expect, it } from "vitest";
import { cartSessionOf } from "../../../server/sessions";
import { TRACK_ITEM, VINYL_INSTALLED, ZEBRA_MOTORIZED } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

// The client's calculatedPrice is deliberately wrong: the server prices every item itself.
const VINYL = { ...VINYL_INSTALLED, calculatedPrice: "0.01", roomLabel: undefined };
const ZEBRA = { ...ZEBRA_MOTORIZED, calculatedPrice: "1.00" };
const TRACK = { ...TRACK_ITEM, productName: "x", quantity: 2, calculatedPrice: "1" };

describeEachDialect("cart API on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  const withSession = (id: string) => ({ "x-session-id": id });

  it("gives a new, unguessable session on first contact, in the body and a cookie", async () => {
    const res = await request(store, "GET", "/api/cart");
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.items).toEqual([]);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`cart_session=${res.body.sessionId}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    // The first add creates the cart (under a new id); from then on the id stays.
    const added = await request(store, "POST", "/api/cart", VINYL, withSession(res.body.sessionId));
    expect(added.status).toBe(201);
    const again = await request(
      store,
      "GET",
      "/api/cart",
      undefined,
      withSession(added.body.sessionId),
    );
    expect(again.body.sessionId).toBe(added.body.sessionId);
    expect(again.body.items).toHaveLength(1);
  });

  it("reading a cart never inserts a row: the first add creates it", async () => {
    const carts = async () =>
      Number(
        (
          await store.services.db
            .selectFrom("carts")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await carts();
    for (let i = 0; i < 20; i++) {
      const res = await request(store, "GET", "/api/cart");
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
    }
    expect((await request(store, "DELETE", "/api/cart")).status).toBe(200);
    expect(await carts()).toBe(before);
    expect((await request(store, "POST", "/api/cart", VINYL)).status).toBe(201);
    expect(await carts()).toBe(before + 1);
  });

  it("replaces malformed or unknown ids with a new cart (never adopts the client's id)", async () => {
    for (const bad of ["abc", "x".repeat(43), "../../etc/passwd", ""]) {
      const res = await request(store, "GET", "/api/cart", undefined, withSession(bad));
      expect(res.status).toBe(200);
      expect(res.body.sessionId).not.toBe(bad);
      expect(res.body.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("reads the session from the cookie when there is no header", async () => {
    const first = await request(store, "POST", "/api/cart", VINYL);
    const res = await request(store, "GET", "/api/cart", undefined, {
      cookie: `other=1; cart_session=${first.body.sessionId}`,
    });
    expect(res.body.sessionId).toBe(first.body.sessionId);
    expect(res.body.items).toHaveLength(1);
  });

  it("marks the cookie Secure behind HTTPS, or a trusted proxy that says so", async () => {
    const res = await store.app.request("https://shop.example/api/cart");
    expect(res.headers.get("set-cookie")).toContain("Secure");
    const proxied = { "x-forwarded-proto": "https" };
    const untrusted = await request(store, "GET", "/api/cart", undefined, proxied);
    expect(untrusted.headers.get("set-cookie")).not.toContain("Secure");
    store.services.config.trustProxy = 1;
    try {
      const trusted = await request(store, "GET", "/api/cart", undefined, proxied);
      expect(trusted.headers.get("set-cookie")).toContain("Secure");
    } finally {
      store.services.config.trustProxy = 0;
    }
  });

  it("prices a product item itself, ignoring the client's calculatedPrice", async () => {
    const res = await request(store, "POST", "/api/cart", VINYL);
    expect(res.status).toBe(201);
    const [item] = res.body.items;
    // 36.375 × 48 / 144 = 12.125 sq ft × 4.50 = 54.5625 → 54.56, + 75 installation
    expect(item).toMatchObject({
      productId: 1,
      productName: "Vinyl Vertical Blinds",
      width: 36.375,
      height: 48,
      selectedColor: "white",
      colorName: "White",
      includeInstallation: true,
      quantity: 1,
      calculatedPrice: "129.56",
      lineTotal: "129.56",
    });
    expect(res.body.totals).toEqual({
      subtotal: 129.56,
      multipleBlindDiscount: 0,
      shipping: 25,
      tax: 8.42,
      total: 162.98,
      freeShippingRemaining: 70.45,
    });
  });

  it("prices zebra shades from the whole configuration and keeps it", async () => {
    const res = await request(store, "POST", "/api/cart", ZEBRA);
    expect(res.status).toBe(201);
    const [item] = res.body.items;
    // area 36.5 × 48 / 144 = 12.1667: base 97.33, Tropic 146.00, motorized 150, smart home 75
    expect(item.calculatedPrice).toBe("468.33");
    expect(item.width).toBe(36.5);
    expect(item.selectedColor).toBe("Palm");
    expect(item.roomLabel).toBe("Kitchen left");
    expect(item.configuration).toMatchObject({ fabricCollection: "tropic", mountType: "outside" });
    expect(item.details).toContain("Outside mount");
  });

  it("prices the track-replacement service at 2.00 per inch", async () => {
    const res = await request(store, "POST", "/api/cart", TRACK);
    expect(res.status).toBe(201);
    expect(res.body.items[0]).toMatchObject({
      serviceType: "track-replacement",
      productName: "Track Replacement",
      calculatedPrice: "192.00",
      quantity: 2,
      lineTotal: "384.00",
    });
    expect(res.body.totals.multipleBlindDiscount).toBe(38.4);
  });

  it("changes quantity, removes and clears; answers keep the session", async () => {
    const add = await request(store, "POST", "/api/cart", VINYL);
    const id = add.body.sessionId as string;
    await request(
      store,
      "POST",
      "/api/cart",
      { ...VINYL, selectedColor: "ivory" },
      withSession(id),
    );
    const itemId = add.body.items[0].id as number;
    const put = await request(
      store,
      "PUT",
      `/api/cart/${itemId}`,
      { quantity: 3 },
      withSession(id),
    );
    expect(put.status).toBe(200);
    expect(put.body.sessionId).toBe(id);
    expect(put.body.items[0]).toMatchObject({ quantity: 3, lineTotal: "388.68" });
    expect(put.body.itemCount).toBe(2);
    const del = await request(store, "DELETE", `/api/cart/${itemId}`, undefined, withSession(id));
    expect(del.body.items).toHaveLength(1);
    const clear = await request(store, "DELETE", "/api/cart", undefined, withSession(id));
    expect(clear.body).toMatchObject({ sessionId: id, items: [], itemCount: 0 });
  });

  it("refuses another session's items with 404 and leaves them alone", async () => {
    const alice = await request(store, "POST", "/api/cart", VINYL);
    const bob = await request(store, "POST", "/api/cart", VINYL);
    const aliceItem = alice.body.items[0].id as number;
    const put = await request(
      store,
      "PUT",
      `/api/cart/${aliceItem}`,
      { quantity: 9 },
      withSession(bob.body.sessionId),
    );
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe("not_found");
    const del = await request(
      store,
      "DELETE",
      `/api/cart/${aliceItem}`,
      undefined,
      withSession(bob.body.sessionId),
    );
    expect(del.status).toBe(404);
    const noSession = await request(store, "DELETE", `/api/cart/${aliceItem}`);
    expect(noSession.status).toBe(404);
    const still = await request(
      store,
      "GET",
      "/api/cart",
      undefined,
      withSession(alice.body.sessionId),
    );
    expect(still.body.items).toHaveLength(1);
    expect(still.body.items[0].quantity).toBe(1);
  });

  const BAD_ADDS: [string, unknown, RegExp][] = [
    ["width too small", { ...VINYL, width: 11 }, /width/],
    ["width too large", { ...VINYL, width: 193 }, /width/],
    ["width not in eighths", { ...VINYL, width: 36.3 }, /width/],
    ["height as text", { ...VINYL, height: "48" }, /height/],
    ["unknown product", { ...VINYL, productId: 99 }, /productId/],
    ["colour not offered", { ...VINYL, selectedColor: "black" }, /selectedColor/],
    ["quantity 0", { ...VINYL, quantity: 0 }, /quantity/],
    ["quantity 100", { ...VINYL, quantity: 100 }, /quantity/],
    ["quantity 1.5", { ...VINYL, quantity: 1.5 }, /quantity/],
    ["room label too long", { ...VINYL, roomLabel: "x".repeat(41) }, /roomLabel/],
    ["zebra without configuration", { ...ZEBRA, configuration: undefined }, /configuration/],
    ["zebra too wide", { ...ZEBRA, configuration: { ...ZEBRA.configuration, width: 97 } }, /width/],
    [
      "zebra fabric of another collection",
      { ...ZEBRA, configuration: { ...ZEBRA.configuration, fabric: "cascade" } },
      /fabric/,
    ],
    ["unknown service", { ...TRACK, serviceType: "window-washing" }, /serviceType/],
    ["track too wide", { ...TRACK, width: 200 }, /width/],
    ["not an object", [1, 2], /object/],
  ];
  it.each(BAD_ADDS)("refuses %s with 400 naming the field", async (_name, body, pattern) => {
    const res = await request(store, "POST", "/api/cart", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.message).toMatch(pattern);
  });

  it("refuses non-JSON bodies and broken JSON", async () => {
    const text = await request(store, "POST", "/api/cart", "quantity=1", {
      "content-type": "text/plain",
    });
    expect(text.status).toBe(415);
    const broken = await request(store, "POST", "/api/cart", "{", {
      "content-type": "application/json",
    });
    expect(broken.status).toBe(400);
  });

  it("refuses bad quantity updates with 400 and bad item ids with 404", async () => {
    const add = await request(store, "POST", "/api/cart", VINYL);
    const h = withSession(add.body.sessionId);
    const itemId = add.body.items[0].id;
    for (const quantity of [0, 100, -1, 2.5, "3", null]) {
      const res = await request(store, "PUT", `/api/cart/${itemId}`, { quantity }, h);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain("quantity must be a whole number from 1 to 99");
    }
    const res = await request(store, "PUT", "/api/cart/abc", { quantity: 1 }, h);
    expect(res.status).toBe(404);
  });

  it("reprices stored items from the catalog, not from what was stored", async () => {
    const add = await request(store, "POST", "/api/cart", VINYL);
    const h = withSession(add.body.sessionId);
    // Tamper with the stored unit price directly: the answer still shows the real price.
    await store.services.db
      .updateTable("cart_items")
      .set({ unit_price_cents: 1 })
      .where("cart_id", "=", add.body.sessionId)
      .execute();
    const res = await request(store, "GET", "/api/cart", undefined, h);
    expect(res.body.items[0].calculatedPrice).toBe("129.56");
  });

  it("counts items for the header badge from the cookie", async () => {
    const add = await request(store, "POST", "/api/cart", TRACK);
    await request(store, "POST", "/api/cart", VINYL, withSession(add.body.sessionId));
    const req = new Request("http://x/", {
      headers: { cookie: `cart_session=${add.body.sessionId}` },
    });
    expect(await store.services.cart.countItems(cartSessionOf(req))).toBe(2);
    expect(await store.services.cart.countItems(cartSessionOf(new Request("http://x/")))).toBe(0);
  });
});
