import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { calculateCartTotals } from "../storefront/cart-totals";
import { calculateSalesTax, salesTaxLabel, type TaxedUnit } from "./sales-tax";

const LEE = { salesTaxBasisPoints: 650, surtaxBasisPoints: 50 };

// [what, lines (unit cents incl. installation × qty), expected tax, surtax part, surtaxable]
// through the cart rules: 10 % off when more than one piece, then the tax rule once.
const CART_TABLE: [string, TaxedUnit[], number, number, number][] = [
  [
    "one $39 blind: 6.5 % of 39.00 = 2.535 → 2.54 (half up, once)",
    [{ unitPriceCents: 39_00, quantity: 1 }],
    2_54,
    20, // 0.5 % of 39.00 = 0.195 → 0.20
    39_00,
  ],
  [
    "an item under $5,000 pays 6.5 % on all of it",
    [{ unitPriceCents: 4_999_99, quantity: 1 }],
    325_00, // 6.5 % of 4999.99 = 324.99935 → 325.00
    25_00, // 24.99995 → 25.00
    4_999_99,
  ],
  [
    "an item of exactly $5,000 still pays the surtax on all of it",
    [{ unitPriceCents: 5_000_00, quantity: 1 }],
    325_00,
    25_00,
    5_000_00,
  ],
  [
    "an item over $5,000: the surtax stops at $5,000",
    [{ unitPriceCents: 8_000_00, quantity: 1 }],
    505_00, // 6 % of 8000 = 480 + 0.5 % of 5000 = 25
    25_00,
    5_000_00,
  ],
  [
    "the multiple-blind discount comes off before the cap: 2 × $5,200 → $4,680 each, under it",
    [{ unitPriceCents: 5_200_00, quantity: 2 }],
    608_40, // 6.5 % of 9360
    46_80,
    9_360_00,
  ],
  [
    "several units over the cap each keep their own $5,000 (3 × $7,000, discounted to $6,300)",
    [{ unitPriceCents: 7_000_00, quantity: 3 }],
    1_209_00, // 6 % of 18900 = 1134 + 0.5 % of 3 × 5000 = 75
    75_00,
    15_000_00,
  ],
  [
    "a big item and small ones: only the big one is capped",
    [
      { unitPriceCents: 6_000_00, quantity: 1 }, // 5400 after 10 %: capped at 5000
      { unitPriceCents: 100_00, quantity: 3 }, // 90 each
    ],
    366_55, // 6 % of 5670 = 340.20 + 0.5 % of (5000 + 270) = 26.35 → 366.55
    26_35,
    5_270_00,
  ],
  [
    "installation is part of the item: a $4,900 shutter + $125 installation crosses $5,000",
    [{ unitPriceCents: 4_900_00 + 125_00, quantity: 1 }],
    326_50, // 6 % of 5025 = 301.50 + 0.5 % of 5000 = 25
    25_00,
    5_000_00,
  ],
  [
    "the discount is spread in proportion to price and never rounded per unit",
    [
      { unitPriceCents: 100_05, quantity: 1 },
      { unitPriceCents: 33_33, quantity: 2 },
    ],
    // subtotal 166.71, discount 16.67, discounted 150.04: 6.5 % = 9.7526 → 9.75
    9_75,
    75, // 0.5 % of 150.04 = 0.7502 → 0.75
    150_04,
  ],
];

describe("Florida sales tax through the cart (decision 230)", () => {
  it.each(CART_TABLE)("%s", (_what, lines, tax, surtax, surtaxable) => {
    const totals = calculateCartTotals(lines, DEFAULT_BUSINESS);
    expect(totals.taxCents).toBe(tax);
    expect(totals.taxDetail).toMatchObject({
      salesTaxBasisPoints: 650,
      surtaxBasisPoints: 50,
      surtaxCents: surtax,
      surtaxableCents: surtaxable,
    });
    expect(totals.totalCents).toBe(
      totals.discountedSubtotalCents + totals.shippingCents + totals.taxCents,
    );
  });
});

describe("calculateSalesTax", () => {
  it("is a flat rate when the surtax is 0 (how orders placed before it are re-taxed)", () => {
    const flat = { salesTaxBasisPoints: 750, surtaxBasisPoints: 0 };
    expect(
      calculateSalesTax([{ unitPriceCents: 8_000_00, quantity: 1 }], 8_000_00, 8_000_00, flat),
    ).toEqual({ taxCents: 600_00, surtaxCents: 0, surtaxableCents: 0 });
  });

  it("rounds once, not per part: state 0.06 × 0.25 + surtax 0.005 × 0.25", () => {
    // 6 % of 25¢ = 1.5¢ and 0.5 % of 25¢ = 0.125¢: 1.625¢ → 2¢ (rounded parts would give 2 + 0).
    expect(calculateSalesTax([{ unitPriceCents: 25, quantity: 1 }], 25, 25, LEE).taxCents).toBe(2);
  });

  it("taxes nothing on an empty or free cart", () => {
    expect(calculateSalesTax([], 0, 0, LEE)).toEqual({
      taxCents: 0,
      surtaxCents: 0,
      surtaxableCents: 0,
    });
  });

  it("stays exact on the largest carts (no floating-point drift)", () => {
    const lines = [{ unitPriceCents: 99_999_99, quantity: 999 }];
    const subtotal = 99_999_99 * 999;
    const t = calculateSalesTax(lines, subtotal, subtotal - 9_990_000_00, LEE);
    expect(Number.isSafeInteger(t.taxCents)).toBe(true);
    expect(t.surtaxableCents).toBe(999 * 5_000_00);
  });

  it("follows a configured rate (SALES_TAX_PERCENT 7, SURTAX_PERCENT 1)", () => {
    const t = calculateCartTotals([{ unitPriceCents: 10_000_00, quantity: 1 }], {
      ...DEFAULT_BUSINESS,
      salesTaxBasisPoints: 700,
      surtaxBasisPoints: 100,
    });
    expect(t.taxCents).toBe(650_00); // 6 % of 10000 + 1 % of 5000
  });
});

describe("salesTaxLabel", () => {
  it.each([
    [650, "Sales tax (6.5 %)"],
    [750, "Sales tax (7.5 %)"],
    [600, "Sales tax (6 %)"],
    [625, "Sales tax (6.25 %)"],
  ])("%i basis points → %s", (bp, label) => {
    expect(salesTaxLabel(bp)).toBe(label);
  });
});
