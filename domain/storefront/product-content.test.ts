import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { PRODUCT_TYPES } from "./catalog";
import { productContent, warrantyLine } from "./product-content";

describe("product page content", () => {
  it.each(PRODUCT_TYPES)("%s has features, specifications and reasons", (type) => {
    const c = productContent(type, DEFAULT_BUSINESS);
    expect(c.features.length).toBeGreaterThanOrEqual(3);
    expect(c.specifications.length).toBeGreaterThanOrEqual(3);
    expect(c.whyChoose.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ["vinyl", "5-Year Limited Warranty"],
    ["standard-shutters", "25-Year Limited Warranty plus 2-year in-house warranty"],
    ["bypass-shutters", "25-Year Limited Warranty plus 2-year in-house warranty"],
    ["fabric", "Premium Warranty: 2 years on materials and workmanship"],
    ["aluminum", "Premium Warranty: 2 years on materials and workmanship"],
  ])("%s warranty line: %s", (type, line) => {
    expect(warrantyLine(type, DEFAULT_BUSINESS)).toBe(line);
  });

  it("takes the years from the business facts", () => {
    const facts = {
      ...DEFAULT_BUSINESS,
      warranty: { ...DEFAULT_BUSINESS.warranty, vinylYears: 7, installationLabourYears: 3 },
    };
    expect(warrantyLine("vinyl", facts)).toBe("7-Year Limited Warranty");
    expect(productContent("vinyl", facts).whyChoose).toContain(
      "3-year warranty on our installation labor",
    );
  });
});
