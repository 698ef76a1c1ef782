import { describe, expect, it } from "vitest";
import { formatInches, formatSize, isEighth, splitInches, toEighths } from "./dimensions";

describe("dimensions", () => {
  it.each([
    [36, '36"'],
    [36.125, '36 1/8"'],
    [36.25, '36 1/4"'],
    [36.375, '36 3/8"'],
    [36.5, '36 1/2"'],
    [36.875, '36 7/8"'],
  ])("formatInches(%d) = %s", (inches, text) => {
    expect(formatInches(inches)).toBe(text);
  });

  it("splits and counts eighths", () => {
    expect(splitInches(48.625)).toEqual({ whole: 48, fraction: 0.625 });
    expect(toEighths(36.375)).toBe(291);
    expect(formatSize(36.5, 48)).toBe('36 1/2" W × 48" H');
  });

  it("accepts only eighths", () => {
    expect(isEighth(12.125)).toBe(true);
    expect(isEighth(12.1)).toBe(false);
    expect(isEighth(Number.NaN)).toBe(false);
  });
});
