import { describe, expect, it } from "vitest";
import { productPath, robotsTxt, sitemapXml } from "./site-map";

describe("site map", () => {
  it("lists absolute, unique, escaped URLs", () => {
    const xml = sitemapXml("https://shop.example", ["/", "/faq", "/faq", "/a&b"]);
    expect(xml.match(/<loc>/g)).toHaveLength(3);
    expect(xml).toContain("<loc>https://shop.example/</loc>");
    expect(xml).toContain("<loc>https://shop.example/a&amp;b</loc>");
  });

  it("sends zebra shades to their configurator", () => {
    expect(productPath("zebra-shades")).toBe("/zebra-shades");
    expect(productPath("vinyl")).toBe("/product/vinyl");
  });

  it("keeps robots out of private pages and points to the sitemap", () => {
    const txt = robotsTxt("https://shop.example");
    for (const p of ["/admin", "/cart", "/checkout", "/orders"]) {
      expect(txt).toContain(`Disallow: ${p}\n`);
    }
    expect(txt).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
