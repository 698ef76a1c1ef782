/**
 * The options of the product rules "Options…" on the wire: POST /api/cart takes them in
 * `configuration` (absent → default, anything else → 400 naming the field) and they travel to
 * the cart, the order, the emails, the admin's order, the installation sheet's data and the CSV.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { loginCookie } from "../../support/admin-fixtures";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { sampleCustomer } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

let n = 0;
const from = () => ({ "x-forwarded-for": `192.0.2.${(++n % 250) + 1}` });

describeEachDialect("product options on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.services.db.deleteFrom("email_outbox").execute();
  });

  const add = (item: Record<string, unknown>, headers: Record<string, string> = from()) =>
    request(store, "POST", "/api/cart", item, headers);

  it.each([
    [
      1,
      { mount: "outside", controlSide: "left" },
      ["Outside mount", "Control side: Left", "Stack direction: Stack left"],
    ],
    [5, { stack: "center" }, ["Inside mount", "Control side: Right", "Stack direction: Center"]],
    [6, { mount: "outside", controlSide: "left" }, ["Outside mount", "Control side: Left"]],
    [2, { louverSize: "4.5" }, ["Inside mount", 'Louver size: 4 1/2" louvers']],
    [
      3,
      undefined,
      [
        "Inside mount",
        'Louver size: 3 1/2" louvers',
        "Panels: 2 panels",
        "Frame: L-frame",
        "Tilt rod: Hidden tilt rod",
      ],
    ],
    [
      2,
      { panels: "3", hinge: "split", frame: "z-frame", tiltRod: "front" },
      ["Panels: 3 panels", "Hinge side: Split", "Frame: Z-frame", "Tilt rod: Front tilt rod"],
    ],
    [
      2,
      undefined,
      ["Panels: We'll recommend at measuring", "Hinge side: We'll recommend at measuring"],
    ],
  ])("product %i with %j is described as %j", async (productId, configuration, lines) => {
    const res = await add({ ...SAMPLE_ITEM, productId, selectedColor: "white", configuration });
    expect(res.status).toBe(201);
    const item = res.body.items.at(-1);
    for (const line of lines) expect(item.details).toContain(line);
  });

  it.each([
    [1, { mount: "outdoor" }, "configuration.mount must be inside or outside"],
    [1, { controlSide: "middle" }, "configuration.controlSide must be right or left"],
    [5, { stack: "up" }, "configuration.stack must be left, right, split or center"],
    [6, { stack: "left" }, "configuration.stack is not an option of aluminum"],
    [2, { louverSize: "3" }, "configuration.louverSize must be 3.5, 2.5 or 4.5"],
    [1, { louverSize: "3.5" }, "configuration.louverSize is not an option of vinyl"],
    [1, "outside", "configuration must be a JSON object"],
    [2, { panels: "6" }, "configuration.panels must be auto, 1, 2, 3 or 4"],
    [2, { hinge: "top" }, "configuration.hinge must be auto, left, right or split"],
    [3, { hinge: "left" }, "configuration.hinge is not an option of bypass-shutters"],
    [3, { panels: "auto" }, "configuration.panels must be 2, 3 or 4"],
    [2, { frame: "x" }, "configuration.frame must be l-frame, z-frame or deco-frame"],
    [3, { tiltRod: "rear" }, "configuration.tiltRod must be hidden or front"],
  ])(
    "product %i refuses %j with 400 naming the field",
    async (productId, configuration, message) => {
      const res = await add({ ...SAMPLE_ITEM, productId, selectedColor: "white", configuration });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    },
  );

  it("carries a vinyl blind's outside mount and left control to the order, emails, admin and CSV", async () => {
    const headers = from();
    const cart = await add(
      {
        ...SAMPLE_ITEM,
        includeInstallation: true,
        configuration: { mount: "outside", controlSide: "left" },
      },
      headers,
    );
    expect(cart.status).toBe(201);
    const session = { ...headers, "x-session-id": cart.body.sessionId as string };
    const order = await request(
      store,
      "POST",
      "/api/orders",
      { customerInfo: sampleCustomer(7, "options"), totals: cart.body.totals },
      session,
    );
    expect(order.status).toBe(201);
    expect(order.body.orderNumber).toBeGreaterThanOrEqual(1001);

    const emails = await store.services.db.selectFrom("email_outbox").selectAll().execute();
    const orderEmails = emails.filter((x) => x.kind.startsWith("order"));
    expect(orderEmails.map((e) => e.kind).sort()).toEqual([
      "order-confirmation",
      "order-new-store",
    ]);
    for (const e of orderEmails) {
      expect(e.text_body).toContain("Outside mount");
      expect(e.text_body).toContain("Control side: Left");
    }

    const cookie = await loginCookie(store, from());
    const row = await store.services.db
      .selectFrom("orders")
      .select("id")
      .where("reference", "=", order.body.orderReference ?? order.body.reference)
      .executeTakeFirstOrThrow();
    const admin = await request(store, "GET", `/api/admin/orders/${row.id}`, undefined, { cookie });
    expect(admin.status).toBe(200);
    expect(admin.body.items[0].configuration).toMatchObject({
      mount: "outside",
      controlSide: "left",
      stack: "left",
    });
    const csv = await store.app.request(
      `/api/admin/orders.csv?q=${encodeURIComponent(sampleCustomer(7, "options").lastName)}`,
      { headers: { cookie } },
    );
    expect(await csv.text()).toContain(
      "Outside mount; Control side: Left; Stack direction: Stack left",
    );
  });

  it("carries a shutter's panels, hinge, frame and tilt rod to the order email and the CSV", async () => {
    const headers = from();
    const cart = await add(
      {
        ...SAMPLE_ITEM,
        productId: 2,
        selectedColor: "white",
        includeInstallation: true,
        configuration: { panels: "4", hinge: "split", frame: "deco-frame", tiltRod: "front" },
      },
      headers,
    );
    expect(cart.status).toBe(201);
    const order = await request(
      store,
      "POST",
      "/api/orders",
      { customerInfo: sampleCustomer(9, "shutter"), totals: cart.body.totals },
      { ...headers, "x-session-id": cart.body.sessionId as string },
    );
    expect(order.status).toBe(201);
    const emails = await store.services.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("kind", "=", "order-confirmation")
      .execute();
    expect(emails.some((e) => e.text_body.includes("Hinge side: Split"))).toBe(true);
    const cookie = await loginCookie(store, from());
    const csv = await store.app.request(
      `/api/admin/orders.csv?q=${encodeURIComponent(sampleCustomer(9, "shutter").lastName)}`,
      { headers: { cookie } },
    );
    expect(await csv.text()).toContain(
      "Panels: 4 panels; Hinge side: Split; Frame: Deco frame; Tilt rod: Front tilt rod",
    );
  });

  it.each([
    [
      false,
      "delivered",
      ["pay on delivery", "confirm the sizes", "Delivery address"],
      /measure|install/i,
    ],
    [
      true,
      "installed",
      ["pay at installation", "measures every window on site"],
      /pay on delivery/i,
    ],
  ])(
    "installation %s: the order is %s and its email tells that story",
    async (install, fulfilment, says, never) => {
      const headers = from();
      const cart = await add(
        { ...SAMPLE_ITEM, productId: 6, includeInstallation: install },
        headers,
      );
      const placed = await request(
        store,
        "POST",
        "/api/orders",
        { customerInfo: sampleCustomer(8, `story${install}`), totals: cart.body.totals },
        { ...headers, "x-session-id": cart.body.sessionId as string },
      );
      expect(placed.status).toBe(201);
      const reference = (placed.body.orderReference ?? placed.body.reference) as string;
      const order = await store.services.orders.findPublicOrder(reference);
      expect(order?.fulfilment).toBe(fulfilment);
      const [email] = await store.services.db
        .selectFrom("email_outbox")
        .selectAll()
        .where("kind", "=", "order-confirmation")
        .execute();
      const next = email!.text_body.split("What happens next:")[1] ?? "";
      for (const words of says) expect(email!.text_body).toContain(words);
      expect(next.split("Follow your order")[0]).not.toMatch(never);
    },
  );
});
