/**
 * Saved projects (decision 523): saved without an account under a 256-bit token, shown with
 * today's prices beside the saved ones, added to a cart all at once, emailed as a link only,
 * listed on /account, never cached and the token masked in the logs.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  SAMPLE_ITEM,
  TRACK_ITEM,
  VINYL_INSTALLED,
  ZEBRA_MOTORIZED,
} from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("saved projects on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { PUBLIC_URL: "https://blinds.example.com" });
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.services.db.deleteFrom("email_outbox").execute();
    await store.services.db.deleteFrom("rate_limits").execute();
  });

  const db = () => store.services.db;
  const FOUR = [
    { ...VINYL_INSTALLED, roomLabel: "Living room" },
    { ...SAMPLE_ITEM, quantity: 2 },
    ZEBRA_MOTORIZED,
    TRACK_ITEM,
  ];

  async function save(
    body: unknown = { name: "Whole house", email: "Shopper@Example.com", items: FOUR },
  ) {
    const res = await request(store, "POST", "/api/projects", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token as string;
  }

  it("saves four windows under an unguessable token and shows them with the server's prices", async () => {
    const token = await save();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await request(store, "GET", `/api/projects/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.name).toBe("Whole house");
    expect(res.body.items).toHaveLength(4);
    expect(res.body.items[0].roomLabel).toBe("Living room");
    expect(res.body.items[1].roomLabel).toBe(SAMPLE_ITEM.roomLabel);
    expect(
      res.body.items.map(
        (i: { savedPrice: string; calculatedPrice: string; priceChanged: boolean }) => [
          i.savedPrice,
          i.calculatedPrice,
          i.priceChanged,
        ],
      ),
    ).toEqual([
      ["129.56", "129.56", false],
      ["54.00", "54.00", false],
      ["468.33", "468.33", false],
      [expect.any(String), expect.any(String), false],
    ]);
    expect(res.body.items[1].quantity).toBe(2);
    expect(res.body.items[0].details).toContain(
      "Child safety: Wand control, no cords: the wand turns the vanes and draws them",
    );
  });

  it("a client's price is never taken: the saved price is the server's", async () => {
    const token = await save({
      name: "Cheap",
      items: [{ ...SAMPLE_ITEM, calculatedPrice: "0.01" }],
    });
    const res = await request(store, "GET", `/api/projects/${token}`);
    expect(res.body.items[0].savedPrice).toBe("54.00");
  });

  it("says which prices changed since the project was saved", async () => {
    const token = await save({ name: "Before the change", items: [SAMPLE_ITEM, ZEBRA_MOTORIZED] });
    const before = await db()
      .selectFrom("products")
      .select("rate_cents_per_sqft")
      .where("type", "=", "vinyl")
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("products")
      .set({ rate_cents_per_sqft: 5_00 })
      .where("type", "=", "vinyl")
      .execute();
    store.services.catalog.invalidate();
    try {
      const res = await request(store, "GET", `/api/projects/${token}`);
      expect(res.body.items[0]).toMatchObject({
        savedPrice: "54.00",
        calculatedPrice: "60.00",
        priceChanged: true,
      });
      expect(res.body.items[1].priceChanged).toBe(false);
      // Into the cart at today's price, not the saved one.
      const cart = await request(store, "POST", `/api/projects/${token}/cart`);
      expect(cart.status).toBe(200);
      expect(cart.body.items[0].calculatedPrice).toBe("60.00");
    } finally {
      await db()
        .updateTable("products")
        .set({ rate_cents_per_sqft: before.rate_cents_per_sqft })
        .where("type", "=", "vinyl")
        .execute();
      store.services.catalog.invalidate();
    }
  });

  it("adds every window to the caller's cart at once, and to the same cart again", async () => {
    const token = await save();
    const first = await request(store, "POST", `/api/projects/${token}/cart`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(4);
    expect(first.headers.get("set-cookie")).toContain(`cart_session=${first.body.sessionId}`);
    const sessionId = first.body.sessionId as string;
    const cart = await request(store, "GET", "/api/cart", undefined, { "x-session-id": sessionId });
    expect(cart.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2, 1, 1]);
    const again = await request(store, "POST", `/api/projects/${token}/cart`, undefined, {
      "x-session-id": sessionId,
    });
    expect(again.body.sessionId).toBe(sessionId);
    expect(again.body.items).toHaveLength(8);
  });

  it("a window no longer sold refuses the whole add with 409, adding nothing", async () => {
    const token = await save({
      name: "Old",
      items: [SAMPLE_ITEM, { ...SAMPLE_ITEM, selectedColor: "white" }],
    });
    await db()
      .updateTable("project_items")
      .set({ configuration: "not json" })
      .where("position", "=", 1)
      .execute();
    const res = await request(store, "POST", `/api/projects/${token}/cart`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/Window 2 .* no longer sold/);
    expect(
      Number(
        (
          await db()
            .selectFrom("carts")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("id", "=", res.headers.get("x-session-id") ?? "none")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it("refuses bad input with a 400 that names it, and an unknown token with 404", async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: "", items: FOUR }, /name/],
      [{ name: "x", items: [] }, /at least one window/],
      [{ name: "x", email: "not-an-email", items: FOUR }, /email/i],
      [{ name: "x", items: [{ ...SAMPLE_ITEM, width: 2 }] }, /width/],
      [{ name: "x", items: [{ ...SAMPLE_ITEM, productId: 999 }] }, /Item 1: .*999/],
    ];
    for (const [body, message] of cases) {
      const res = await request(store, "POST", "/api/projects", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error)).toMatch(message);
    }
    for (const token of ["nope", "A".repeat(43)]) {
      expect((await request(store, "GET", `/api/projects/${token}`)).status).toBe(404);
      expect((await request(store, "POST", `/api/projects/${token}/cart`)).status).toBe(404);
    }
  });

  it("emails the link only, at most 5 an hour per project", async () => {
    const token = await save();
    for (let i = 0; i < 5; i++) {
      const res = await request(store, "POST", `/api/projects/${token}/email`, {
        email: `me${i}@example.com`,
      });
      expect(res.status).toBe(202);
    }
    const sixth = await request(store, "POST", `/api/projects/${token}/email`, {
      email: "me9@example.com",
    });
    expect(sixth.status).toBe(429);
    const mails = await db().selectFrom("email_outbox").selectAll().orderBy("id").execute();
    expect(mails).toHaveLength(5);
    expect(mails[0]?.kind).toBe("project-link");
    expect(mails[0]?.text_body).toContain(`https://blinds.example.com/projects/${token}`);
    // The link only: no prices, no sizes.
    expect(mails[0]?.text_body).not.toMatch(/\$|129\.56|36 3\/8/);
  });

  it("emails one address at most 5 links an hour, whatever the project", async () => {
    for (let i = 0; i < 5; i++) {
      const token = await save({ name: `P${i}`, items: [SAMPLE_ITEM] });
      const res = await request(store, "POST", `/api/projects/${token}/email`, {
        email: "same@example.com",
      });
      expect(res.status).toBe(202);
    }
    const token = await save({ name: "P5", items: [SAMPLE_ITEM] });
    const res = await request(store, "POST", `/api/projects/${token}/email`, {
      email: "SAME@example.com",
    });
    expect(res.status).toBe(429);
  });

  it("masks the token in every log line", async () => {
    const token = await save();
    await request(store, "GET", `/api/projects/${token}`);
    await request(store, "POST", `/api/projects/${token}/cart`);
    const lines = store.logLines.join("\n");
    expect(lines).toContain("/api/projects/[token]");
    expect(lines).not.toContain(token);
  });

  it("lists the projects of the signed-in email on the account", async () => {
    const token = await save({
      name: "For the account",
      email: "owner.of@example.com",
      items: [SAMPLE_ITEM],
    });
    const overview = await store.services.account.overview("owner.of@example.com");
    expect(overview.projects).toEqual([
      { name: "For the account", token, savedAt: expect.any(String) },
    ]);
    expect((await store.services.account.overview("other@example.com")).projects).toEqual([]);
  });

  it("saves the cart's own items from the cart page's form", async () => {
    const added = await request(store, "POST", "/api/cart", VINYL_INSTALLED);
    await request(store, "POST", "/api/cart", ZEBRA_MOTORIZED, {
      "x-session-id": added.body.sessionId,
    });
    const { token } = await store.services.projects.createFromCart(added.body.sessionId, {
      name: "From my cart",
    });
    const project = await store.services.projects.get(token);
    expect(project.items.map((i) => [i.productName, i.savedPriceCents])).toEqual([
      ["Vinyl Vertical Blinds", 129_56],
      [expect.any(String), 468_33],
    ]);
    await expect(
      store.services.projects.createFromCart(null, { name: "Nothing" }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
