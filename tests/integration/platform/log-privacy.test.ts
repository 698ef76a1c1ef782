/**
 * The order reference is the key of a private page: it never reaches the log, neither in the
 * "order placed" line nor in the request lines of the status page (decision 118).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOneOrder, type Send } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { availableDialects } from "../../support/test-database";

describe.each(availableDialects())("log privacy on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("masks the order reference in the log: order placed, /orders/REF and its .data request", async () => {
    store.logLines.length = 0;
    const send: Send = (method, path, body, headers) => request(store, method, path, body, headers);
    const placed = await placeOneOrder(send, 1, {}, { tag: "logprivacy" });
    expect(placed.answer.status).toBe(201);
    const reference = (placed.answer.body as { reference?: string }).reference;
    expect(reference).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await request(store, "GET", `/orders/${reference}`);
    await request(store, "GET", `/orders/${reference?.toLowerCase()}.data`);

    const log = store.logLines.join("");
    expect(log).toContain('"order placed"');
    expect(log).toContain('"path":"/orders/[reference]"');
    expect(log).toContain('"path":"/orders/[reference].data"');
    for (const part of reference?.split("-") ?? []) expect(log).not.toContain(part);
  });
});
