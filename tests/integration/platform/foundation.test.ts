import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SEEDS } from "../../../domain/storefront/catalog";
import { seedCatalog } from "../../../server/db/seed";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("foundation on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("answers /healthz when the database answers", async () => {
    const res = await request(store, "GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers /healthz 503 when the database does not answer", async () => {
    const ping = store.services.database.ping;
    store.services.database.ping = async () => {
      throw new Error("connection refused");
    };
    try {
      const res = await request(store, "GET", "/healthz");
      expect(res.status).toBe(503);
      expect(res.body.status).not.toBe("ok");
    } finally {
      store.services.database.ping = ping;
    }
  });

  it("lists the six seeded products with the spec fields, from the database", async () => {
    const res = await request(store, "GET", "/api/products");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(res.body[0]).toEqual({
      id: 1,
      type: "vinyl",
      name: "Vinyl Vertical Blinds",
      description: PRODUCT_SEEDS[0]!.description,
      colors: ["white", "off-white", "ivory", "beige", "light-gray"],
    });
    expect(res.body.map((p: { id: number; type: string }) => `${p.id}:${p.type}`)).toEqual([
      "1:vinyl",
      "2:standard-shutters",
      "3:bypass-shutters",
      "4:zebra-shades",
      "5:fabric",
      "6:aluminum",
    ]);
  });

  it("reads the catalog from the database (an edit shows after invalidation)", async () => {
    await store.services.db
      .updateTable("products")
      .set({ name: "Vinyl Verticals" })
      .where("id", "=", 1)
      .execute();
    store.services.catalog.invalidate();
    const res = await request(store, "GET", "/api/products");
    expect(res.body[0].name).toBe("Vinyl Verticals");
    await store.services.db
      .updateTable("products")
      .set({ name: "Vinyl Vertical Blinds" })
      .where("id", "=", 1)
      .execute();
    store.services.catalog.invalidate();
  });

  it("seeding again changes nothing (idempotent)", async () => {
    await seedCatalog(store.services.db);
    await seedCatalog(store.services.db);
    const count = await store.services.db
      .selectFrom("zebra_fabrics")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(17);
    const products = await request(store, "GET", "/api/products");
    expect(products.body).toHaveLength(6);
  });

  it("lists the track-replacement service", async () => {
    const res = await request(store, "GET", "/api/services");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: 1,
        type: "track-replacement",
        name: "Track Replacement",
        pricePerUnit: 2,
      }),
    ]);
  });

  it("sends pages a nonce-based CSP and the document security headers", async () => {
    const res = await request(store, "GET", "/some/page");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const again = await request(store, "GET", "/some/page");
    expect(again.headers.get("content-security-policy")).not.toBe(csp); // a nonce per response
  });

  it("sends JSON answers a deny-all CSP, nosniff and no referrer", async () => {
    const res = await request(store, "GET", "/api/products");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("sends HSTS when served over HTTPS", async () => {
    const res = await store.app.request("https://shop.example/healthz");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("answers unknown API paths with the error shape and 404", async () => {
    const res = await request(store, "GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });

  it("refuses bodies over 100 KB with 413", async () => {
    const res = await request(store, "POST", "/api/nope", { big: "x".repeat(110 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("refuses cross-site state changes with 403", async () => {
    const a = await request(store, "POST", "/api/nope", {}, { origin: "https://evil.example" });
    expect(a.status).toBe(403);
    const b = await request(store, "POST", "/api/nope", {}, { "sec-fetch-site": "cross-site" });
    expect(b.status).toBe(403);
    expect(b.body.error.code).toBe("forbidden");
  });

  it("logs one structured line per request without personal data", async () => {
    store.logLines.length = 0;
    await request(store, "GET", "/api/products?email=jane@example.com");
    const lines = store.logLines.map((l) => JSON.parse(l));
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "request",
        method: "GET",
        path: "/api/products",
        status: 200,
      }),
    );
    expect(store.logLines.join("\n")).not.toContain("jane@example.com");
  });
});

describe("same-origin check behind a proxy", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore("sqlite", {
      PUBLIC_URL: "https://shop.example",
      TRUST_PROXY: "true",
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("accepts the public origin and a trusted X-Forwarded-Host and -Proto, refuses others", async () => {
    const upstream = { host: "127.0.0.1:3000" };
    const fromPublic = await request(
      store,
      "POST",
      "/api/nope",
      {},
      {
        ...upstream,
        origin: "https://shop.example",
      },
    );
    expect(fromPublic.status).toBe(404); // passed the check, then no such route
    const forwarded = await request(
      store,
      "POST",
      "/api/nope",
      {},
      {
        ...upstream,
        origin: "https://www.shop.example",
        "x-forwarded-host": "www.shop.example",
        "x-forwarded-proto": "https",
      },
    );
    expect(forwarded.status).toBe(404);
    // The same host over the other scheme is not our origin.
    const otherScheme = await request(
      store,
      "POST",
      "/api/nope",
      {},
      {
        ...upstream,
        origin: "http://www.shop.example",
        "x-forwarded-host": "www.shop.example",
        "x-forwarded-proto": "https",
      },
    );
    expect(otherScheme.status).toBe(403);
    const foreign = await request(
      store,
      "POST",
      "/api/nope",
      {},
      {
        ...upstream,
        origin: "https://evil.example",
        "x-forwarded-host": "www.shop.example",
      },
    );
    expect(foreign.status).toBe(403);
  });
});
