import { describe, expect, it } from "vitest";
import { routeSearch } from "./search";

describe("routeSearch (SPEC.md §2 header search)", () => {
  it.each([
    ["fabric", "/product/fabric", undefined],
    ["  Textile ", "/product/fabric", undefined],
    ["aluminum", "/product/aluminum", undefined],
    ["METAL", "/product/aluminum", undefined],
    ["vinyl", "/product/vinyl", undefined],
    ["pvc", "/product/vinyl", undefined],
    ["installation", "/", "installation"],
    ["install", "/", "installation"],
    ["price", "/", "products"],
    ["calculator", "/", "products"],
    ["quote", "/", "products"],
    ["shutters", "/", "products"],
  ])("%j → %s %s", (text, path, section) => {
    expect(routeSearch(text)).toEqual(section ? { path, section } : { path });
  });

  it("is blocked for blank text", () => {
    expect(routeSearch("   ")).toBeNull();
  });
});
