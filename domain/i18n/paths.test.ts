import { describe, expect, it } from "vitest";
import { basePath, languageOfPath, localizedPath, otherLanguagePath } from "./paths";

describe("language paths", () => {
  it.each([
    ["/", "en"],
    ["/faq", "en"],
    ["/estimate", "en"],
    ["/es", "es"],
    ["/es/", "es"],
    ["/es/product/vinyl", "es"],
    ["/est", "en"],
  ] as const)("%s is %s", (path, language) => {
    expect(languageOfPath(path)).toBe(language);
  });

  it.each([
    ["/", "/es"],
    ["/faq", "/es/faq"],
    ["/#installation", "/es#installation"],
    ["/faq#privacy", "/es/faq#privacy"],
    ["/search?q=cebra", "/es/search?q=cebra"],
    ["/es/cart", "/es/cart"],
    ["/api/cart", "/api/cart"],
    ["/admin", "/admin"],
    ["tel:+12395550100", "tel:+12395550100"],
    ["https://example.com/", "https://example.com/"],
  ])("%s in Spanish is %s", (path, spanish) => {
    expect(localizedPath(path, "es")).toBe(spanish);
    expect(localizedPath(path, "en")).toBe(path);
  });

  it.each([
    ["/es", "/"],
    ["/es/product/vinyl", "/product/vinyl"],
    ["/product/vinyl", "/product/vinyl"],
  ])("the English path of %s is %s", (path, english) => {
    expect(basePath(path)).toBe(english);
  });

  it("switches to the same page in the other language, query and fragment kept", () => {
    expect(otherLanguagePath("/product/vinyl", "?width=36", "#reviews")).toBe(
      "/es/product/vinyl?width=36#reviews",
    );
    expect(otherLanguagePath("/es/product/vinyl", "?width=36")).toBe("/product/vinyl?width=36");
    expect(otherLanguagePath("/")).toBe("/es");
    expect(otherLanguagePath("/es")).toBe("/");
  });
});
