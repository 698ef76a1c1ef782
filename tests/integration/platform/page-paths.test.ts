/**
 * Through the real page build: a case variant of a page is a
 * 404 carrying the Cache-Control of the page it imitates and a masked path in the log; a method
 * no page serves (OPTIONS /, PROPFIND /) and a POST to a page without an action answer 405 with
 * no stack trace (nothing on the console) and the reference masked. Paths and methods are the
 * HTTP layer's, not the database's: SQLite only.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { insertTestOrder } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";

let store: PageTestStore;
let reference: string;
const consoleErrors: string[] = [];

beforeAll(async () => {
  store = await createPageTestStore("sqlite");
  reference = (await insertTestOrder(store.services.db, { status: "confirmed" })).reference;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(" "));
  });
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await store?.close();
});

async function send(method: string, path: string) {
  const start = store.logLines.length;
  const errors = consoleErrors.length;
  const res = await store.app.request(path, { method });
  await res.arrayBuffer();
  return {
    status: res.status,
    cacheControl: res.headers.get("cache-control"),
    log: store.logLines.slice(start).join(""),
    console: consoleErrors.slice(errors).join("\n"),
  };
}

it("answers case variants of pages 404 with the imitated page's Cache-Control, masked in the log", async () => {
  const real = await send("GET", "/cart");
  expect(real.status).toBe(200);
  expect(real.cacheControl).toBe("private, no-store");
  for (const path of [
    `/Orders/${reference}`,
    `/ORDERS/${reference}.data`,
    "/CART",
    "/Cart",
    "/Order-Confirmation",
    "/CHECKOUT",
    "/Admin",
  ]) {
    const res = await send("GET", path);
    expect(res.status, path).toBe(404);
    expect(res.cacheControl, path).toBe("private, no-store");
    expect(res.log, path).not.toContain(reference);
  }
  const variant = await send("GET", `/Orders/${reference}`);
  expect(variant.log).toContain('"path":"/Orders/[reference]"');
});

it("answers OPTIONS / and unknown methods 405 with no stack trace", async () => {
  for (const method of ["OPTIONS", "PROPFIND", "BREW"]) {
    const res = await send(method, "/");
    expect(res.status, method).toBe(405);
    expect(res.console, method).toBe("");
    expect(res.log, method).not.toMatch(/stack|Error/);
  }
});

it("answers POST /orders/REF 405 with the reference masked and nothing on the console", async () => {
  const res = await send("POST", `/orders/${reference}`);
  expect(res.status).toBe(405);
  expect(res.console).toBe("");
  expect(res.log).toContain('"path":"/orders/[reference]"');
  expect(res.log).not.toContain(reference);
});
