/**
 * The catalog editor seen through the pages: /admin/catalog's form action
 * parses like the API and answers field errors; an edit empties the page cache at once (a page
 * rendered for another catalog version is never served); a withdrawn product or fabric leaves
 * the pages and a cart holding it says so. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { request } from "../../support/test-app";
import { availableDialects } from "../../support/test-database";

describe.each(availableDialects())("the catalog editor's pages on %s", (dialect) => {
  let store: PageTestStore;
  let admin: string;
  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    admin = await loginCookie(store);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  async function page(path: string, cookie = "") {
    const res = await store.app.request(path, {
      headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  async function postForm(fields: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
    const res = await store.app.request("/admin/catalog", {
      method: "POST",
      headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    return { status: res.status, text: await res.text() };
  }
  const patch = (path: string, body: unknown) =>
    request(store, "PATCH", `/api/admin${path}`, body, { cookie: admin });
  const VINYL_FORM = {
    intent: "product",
    id: "1",
    name: "Vinyl Vertical Blinds",
    description: "Durable vinyl vanes.",
    ratePerSqFt: "4.50",
    minimumPrice: "39.00",
    offersColors: "1",
    colors: ["white", "ivory"],
    active: "on",
  };

  const CURRENT_VINYL = /aria-current="page"[^>]*href="\/admin\/catalog\?show=product-vinyl"/;

  it("shows the editor to a signed-in admin only, never cached", async () => {
    const res = await page("/admin/catalog", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    // One view at a time: the first product by default, each other one from the side list.
    expect(res.text).toMatch(CURRENT_VINYL);
    expect(res.text).not.toContain("Add a color");
    const views = await Promise.all(
      ["collection-anza-room-darkening", "installation", "track", "colors", "not-a-view"].map(
        async (show) => (await page(`/admin/catalog?show=${show}`, admin)).text,
      ),
    );
    expect(views[4]).toMatch(CURRENT_VINYL);
    const every = [res.text, ...views].join("\n");
    for (const text of [
      "Catalog and prices",
      "Vinyl Vertical Blinds",
      "Anza Room Darkening",
      "Up to 60 in wide",
      "Track Replacement",
      "Add a color",
      "After saving",
    ]) {
      expect(every).toContain(text);
    }
    const anonymous = await page("/admin/catalog");
    expect(anonymous.text).not.toContain("Catalog and prices");
  });

  it("saves a product from the form, and answers a bad rate with 400 naming the field", async () => {
    const bad = await postForm({ ...VINYL_FORM, ratePerSqFt: "-2" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("ratePerSqFt must be between 0.01 and 500.00 dollars");
    const noColor = await postForm({ ...VINYL_FORM, colors: [] });
    expect(noColor.status).toBe(400);
    expect(noColor.text).toContain("must offer at least one color while it is on sale");

    const saved = await postForm({ ...VINYL_FORM, ratePerSqFt: "5.25" });
    try {
      expect(saved.status).toBe(200);
      expect(saved.text).toContain("Vinyl Vertical Blinds saved: $5.25 per sq ft");
      const catalog = await request(store, "GET", "/api/admin/catalog", undefined, {
        cookie: admin,
      });
      expect(catalog.body.products[0]).toMatchObject({
        ratePerSqFt: 5.25,
        description: "Durable vinyl vanes.",
        colors: ["white", "ivory"],
      });
    } finally {
      await patch("/products/1", {
        ratePerSqFt: 4.5,
        colors: ["white", "off-white", "ivory", "beige", "light-gray"],
      });
    }
  });

  it("an admin edit empties the page cache: the next visitor sees the new price", async () => {
    const first = await page("/product/vinyl");
    expect(first.text).toContain("$54.00"); // 36 × 48 in at $4.50 per sq ft
    // With CACHES=off there is no page cache: every visit renders, and must show the edit too.
    const cache = (state: string) => (store.services.caches.enabled ? state : null);
    expect((await page("/product/vinyl")).headers.get("x-page-cache")).toBe(cache("hit"));
    expect((await patch("/products/1", { ratePerSqFt: 5.25 })).status).toBe(200);
    try {
      const after = await page("/product/vinyl");
      expect(after.headers.get("x-page-cache")).toBe(cache("miss"));
      expect(after.text).toContain("$63.00");
      expect(after.text).not.toContain("$54.00");
    } finally {
      await patch("/products/1", { ratePerSqFt: 4.5 });
    }
    expect((await page("/product/vinyl")).text).toContain("$54.00");
  });

  it("a withdrawn product answers 404 'no longer available' and leaves home, sitemap and cart", async () => {
    const added = await request(store, "POST", "/api/cart", SAMPLE_ITEM);
    const cart = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await page("/")).text).toContain('href="/product/vinyl"');
    const withdrawn = { active: false, name: "Classic Vinyl Verticals" };
    expect((await patch("/products/1", withdrawn)).status).toBe(200);
    try {
      const gone = await page("/product/vinyl");
      expect(gone.status).toBe(404);
      expect(gone.text).toContain("No Longer Available");
      // Under the name it had when it was withdrawn.
      expect(gone.text).toContain("Classic Vinyl Verticals are no longer available");
      expect((await page("/")).text).not.toContain('href="/product/vinyl"');
      expect((await page("/sitemap.xml")).text).not.toContain("/product/vinyl");
      const cartPage = await page("/cart", cart);
      expect(cartPage.text).toContain("No longer available: please remove it to check out.");
      expect(cartPage.text).toContain(
        "Remove the items that are no longer available to check out.",
      );
      // Checkout sends the shopper back to the cart until the item is removed.
      const checkout = await store.app.request("/checkout", { headers: { cookie: cart } });
      expect(checkout.status).toBe(302);
      expect(checkout.headers.get("location")).toBe("/cart");
      // Still listed in the editor, to put it back on sale.
      expect((await page("/admin/catalog", admin)).text).toContain("(withdrawn)");
    } finally {
      await patch("/products/1", { active: true, name: "Vinyl Vertical Blinds" });
    }
    expect((await page("/product/vinyl")).status).toBe(200);
  });

  it("withdrawn zebra shades say so; a withdrawn fabric leaves the zebra page", async () => {
    expect((await page("/zebra-shades")).text).toContain("QV-1006"); // Tropic · Palm
    await patch("/zebra-fabrics/palm", { active: false });
    try {
      const zebra = await page("/zebra-shades");
      expect(zebra.status).toBe(200);
      expect(zebra.text).not.toContain("QV-1006");
      expect(zebra.text).toContain("QV-1007"); // Coral is still sold
    } finally {
      await patch("/zebra-fabrics/palm", { active: true });
    }
    await patch("/products/4", { active: false });
    try {
      const gone = await page("/zebra-shades");
      expect(gone.status).toBe(404);
      expect(gone.text).toContain("Zebra shades are no longer available");
      // Neither the header nor the footer nor the sitemap links to it any more.
      expect((await page("/")).text).not.toContain('href="/zebra-shades"');
      expect((await page("/sitemap.xml")).text).not.toContain("/zebra-shades");
    } finally {
      await patch("/products/4", { active: true });
    }
    expect((await page("/zebra-shades")).status).toBe(200);
  });
});
