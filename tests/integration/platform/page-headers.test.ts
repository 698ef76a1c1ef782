/**
 * Pages with personal data or a cart answer
 * `Cache-Control: private, no-store`, the HTML documents and their single-fetch `.data`
 * requests alike; /admin without a session is its login form with 200, while /api/admin/*
 * keeps answering 401 JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestMessage, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { placeOneOrder } from "../../support/shopper";
import { request } from "../../support/test-app";
import { availableDialects } from "../../support/test-database";

describe.each(availableDialects())("personal pages on %s", (dialect) => {
  let store: PageTestStore;
  let cookie: string;
  let order: { id: number; reference: string };
  let messageId: number;
  let placedReference: string;

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    const admin = await loginCookie(store);
    const added = await request(store, "POST", "/api/cart", SAMPLE_ITEM);
    expect(added.status).toBe(201);
    const cart = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    cookie = `${admin}; ${cart}`;
    order = await insertTestOrder(store.services.db);
    messageId = await insertTestMessage(store.services.db);
    const placed = await placeOneOrder(
      (...args) => request(store, ...args),
      1,
      {},
      { tag: "cache" },
    );
    expect(placed.answer.status).toBe(201);
    placedReference = (placed.answer.body as { reference: string }).reference;
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  const personal = () => [
    "/cart",
    "/checkout",
    `/order-confirmation?ref=${placedReference}`,
    `/orders/${placedReference}`,
    "/admin",
    `/admin/orders/${order.id}`,
    `/admin/orders/${order.id}/sheet`,
    "/admin/reviews",
    "/admin/messages",
    `/admin/messages/${messageId}`,
  ];

  /** "/admin?x" → "/admin.data?x": the URL React Router's client fetches on navigation. */
  function dataUrl(page: string): string {
    const [path, query] = page.split("?");
    return `${path}.data${query ? `?${query}` : ""}`;
  }

  it("sends private, no-store on every personal document and its .data answer", async () => {
    const wrong: string[] = [];
    for (const page of personal()) {
      for (const url of [page, dataUrl(page)]) {
        const res = await store.app.request(url, { headers: { cookie } });
        await res.arrayBuffer();
        const cacheControl = res.headers.get("cache-control");
        if (res.status !== 200 || cacheControl !== "private, no-store") {
          wrong.push(`${url}: ${res.status} ${cacheControl}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("leaves public pages cacheable by their own rules", async () => {
    const res = await store.app.request("/faq");
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("answers /admin without a session with 200 and the login form; the API keeps 401", async () => {
    for (const page of ["/admin", "/admin/reviews", `/admin/orders/${order.id}`]) {
      const res = await store.app.request(page);
      const html = await res.text();
      expect(res.status, page).toBe(200);
      expect(res.headers.get("cache-control"), page).toBe("private, no-store");
      expect(html, page).toMatch(/type="password"/);
      expect(html, page).not.toContain(order.reference);
    }
    const api = await request(store, "GET", "/api/admin/orders");
    expect(api.status).toBe(401);
    expect(api.body.error.code).toBe("unauthorized");
  });

  it("keeps a wrong email or password a 401 on the login form", async () => {
    const res = await store.app.request("/admin", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=hello%40example.com&password=wrong",
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Incorrect email or password");
  });
});
