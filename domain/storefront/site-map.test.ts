import { describe, expect, it } from "vitest";
import { EVERY_OFFERED_PATH, offeredPaths, productPath, robotsTxt, sitemapXml } from "./site-map";

describe("site map", () => {
  it("lists absolute, unique, escaped URLs, each in English and in Spanish", () => {
    const xml = sitemapXml("https://shop.example", ["/", "/faq", "/faq", "/a&b"]);
    expect(xml.match(/<loc>/g)).toHaveLength(6);
    expect(xml).toContain("<loc>https://shop.example/</loc>");
    expect(xml).toContain("<loc>https://shop.example/es</loc>");
    expect(xml).toContain("<loc>https://shop.example/es/faq</loc>");
    expect(xml).toContain("<loc>https://shop.example/a&amp;b</loc>");
  });

  it("names both addresses of each page (hreflang), English the default", () => {
    const xml = sitemapXml("https://shop.example", ["/faq"]);
    const entries = xml.match(/<url>.*<\/url>/g) ?? [];
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry).toContain('hreflang="en" href="https://shop.example/faq"');
      expect(entry).toContain('hreflang="es" href="https://shop.example/es/faq"');
      expect(entry).toContain('hreflang="x-default" href="https://shop.example/faq"');
    }
  });

  it("sends zebra shades to their configurator", () => {
    expect(productPath("zebra-shades")).toBe("/zebra-shades");
    expect(productPath("vinyl")).toBe("/product/vinyl");
  });

  it("links only what the catalog sells; every page when it can't be read", () => {
    expect(
      offeredPaths([{ type: "vinyl" }, { type: "zebra-shades" }], [{ type: "track-replacement" }]),
    ).toEqual(["/product/vinyl", "/zebra-shades", "/track-replacement"]);
    expect(offeredPaths([{ type: "fabric" }], [])).toEqual(["/product/fabric"]);
    expect(EVERY_OFFERED_PATH).toEqual([
      "/product/vinyl",
      "/product/standard-shutters",
      "/product/bypass-shutters",
      "/zebra-shades",
      "/product/fabric",
      "/product/aluminum",
      "/track-replacement",
    ]);
  });

  it("keeps robots out of private pages and points to the sitemap", () => {
    const txt = robotsTxt("https://shop.example");
    for (const p of ["/admin", "/cart", "/checkout", "/orders", "/es/cart", "/es/checkout"]) {
      expect(txt).toContain(`Disallow: ${p}\n`);
    }
    expect(txt).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
