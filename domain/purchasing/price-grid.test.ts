import { describe, expect, it } from "vitest";
import { nextSizeUpCost, type PriceGridRow, priceGridRowSchema } from "./price-grid";

const row = (productType: string, w: number, h: number, costCents: number): PriceGridRow => ({
  productType,
  maxWidthEighths: w * 8,
  maxHeightEighths: h * 8,
  costCents,
});

// Deliberately out of order: the rule sorts by maxWidth then maxHeight.
const GRID = [
  row("vinyl", 48, 48, 5_200),
  row("vinyl", 36, 72, 4_800),
  row("vinyl", 36, 48, 4_150),
  row("vinyl", 48, 72, 6_100),
  row("standard-shutters", 36, 72, 12_500),
];

describe("next size up", () => {
  it.each([
    ["exactly a row's size", "vinyl", 36 * 8, 48 * 8, 4_150],
    ["an eighth over the width goes to the next width", "vinyl", 36 * 8 + 1, 48 * 8, 5_200],
    ["over the height, same width", "vinyl", 36 * 8, 60 * 8, 4_800],
    ["wide and tall", "vinyl", 40 * 8, 60 * 8, 6_100],
    ["another product's rows", "standard-shutters", 30 * 8 + 5, 60 * 8 + 1, 12_500],
    ["bigger than the grid: no cost", "vinyl", 49 * 8, 48 * 8, null],
    ["a product not in the grid", "zebra", 30 * 8, 30 * 8, null],
  ])("%s", (_name, type, w, h, cents) => {
    expect(nextSizeUpCost(GRID, type, w, h)).toBe(cents);
  });
});

describe("a grid row", () => {
  it.each([
    [
      { productType: "vinyl", maxWidth: "36", maxHeight: "48.125", cost: "41.50" },
      row("vinyl", 36, 48, 4_150),
    ],
  ])("%o parses", (input, expected) => {
    const parsed = priceGridRowSchema.parse(input);
    expect(parsed).toEqual({ ...expected, maxHeightEighths: 48 * 8 + 1 });
  });

  it.each([
    [{ productType: "Vinyl!", maxWidth: "36", maxHeight: "48", cost: "1" }, "productType"],
    [{ productType: "vinyl", maxWidth: "36.1", maxHeight: "48", cost: "1" }, "maxWidth"],
    [{ productType: "vinyl", maxWidth: "0", maxHeight: "48", cost: "1" }, "maxWidth"],
    [{ productType: "vinyl", maxWidth: "36", maxHeight: "wide", cost: "1" }, "maxHeight"],
    [{ productType: "vinyl", maxWidth: "36", maxHeight: "48", cost: "1.005" }, "cost"],
    [{ productType: "vinyl", maxWidth: "36", maxHeight: "48", cost: "-3" }, "cost"],
  ])("%o is refused on %s", (input, field) => {
    const result = priceGridRowSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
