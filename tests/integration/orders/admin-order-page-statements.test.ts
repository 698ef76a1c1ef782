/**
 * The owner's order page (/admin/orders/:id) reads what it shows once: the
 * session once for the layout and the page, the order and its items once for the items, the
 * payments and the supply sections, and the staff who can be booked. Counted by a spy on the
 * drivers' statement calls around one GET of the page with an order that has a purchase order,
 * a visit and a payment; the page still shows each of them. The sidebar's counts are one more
 * statement (orders awaiting confirmation, new requests and messages, pending reviews).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { useStatementSpy } from "../../support/statement-spy";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/**
 * The margin section's statements beyond the page's: done visits and the quote builder (the
 * order's figures come from the row the page read), and the purchase order lines' costs when
 * the order has purchase orders.
 */
const MARGIN_STATEMENTS = 2;

describeEachDialect("the statements of the admin order page on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  let orderId = 0;
  let installerEmail = "";
  const spy = useStatementSpy();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await request(store, method, path, body, { cookie: owner });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res;
  };

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    owner = await loginCookie(store);
    installerEmail = (await addWorkingStaff(store, owner, "installer", "Ivan Installer")).email;
    const supplier = await call("POST", "/api/admin/suppliers", {
      name: "Sunshine Vinyl Fabricators",
      email: "orders@sunshine.example.com",
      leadDays: 10,
    });
    await call("PATCH", "/api/admin/products/1", { supplierId: supplier.body.id });
    orderId = (
      await insertTestOrder(store.services.db, {
        status: "confirmed",
        items: [{}, { roomLabel: "Den", quantity: 2 }],
      })
    ).id;
    await call("POST", `/api/admin/orders/${orderId}/purchase-orders`);
    await call("POST", `/api/admin/orders/${orderId}/visits`, {
      kind: "install",
      date: "2030-06-03",
      start: "09:00",
      end: "11:00",
      notifyCustomer: false,
    });
    await call("POST", `/api/admin/orders/${orderId}/payments`, { amount: 50, method: "check" });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  async function page(id: number) {
    return spy.record(async () => {
      const res = await store.app.request(`/admin/orders/${id}`, { headers: { cookie: owner } });
      expect(res.status).toBe(200);
      return res.text();
    });
  }

  it("renders the page in thirteen statements, none of them twice", async () => {
    const { statements, answer: html } = await page(orderId);
    // What the sections show: the purchase order, the visit, the payment, both items.
    expect(html).toContain("PO-1001");
    expect(html).toContain("Install");
    expect(html).toContain("$50.00");
    expect(html).toContain("Kitchen left");
    expect(html).toContain("Den");
    expect(html).toContain(">Ivan Installer<"); // bookable, in the visit forms

    const repeated = statements.filter((s, i) => statements.indexOf(s) !== i);
    // The owner's margin section (decision 560) reads the order's done visits, its quote builder
    // and its purchase order lines' costs: three statements beyond the page's thirteen, none
    // of them again (the order row it needs is the page's).
    expect(repeated).toEqual([]);
    expect(statements, statements.join("\n")).toHaveLength(13 + MARGIN_STATEMENTS + 1);
  });

  it("reads no purchase order lines for an order with no purchase order (eleven statements)", async () => {
    const fresh = await insertTestOrder(store.services.db);
    const { statements, answer: html } = await page(fresh.id);
    expect(html).toContain("Nothing ordered from suppliers yet.");
    expect(statements.filter((s) => /purchase_order_lines/.test(s))).toEqual([]);
    expect(statements, statements.join("\n")).toHaveLength(11 + MARGIN_STATEMENTS);
  });

  it("carries only what the page shows: no staff emails, no supplier email", async () => {
    const { answer: html } = await page(orderId);
    expect(html).not.toContain(installerEmail);
    expect(html).not.toContain("orders@sunshine.example.com");
    // The customer's own details are shown, once in the data as on the page.
    expect(html).toContain("jane@example.com");
  });
});
