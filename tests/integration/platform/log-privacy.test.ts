/**
 * The order reference is the key of a private page: it never reaches the log, neither in the
 * "order placed" line nor in the request lines of the status page. A honeypot
 * drop is no refused limit: its line carries no client address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_CONTACT_MESSAGE } from "../../support/sample-items";
import { placeOneOrder, type Send } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { availableDialects } from "../../support/test-database";

describe.each(availableDialects())("log privacy on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
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

  it.each([
    ["/api/contact", SAMPLE_CONTACT_MESSAGE],
    [
      "/api/reviews",
      {
        customerName: "Maria Lopez",
        customerEmail: "maria@example.com",
        customerLocation: "Cape Coral",
        productType: "vinyl",
        rating: 4,
        reviewText: "Measured, made and installed in two weeks. Great fit.",
      },
    ],
    [
      "/api/samples",
      {
        name: "Dana Reyes",
        email: "dana@example.com",
        address: "12 Palm Ave",
        city: "Cape Coral",
        zipCode: "33904",
        items: [{ productType: "vinyl", color: "white" }],
      },
    ],
    [
      "/api/estimates",
      {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana@example.com",
        phone: "(239) 555-0100",
        address: "12 Palm Ave",
        city: "Cape Coral",
        zipCode: "33904",
        windowCount: 6,
        productTypes: ["zebra-shades"],
        preferredWindow: "saturday",
      },
    ],
  ])("logs a honeypot drop at %s without the client's address", async (path, body) => {
    store.logLines.length = 0;
    const answer = await request(
      store,
      "POST",
      path,
      { ...body, website: "http://spam.example" },
      { "x-forwarded-for": "198.51.100.77" },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    const log = store.logLines.join("");
    expect(log).toContain("dropped by honeypot");
    expect(log).not.toContain("198.51.100.77");
  });
});
