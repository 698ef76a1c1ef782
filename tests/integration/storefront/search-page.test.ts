/**
 * The product rules "Search" as a table, through the real /search page and the seeded catalog: the spec's
 * keywords go to their page and section, any other text is searched, products and fabrics rank
 * before pages and answers, "blackout" and "cordless" find the zebra fabrics and controls, and
 * nothing found offers the products and the phone number.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { availableDialects } from "../../support/test-database";

interface Result {
  kind: string;
  title: string;
  path: string;
}

/** The results list of the page, in order. */
function results(html: string): Result[] {
  const list = /<ol[^>]*data-testid="search-results"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, item = ""]) => ({
    kind: /<p[^>]*>([^<]*)<\/p>/.exec(item)?.[1] ?? "",
    path: /<a[^>]*href="([^"]*)"/.exec(item)?.[1] ?? "",
    title: /<a[^>]*>([^<]*)<\/a>/.exec(item)?.[1]?.replace(/&amp;/g, "&") ?? "",
  }));
}

describe.each(availableDialects())("header search on %s", (dialect) => {
  let store: PageTestStore;
  const search = (q: string) =>
    store.app.request(`/search?q=${encodeURIComponent(q)}`, { redirect: "manual" });

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it.each([
    ["fabric", "/product/fabric"],
    ["textile", "/product/fabric"],
    ["aluminum", "/product/aluminum"],
    ["metal", "/product/aluminum"],
    ["vinyl", "/product/vinyl"],
    ["  PVC ", "/product/vinyl"],
    ["installation", "/#installation"],
    ["install", "/#installation"],
    ["price", "/#products"],
    ["calculator", "/#products"],
    ["quote", "/#products"],
  ])("the keyword %j goes to %s", async (q, location) => {
    const res = await search(q);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it.each([
    // query, the first result's title (a product or fabric), a path among the results
    ["shutters", /Shutters/, "/product/standard-shutters"],
    ["blackout", /Anza Room Darkening/, "/zebra-shades"],
    ["room darkening", /Anza Room Darkening/, "/zebra-shades"],
    ["cordless", /Cordless control/, "/zebra-shades"],
    ["motorized", /Zebra|Motorized/, "/zebra-shades"],
    ["shades", /Zebra/, "/zebra-shades"],
    ["verticals", /Vertical/, "/product/vinyl"],
    ["louvers", /Shutters/, "/product/standard-shutters"],
    ["sliding door", /Bypass|Vertical/, "/product/bypass-shutters"],
    ["track", /Track/, "/track-replacement"],
    ["samples", /Samples/, "/samples"],
  ])("%j is searched: first %s, and %s is found", async (q, first, path) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    const found = results(await res.text());
    expect(found[0]?.title).toMatch(first);
    expect(found.map((r) => r.path)).toContain(path);
    // Products and fabrics first, then pages, then answers; nothing personal at all.
    const rank = (kind: string) => ["Product", "Fabric", "Option", "Page", "Answer"].indexOf(kind);
    const ranks = found.map((r) => (rank(r.kind) <= 2 ? 0 : rank(r.kind)));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(found.some((r) => /^\/(account|cart)/.test(r.path))).toBe(false);
  });

  it.each([
    ["instalación", "/es#installation"],
    ["Instalacion", "/es#installation"],
    ["tela", "/es/product/fabric"],
    ["vinilo", "/es/product/vinyl"],
    ["precio", "/es#products"],
  ])("the Spanish keyword %j goes to %s", async (q, location) => {
    const res = await store.app.request(`/es/search?q=${encodeURIComponent(q)}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it.each([
    // Spanish words, the English words of the same search: the same results, in Spanish links.
    ["persianas verticales", "vertical blinds"],
    ["cortinas cebra", "zebra shades"],
    ["cebra", "zebra"],
    ["contraventanas", "shutters"],
    ["contraventanas plantación", "plantation shutters"],
    ["riel de repuesto", "track"],
    ["muestras", "samples"],
    ["garantía", "warranty"],
    ["motorizada", "motorized"],
  ])("/es/search finds for %j what /search finds for %j", async (spanish, english) => {
    const es = await store.app.request(`/es/search?q=${encodeURIComponent(spanish)}`);
    const en = await search(english);
    expect(es.status).toBe(200);
    const found = results(await es.text());
    const expected = results(await en.text());
    expect(expected.length).toBeGreaterThan(0);
    expect(found[0]?.title).toBe(expected[0]?.title);
    expect(found.map((r) => r.path)).toContain(
      expected[0]?.path === "/" ? "/es" : `/es${expected[0]?.path}`,
    );
  });

  it("says when nothing is found, with the products and the phone number", async () => {
    const res = await search("xylophone");
    const html = await res.text();
    expect(html).toContain("Nothing matches “xylophone”");
    expect(html).toContain('href="tel:+12395550142"');
    for (const path of ["/product/vinyl", "/product/standard-shutters", "/zebra-shades"]) {
      expect(html).toContain(`href="${path}"`);
    }
  });
});
