import { describe, expect, it } from "vitest";
import { routeSearch, searchTargetHref } from "./search";

describe("routeSearch (spec §2 header search, the product rules Search)", () => {
  it.each([
    ["fabric", "/product/fabric"],
    ["  Textile ", "/product/fabric"],
    ["aluminum", "/product/aluminum"],
    ["METAL", "/product/aluminum"],
    ["vinyl", "/product/vinyl"],
    ["pvc", "/product/vinyl"],
    ["installation", "/#installation"],
    ["install", "/#installation"],
    ["price", "/#products"],
    ["calculator", "/#products"],
    ["quote", "/#products"],
  ])("%j → %s", (text, href) => {
    const target = routeSearch(text);
    expect(target && searchTargetHref(target)).toBe(href);
  });

  it.each(["shutters", "vinyl blinds", "blackout", "installer", "   "])(
    "%j is not a keyword: it is searched",
    (text) => {
      expect(routeSearch(text)).toBeNull();
    },
  );
});
