import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { fitPromise } from "./fit-promise";

describe("fit promise (decision 133)", () => {
  it("says both halves with the default facts", () => {
    const p = fitPromise(DEFAULT_BUSINESS);
    expect(p.weMeasure.text).toContain("If it doesn't fit, we remake it free.");
    expect(p.youMeasure.text).toBe(
      "Measured it yourself following our measuring guide and something doesn't fit? We remake one item per order free within 30 days of delivery.",
    );
  });

  it("takes its numbers from the facts", () => {
    const p = fitPromise({
      fitPromise: { selfMeasuredFreeRemakes: 2, selfMeasuredRemakeDays: 45 },
    });
    expect(p.youMeasure.text).toContain("We remake 2 items per order free within 45 days");
  });
});
