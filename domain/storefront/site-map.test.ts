import { describe, expect, it } from "vitest";
import { EVERY_OFFERED_PATH, offeredPaths, productPath, robotsTxt, sitemapXml } from "./site-map";

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
    for (const p of ["/admin", "/cart", "/checkout", "/orders"]) {
      expect(txt).toContain(`Disallow: ${p}\n`);
    }
    expect(txt).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
