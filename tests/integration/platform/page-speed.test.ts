/**
 * Through the real app (createApp with the page build, app.request()): every dynamic
 * content type compressed when asked and only then, with Vary; cached anonymous pages never
 * served across a catalog change; pages with personal data never cached, never carrying
 * another visitor's data.
 */
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../server/app";
import { createPageCache, inlineScriptHashes, pageKind } from "../../../server/runtime/page-cache";
import { loadPageBuild } from "../../support/page-build";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { createTestStore, type TestStore } from "../../support/test-app";

let store: TestStore;
let app: ReturnType<typeof createApp>;
let closeBuild: () => Promise<void>;
let pageBuild: Awaited<ReturnType<typeof loadPageBuild>>["build"];

beforeAll(async () => {
  // The page cache's own tests: on whatever CACHES the suite runs with.
  store = await createTestStore("sqlite", { CACHES: "on" });
  const { build, close } = await loadPageBuild();
  closeBuild = close;
  pageBuild = build;
  app = createApp({ services: store.services, build });
}, 120_000);

afterAll(async () => {
  await closeBuild?.();
  await store?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const text =
    encoding === "br"
      ? zlib.brotliDecompressSync(raw).toString("utf8")
      : encoding === "gzip"
        ? zlib.gunzipSync(raw).toString("utf8")
        : raw.toString("utf8");
  return { res, raw, text, encoding };
}

async function addToCart(roomLabel = "Kitchen"): Promise<string> {
  const res = await app.request("/api/cart", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...SAMPLE_ITEM, roomLabel }),
  });
  expect(res.status).toBe(201);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function setVinylRate(cents: number) {
  await store.services.db
    .updateTable("products")
    .set({ rate_cents_per_sqft: cents })
    .where("type", "=", "vinyl")
    .execute();
  store.services.catalog.invalidate();
}

describe("compression of dynamic answers", () => {
  // What a browser offering br gets: kept bytes (cached pages, the catalog) in brotli, pages
  // rendered per request in gzip, hono/compress's own.
  const TYPES: [string, string, RegExp, "br" | "gzip"][] = [
    ["an HTML page (cached)", "/faq", /^text\/html/, "br"],
    ["a streamed HTML page (personal, not cached)", "/cart", /^text\/html/, "gzip"],
    ["JSON (the catalog's kept bytes)", "/api/products", /^application\/json/, "br"],
    ["React Router .data", "/product/vinyl.data", /^text\/x-script/, "gzip"],
    ["XML", "/sitemap.xml", /^application\/xml/, "gzip"],
  ];

  for (const [what, path, type, offeringBr] of TYPES) {
    it(`${what} (${path}): ${offeringBr === "br" ? "br or gzip" : "gzip"} when asked, plain when not, Vary always`, async () => {
      const plain = await get(path);
      expect(plain.res.status).toBe(200);
      expect(plain.res.headers.get("content-type")).toMatch(type);
      expect(plain.encoding).toBeNull();
      expect(plain.res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(plain.raw.length).toBeGreaterThan(512);

      for (const [accept, encoding] of [
        ["gzip, deflate, br", offeringBr],
        ["gzip, deflate", "gzip"],
      ] as const) {
        const asked = await get(path, { "accept-encoding": accept });
        expect(asked.encoding).toBe(encoding);
        expect(asked.res.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(asked.raw.length).toBeLessThan(plain.raw.length);
        // The same document once decoded (pages differ only in React's per-render ids).
        if (!/^text\/html/.test(plain.res.headers.get("content-type") ?? "")) {
          expect(asked.text).toBe(plain.text);
        } else {
          expect(asked.text).toContain("</html>");
        }
      }

      const refused = await get(path, { "accept-encoding": "identity, br;q=0, gzip;q=0" });
      expect(refused.encoding).toBeNull();
      expect(refused.res.headers.get("vary")).toMatch(/accept-encoding/i);
    });
  }

  it("small answers (a price quote) go as they are", async () => {
    const res = await app.request("/api/calculate-price", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "br, gzip" },
      body: JSON.stringify({ productType: "vinyl", width: 36, height: 48 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect((await res.json()).blindsPrice).toBe(54);
  });
});

describe("anonymous pages from the cache", () => {
  it("serves a page from memory, already compressed, with a CSP of its scripts' hashes", async () => {
    const first = await get("/warranty", { "accept-encoding": "br, gzip" });
    const second = await get("/warranty", { "accept-encoding": "br, gzip" });
    expect(second.res.headers.get("x-page-cache")).toBe("hit");
    expect(second.encoding).toBe("br");
    expect(second.text).toBe(first.text);
    const csp = second.res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toMatch(/nonce-/);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).toMatch(/object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/);
    for (const hash of inlineScriptHashes(second.text)) expect(csp).toContain(hash);
    expect(second.text).not.toMatch(/nonce="[^"]/);
  });

  it("paints from the HTML alone: stylesheet inline, no stylesheet or script fetched before (decision 144)", async () => {
    for (const path of ["/", "/product/vinyl", "/returns"]) {
      const { text } = await get(path);
      expect(text, path).toMatch(/<style id="app-css">[^<]*\.container-page/);
      expect(text, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(text, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
      // The hydration scripts still load, from the module script at the end of the body.
      expect(text, path).toMatch(
        /<script[^>]*type="module"[^>]*>[^<]*import\("[^"]*entry\.client[^"]*"\)/,
      );
    }
    // Pages rendered per request lose them too; the cart keeps its scripts.
    const cart = (await get("/cart")).text;
    expect(cart).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(cart).toMatch(/<script[^>]*type="module"[^>]*>[^<]*import\("[^"]*entry\.client[^"]*"\)/);
  });

  it("never serves a page rendered for another catalog version: a new rate shows at once", async () => {
    const before = await get("/product/vinyl");
    expect(before.text).toContain("$54.00"); // 36 × 48 in at $4.50 per sq ft
    expect((await get("/product/vinyl")).res.headers.get("x-page-cache")).toBe("hit");
    await setVinylRate(5_00);
    try {
      const after = await get("/product/vinyl");
      expect(after.res.headers.get("x-page-cache")).toBe("miss");
      expect(after.text).toContain("$60.00");
      expect(after.text).not.toContain("$54.00");
      expect((await get("/product/vinyl")).text).toContain("$60.00");
    } finally {
      await setVinylRate(4_50);
    }
    expect((await get("/product/vinyl")).text).toContain("$54.00");
  });

  it("keys on the catalog's version even when nobody tells it (no listener)", async () => {
    const cache = createPageCache({
      caches: store.services.caches,
      dataVersion: store.services.catalog.version,
    });
    const quiet = createApp({ services: store.services, build: pageBuild, pageCache: cache });
    await quiet.request("/product/vinyl");
    const hit = await quiet.request("/product/vinyl");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    await setVinylRate(6_00);
    try {
      const res = await quiet.request("/product/vinyl");
      expect(res.headers.get("x-page-cache")).toBe("miss");
      expect(await res.text()).toContain("$72.00");
    } finally {
      await setVinylRate(4_50);
    }
  });

  it("a visitor's cart never reaches the cached HTML (the badge comes after hydration)", async () => {
    const cookie = await addToCart();
    const withCart = await get("/returns", { cookie });
    const anonymous = await get("/returns");
    expect(anonymous.res.headers.get("x-page-cache")).toBe("hit");
    for (const page of [withCart.text, anonymous.text]) {
      expect(page).not.toContain("cart-badge");
      expect(page).not.toMatch(/Cart, \d+ item/);
    }
    const count = await app.request("/api/cart/count", { headers: { cookie } });
    expect(await count.json()).toEqual({ count: 1 });
    expect(count.headers.get("cache-control")).toBe("private, no-store");
    expect((await (await app.request("/api/cart/count")).json()).count).toBe(0);
  });

  it("a query string, a cookie-setting answer or an unknown page that answers 200 is not stored", async () => {
    const query = await app.request("/faq?utm_source=x");
    expect(query.headers.get("x-page-cache")).toBeNull();
    const missing = await app.request("/no-such-page");
    expect(missing.status).toBe(404);
    expect((await app.request("/no-such-page")).headers.get("x-page-cache")).toBe("hit");

    const cache = createPageCache({ caches: store.services.caches, dataVersion: () => 0 });
    const mini = new Hono();
    let renders = 0;
    mini.use("*", (c, next) => cache.handle(c, next));
    mini.get("/", (c) => {
      renders++;
      c.header("Set-Cookie", "a=b");
      return c.html("<html><body>hello</body></html>");
    });
    mini.get("/anything", (c) => {
      renders++;
      return c.html("<html><body>not a 404</body></html>");
    });
    await mini.request("/");
    await mini.request("/");
    await mini.request("/anything");
    await mini.request("/anything");
    expect(renders).toBe(4);
    expect(cache.stats().entries).toBe(0);
  });

  it("a HEAD request or a page shown while the catalog fails is not stored", async () => {
    const head = await app.request("/maintenance-tips", { method: "HEAD" });
    expect(head.status).toBe(200);
    const afterHead = await get("/maintenance-tips");
    expect(afterHead.res.headers.get("x-page-cache")).toBe("miss");
    expect(afterHead.text).toContain("</html>");

    store.services.catalog.invalidate(); // empties the cache
    const catalog = store.services.catalog;
    const original = catalog.listProducts;
    catalog.listProducts = async () => {
      throw new Error("database unavailable");
    };
    try {
      for (let i = 0; i < 2; i++) {
        const res = await app.request("/");
        expect(res.status).toBe(200);
        expect(res.headers.get("x-page-cache")).not.toBe("hit");
        await res.arrayBuffer();
      }
    } finally {
      catalog.listProducts = original;
    }
    await app.request("/");
    expect((await app.request("/")).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("pages with personal data are never cached", () => {
  it("cart, checkout, confirmation, order status and admin answers never come from the cache", async () => {
    const alice = await addToCart("Alice bay window");
    const paths = ["/cart", "/checkout", "/order-confirmation", "/orders/not-a-real-ref", "/admin"];
    for (const path of paths) {
      for (let i = 0; i < 2; i++) {
        const res = await app.request(path, { headers: { cookie: alice } });
        expect(res.headers.get("x-page-cache"), path).toBeNull();
        await res.arrayBuffer();
      }
      expect(pageKind(path)).toBe("never");
    }
    // Alice's cart page shows her item; Bob, right after, sees an empty cart.
    const aliceCart = await get("/cart", { cookie: alice });
    expect(aliceCart.text).toContain("Alice bay window");
    const bobCart = await get("/cart");
    expect(bobCart.text).not.toContain("Alice bay window");
    expect(bobCart.res.headers.get("x-page-cache")).toBeNull();
  });

  it("classifies paths: the listed public pages, 404s elsewhere, never personal ones", () => {
    expect(pageKind("/")).toBe("page");
    expect(pageKind("/product/vinyl")).toBe("page");
    expect(pageKind("/zebra-shades")).toBe("page");
    expect(pageKind("/faq")).toBe("page");
    expect(pageKind("/some/old-link")).toBe("not-found-only");
    for (const path of [
      "/cart",
      "/checkout",
      "/order-confirmation",
      "/orders/abc",
      "/admin",
      "/admin/orders/1",
      "/api/products",
      "/product/vinyl.data",
      "/healthz",
    ]) {
      expect(pageKind(path), path).toBe("never");
    }
  });
});

describe("with CACHES=off", () => {
  it("keeps no page and no catalog: each visit renders with its nonce and shows a change at once", async () => {
    const off = await createTestStore("sqlite", { CACHES: "off" });
    try {
      const offApp = createApp({ services: off.services, build: pageBuild });
      const first = await offApp.request("/product/vinyl");
      const second = await offApp.request("/product/vinyl");
      for (const res of [first, second]) {
        expect(res.headers.get("x-page-cache")).toBeNull();
        expect(res.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
      }
      expect(await second.text()).toContain("$54.00");
      // Nobody says "the catalog changed": nothing was kept, so the next render reads it anew.
      await off.services.db
        .updateTable("products")
        .set({ rate_cents_per_sqft: 6_00 })
        .where("type", "=", "vinyl")
        .execute();
      expect(await (await offApp.request("/product/vinyl")).text()).toContain("$72.00");
      expect(off.services.caches.stats().every((kept) => kept.keys === 0)).toBe(true);
    } finally {
      await off.close();
    }
  });
});
