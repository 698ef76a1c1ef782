import { describe, expect, it } from "vitest";
import { initials, reviewInputSchema, reviewProductLabel } from "./review-schema";

const valid = {
  customerName: "Maria Lopez",
  customerEmail: "maria@example.com",
  customerLocation: "Cape Coral",
  productType: "vinyl",
  rating: 4,
  reviewText: "Measured, made and installed in two weeks.",
};

describe("reviewInputSchema", () => {
  it("accepts a full review and trims it", () => {
    const out = reviewInputSchema.parse({ ...valid, customerName: "  Maria Lopez " });
    expect(out).toEqual({
      ...valid,
      customerName: "Maria Lopez",
      website: undefined,
      reviewToken: null,
    });
  });

  it("defaults the rating to 5 and empties optional fields to null", () => {
    const out = reviewInputSchema.parse({
      customerName: "Al",
      customerEmail: "al@example.com",
      customerLocation: "",
      productType: "",
      reviewText: "Ten chars!",
    });
    expect(out.rating).toBe(5);
    expect(out.customerLocation).toBeNull();
    expect(out.productType).toBeNull();
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["name too short", { customerName: "A" }, "customerName"],
    ["name too long", { customerName: "x".repeat(81) }, "customerName"],
    ["name missing", { customerName: undefined }, "customerName"],
    ["email invalid", { customerEmail: "not-an-email" }, "customerEmail"],
    ["email missing", { customerEmail: "" }, "customerEmail"],
    ["location too long", { customerLocation: "x".repeat(81) }, "customerLocation"],
    ["unknown product", { productType: "zebra-shades" }, "productType"],
    ["rating 0", { rating: 0 }, "rating"],
    ["rating 6", { rating: 6 }, "rating"],
    ["rating 4.5", { rating: 4.5 }, "rating"],
    ["rating as text", { rating: "5" }, "rating"],
    ["text too short", { reviewText: "Too short" }, "reviewText"],
    ["text too long", { reviewText: "x".repeat(2001) }, "reviewText"],
    ["text blank", { reviewText: "            " }, "reviewText"],
  ];
  it.each(bad)("rejects %s", (_label, change, field) => {
    const result = reviewInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("review display helpers", () => {
  it.each([
    ["Maria Lopez", "ML"],
    ["maria", "M"],
    ["  Jean-Luc  de Winter  ", "JD"],
    ["Émile Zola", "ÉZ"],
  ])("initials(%s) = %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("names the three review product options", () => {
    expect(reviewProductLabel("standard-shutters")).toBe("Standard Plantation Shutters");
    expect(reviewProductLabel(null)).toBeNull();
    expect(reviewProductLabel("other")).toBeNull();
  });
});
