import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { type CartLine, calculateCartTotals, totalsToWire, wireTotalsMatch } from "./cart-totals";

const RULES = DEFAULT_BUSINESS;

// [description, lines (unit cents × qty), subtotal, discount, shipping, tax, total]
const TABLE: [string, CartLine[], number, number, number, number, number][] = [
  ["empty cart costs nothing", [], 0, 0, 0, 0, 0],
  [
    "one minimum-price vinyl blind: $25 shipping, no discount",
    [{ unitPriceCents: 39_00, quantity: 1 }],
    39_00,
    0,
    25_00,
    2_54, // 6.5 % of 39.00 = 2.535 → 2.54 (half up)
    66_54,
  ],
  [
    "quantity 2 of one row earns the 10 % discount",
    [{ unitPriceCents: 54_00, quantity: 2 }],
    108_00,
    10_80,
    25_00,
    6_32, // 6.5 % of 97.20 = 6.318 → 6.32
    128_52,
  ],
  [
    "two rows of one piece each earn the discount",
    [
      { unitPriceCents: 149_00, quantity: 1 },
      { unitPriceCents: 39_00, quantity: 1 },
    ],
    188_00,
    18_80,
    25_00,
    11_00, // 6.5 % of 169.20 = 10.998 → 11.00
    205_20,
  ],
  [
    "discounted subtotal of exactly 200.00 still pays shipping (free only above 200)",
    [{ unitPriceCents: 200_00, quantity: 1 }],
    200_00,
    0,
    25_00,
    13_00,
    238_00,
  ],
  [
    "200.01 ships free",
    [{ unitPriceCents: 200_01, quantity: 1 }],
    200_01,
    0,
    0,
    13_00, // 13.00065 → 13.00
    213_01,
  ],
  [
    "subtotal above 200 that the discount brings back under 200 pays shipping",
    [{ unitPriceCents: 110_00, quantity: 2 }],
    220_00,
    22_00,
    25_00,
    12_87,
    235_87,
  ],
  [
    "big mixed order: shutters, zebra, track",
    [
      { unitPriceCents: 312_00, quantity: 3 },
      { unitPriceCents: 186_67, quantity: 1 },
      { unitPriceCents: 192_00, quantity: 1 },
    ],
    1314_67,
    131_47, // 10 % of 1314.67 = 131.467 → 131.47
    0,
    76_91, // 6.5 % of 1183.20 = 76.908 → 76.91
    1260_11,
  ],
  [
    "half-cent discount rounds up",
    [
      { unitPriceCents: 100_05, quantity: 1 },
      { unitPriceCents: 0, quantity: 1 },
    ],
    100_05,
    10_01, // 10.005 → 10.01
    25_00,
    5_85, // 6.5 % of 90.04 = 5.8526 → 5.85
    120_89,
  ],
];

describe("calculateCartTotals (spec §9)", () => {
  it.each(TABLE)("%s", (_name, lines, subtotal, discount, shipping, tax, total) => {
    const t = calculateCartTotals(lines, RULES);
    expect({
      subtotal: t.subtotalCents,
      discount: t.discountCents,
      shipping: t.shippingCents,
      tax: t.taxCents,
      total: t.totalCents,
    }).toEqual({ subtotal, discount, shipping, tax, total });
    expect(t.discountedSubtotalCents).toBe(subtotal - discount);
    expect(t.totalCents).toBe(t.discountedSubtotalCents + t.shippingCents + t.taxCents);
  });

  it("counts rows as items and pieces as quantity", () => {
    const t = calculateCartTotals(
      [
        { unitPriceCents: 10_00, quantity: 3 },
        { unitPriceCents: 10_00, quantity: 1 },
      ],
      RULES,
    );
    expect(t.itemCount).toBe(2);
    expect(t.totalQuantity).toBe(4);
  });

  it("says how much more makes shipping free", () => {
    expect(
      calculateCartTotals([{ unitPriceCents: 150_00, quantity: 1 }], RULES)
        .freeShippingRemainingCents,
    ).toBe(50_01);
    expect(
      calculateCartTotals([{ unitPriceCents: 250_00, quantity: 1 }], RULES)
        .freeShippingRemainingCents,
    ).toBe(0);
  });

  it("follows a configured tax rate", () => {
    const t = calculateCartTotals([{ unitPriceCents: 100_00, quantity: 1 }], {
      ...RULES,
      salesTaxBasisPoints: 700,
    });
    expect(t.taxCents).toBe(7_00);
  });
});

describe("wire totals", () => {
  const totals = calculateCartTotals([{ unitPriceCents: 54_00, quantity: 2 }], RULES);

  it("are 2-decimal numbers", () => {
    expect(totalsToWire(totals)).toEqual({
      subtotal: 108,
      multipleBlindDiscount: 10.8,
      shipping: 25,
      tax: 6.32,
      total: 128.52,
    });
  });

  it("match the server's to the cent, numbers or strings, discount of either sign", () => {
    expect(wireTotalsMatch(totalsToWire(totals), totals)).toBe(true);
    expect(
      wireTotalsMatch(
        {
          subtotal: "108.00",
          multipleBlindDiscount: "-10.80",
          shipping: "25",
          tax: "6.32",
          total: "128.52",
        },
        totals,
      ),
    ).toBe(true);
  });

  it.each([
    ["subtotal", 107.99],
    ["multipleBlindDiscount", 0],
    ["shipping", 0],
    ["tax", 6.33],
    ["total", 1],
  ] as const)("differ when %s is %s", (field, value) => {
    expect(wireTotalsMatch({ ...totalsToWire(totals), [field]: value }, totals)).toBe(false);
  });
});
