import { describe, expect, it } from "vitest";
import { inchesIn, sizeIn } from "./sizes";

describe("sizes in each language", () => {
  it.each([
    [12.125, '12 1/8"', "12 ⅛ pulg."],
    [36, '36"', "36 pulg."],
    [36.375, '36 3/8"', "36 ⅜ pulg."],
    [48.5, '48 1/2"', "48 ½ pulg."],
    [72.875, '72 7/8"', "72 ⅞ pulg."],
  ])("%d inches", (inches, english, spanish) => {
    expect(inchesIn("en", inches)).toBe(english);
    expect(inchesIn("es", inches)).toBe(spanish);
  });

  it("writes a window's size", () => {
    expect(sizeIn("en", 36.375, 48)).toBe('36 3/8" W × 48" H');
    expect(sizeIn("es", 36.375, 48)).toBe("36 ⅜ × 48 pulg. (ancho × alto)");
  });
});
