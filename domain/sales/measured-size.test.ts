import { describe, expect, it } from "vitest";
import { describeMeasured, measuredSizeSchema } from "./measured-size";

describe("measured size", () => {
  it.each([
    [
      { mount: "inside", widths: [35.25, 35, 35.125], heights: [60.5, 60.25, 60.375], depth: 2.5 },
      'Measured (inside mount): widths 35 1/4", 35", 35 1/8" · heights 60 1/2", 60 1/4", 60 3/8" · depth 2 1/2"',
    ],
    [
      { mount: "outside", widths: [40, 40, 40], heights: [50, 50, 50], depth: null },
      'Measured (outside mount): widths 40", 40", 40" · heights 50", 50", 50"',
    ],
  ] as const)("%j → %s", (input, words) => {
    expect(describeMeasured(measuredSizeSchema.parse(input))).toBe(words);
  });

  it("refuses what no tape measure gives", () => {
    expect(
      measuredSizeSchema.safeParse({
        mount: "inside",
        widths: [35.1, 35, 35],
        heights: [1, 1, 1],
        depth: null,
      }).success,
    ).toBe(false);
    expect(
      measuredSizeSchema.safeParse({
        mount: "inside",
        widths: [35],
        heights: [1, 1, 1],
        depth: null,
      }).success,
    ).toBe(false);
  });
});
