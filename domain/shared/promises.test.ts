import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "./business";
import { warrantyBadge } from "./promises";

describe("warrantyBadge", () => {
  it("names the floor and the longest warranty, both true of the catalog's products", () => {
    expect(warrantyBadge(DEFAULT_BUSINESS)).toBe("2- to 25-year warranty on everything we sell");
  });

  it("is one number when every product has the same warranty", () => {
    const w = { ...DEFAULT_BUSINESS.warranty, vinylYears: 2, shuttersYears: 2 };
    expect(warrantyBadge({ warranty: w })).toBe("2-year warranty on everything we sell");
  });
});
