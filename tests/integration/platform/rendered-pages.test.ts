/**
 * Pages rendered per request through the real app served over HTTP, as
 * server/main.ts serves it: a page with nothing left pending goes out whole, and the
 * customer's quote page carries only what it shows.
 */
import { once } from "node:events";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../../server/app";
import { loginCookie } from "../../support/admin-fixtures";
import { loadPageBuild } from "../../support/page-build";
import { SAMPLE_ITEM, SAMPLE_QUOTE_CUSTOMER, VINYL_INSTALLED } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";

const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let store: TestStore;
let closeBuild: () => Promise<void>;
let server: Server;
let base = "";

beforeAll(async () => {
  store = await createTestStore("sqlite");
  const { build, close } = await loadPageBuild();
  closeBuild = close;
  const app = createApp({ services: store.services, build });
  // Served before any request, as in production (its Response class from the start).
  const served = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  if (!("setTimeout" in served) || !("maxHeadersCount" in served)) throw new Error("not http");
  server = served;
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  await closeBuild?.();
  await store?.close();
});

it("a person's page with nothing left pending goes out whole, and compressed when asked (decisions 370, 375)", async () => {
  const added = await fetch(`${base}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ ...SAMPLE_ITEM, roomLabel: "Whole bay window" }),
  });
  expect(added.status).toBe(201);
  const cookie = added.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // As a person's browser asks: fetch's own user agent ("node") is a bot to isbot, and bots
  // always wait for the whole document, so it would pass on the streamed path.
  const page = (encoding: string) =>
    fetch(`${base}/cart`, {
      headers: { cookie, "accept-encoding": encoding, "user-agent": BROWSER_USER_AGENT },
    });
  // Uncompressed, the whole page is one body with its length (a streamed one goes in chunks).
  const whole = await page("identity");
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-encoding")).toBeNull();
  expect(whole.headers.get("transfer-encoding")).toBeNull();
  expect(Number(whole.headers.get("content-length"))).toBeGreaterThan(512);
  const res = await page("gzip, br");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBe("gzip");
  const html = await res.text();
  expect(html).toContain("Whole bay window");
  expect(html).toMatch(/<\/html>$/);
  expect(html).not.toContain("modulepreload");
});

it("the customer's quote page carries what it shows, not the office's fields (decision 371)", async () => {
  const owner = await loginCookie(store);
  const customer = SAMPLE_QUOTE_CUSTOMER;
  const asOwner = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const created = await asOwner("POST", "/api/admin/quotes", {
    customer,
    items: [{ ...VINYL_INSTALLED, roomLabel: "Kitchen" }],
  });
  expect(created.status).toBe(201);
  expect((await asOwner("POST", `/api/admin/quotes/${created.body.id}/send`)).status).toBe(200);
  const detail = await asOwner("GET", `/api/admin/quotes/${created.body.id}`);
  const res = await fetch(`${base}${new URL(String(detail.body.link), base).pathname}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("Maria");
  expect(html).toContain("Kitchen");
  const office = ["viewCount", "viewedAt", "staffId", "createdAt"];
  for (const kept of [...office, customer.email, customer.phone, customer.address]) {
    expect(html, kept).not.toContain(kept);
  }
});

it("the quote page counts the customer opening it, not its own refresh after an answer (decision 376)", async () => {
  const owner = await loginCookie(store);
  const asOwner = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const created = await asOwner("POST", "/api/admin/quotes", {
    customer: SAMPLE_QUOTE_CUSTOMER,
    items: [{ ...VINYL_INSTALLED, roomLabel: "Kitchen" }],
  });
  expect((await asOwner("POST", `/api/admin/quotes/${created.body.id}/send`)).status).toBe(200);
  const office = async () => {
    const { body } = await asOwner("GET", `/api/admin/quotes/${created.body.id}`);
    return body as { link: string; viewCount: number; viewedAt: string | null; status: string };
  };
  const page = `${base}${new URL((await office()).link, base).pathname}`;
  const browser = { "user-agent": BROWSER_USER_AGENT };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers: { ...browser, ...headers } });
    expect(res.status, url).toBe(200);
    await res.arrayBuffer();
  };

  // The link in the email: the page's document.
  await get(page);
  const first = await office();
  expect(first).toMatchObject({ viewCount: 1, status: "viewed" });
  expect(first.viewedAt).not.toBeNull();

  // The customer asks a question on the page; React Router then reloads the page's data from
  // the page itself: the same customer, still on the page, not a new view.
  const asked = await fetch(`${page}.data`, {
    method: "POST",
    headers: {
      ...browser,
      origin: base,
      referer: page,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "question", message: "Can the kitchen wait a week?" }),
  });
  expect(asked.status).toBe(200);
  await asked.arrayBuffer();
  await get(`${page}.data`, { referer: page });
  expect(await office()).toMatchObject({ viewCount: 1, viewedAt: first.viewedAt });

  // From the customer's account page's link (a client-side navigation): a view. So is the
  // document again (a reload, the email's link a second time).
  await get(`${page}.data`, { referer: `${base}/account` });
  expect(await office()).toMatchObject({ viewCount: 2, viewedAt: first.viewedAt });
  await get(page, { referer: page });
  expect(await office()).toMatchObject({ viewCount: 3, viewedAt: first.viewedAt });
});
