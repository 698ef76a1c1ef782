import { describe, expect, it } from "vitest";
import { PRODUCT_SEEDS, SERVICE_SEEDS } from "./catalog";
import { formatFromPrice, productFromCents, trackFromCents } from "./from-price";

describe("From $X (the product rules 'Prices before configuring')", () => {
  it.each([
    ["vinyl", "From $39"],
    ["standard-shutters", "From $149"],
    ["bypass-shutters", "From $399"],
    ["zebra-shades", "From $59"],
    ["fabric", "From $49"],
    ["aluminum", "From $29"],
  ])("%s → %s from the seeded catalog", (type, expected) => {
    const p = PRODUCT_SEEDS.find((s) => s.type === type);
    if (!p) throw new Error(type);
    expect(formatFromPrice(productFromCents(p.type, p))).toBe(expected);
  });

  it("track replacement is 12 in × the rate per inch: From $24", () => {
    const track = SERVICE_SEEDS[0];
    if (!track) throw new Error("no track");
    expect(formatFromPrice(trackFromCents(track.priceCentsPerUnit))).toBe("From $24");
  });

  it("follows an edited rate: a high rate beats the minimum at the smallest size", () => {
    // 12 × 12 in = 1 sq ft × $60.00 > $39.00 minimum.
    expect(productFromCents("vinyl", { rateCentsPerSqFt: 60_00, minimumCents: 39_00 })).toBe(60_00);
    expect(trackFromCents(2_25)).toBe(27_00);
  });

  it.each([
    [3900, "From $39"],
    [3950, "From $39.50"],
    [123_400, "From $1,234"],
  ])("formats %i cents as %s", (cents, text) => {
    expect(formatFromPrice(cents)).toBe(text);
  });
});
