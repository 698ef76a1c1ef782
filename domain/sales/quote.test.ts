import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { calculateCartTotals } from "../storefront/cart-totals";
import { calculateQuoteTotals, depositCents, isQuoteExpired, type QuoteLine } from "./quote";

const RULES = DEFAULT_BUSINESS;

describe("quote totals", () => {
  // [name, lines, discount %, chosen optional ids, subtotal, multiple-blind, extra, shipping]
  const TABLE: [string, QuoteLine[], number, number[], number, number, number, number][] = [
    [
      "no extra discount: the cart's numbers",
      [{ id: 1, unitPriceCents: 100_00, quantity: 1, optional: false }],
      0,
      [],
      100_00,
      0,
      0,
      25_00,
    ],
    [
      "10 % extra after the 10 % multiple-blind discount",
      [{ id: 1, unitPriceCents: 300_00, quantity: 2, optional: false }],
      10,
      [],
      600_00,
      60_00,
      54_00, // 10 % of 540.00
      0,
    ],
    [
      "an optional item is not counted until ticked",
      [
        { id: 1, unitPriceCents: 150_00, quantity: 1, optional: false },
        { id: 2, unitPriceCents: 99_99, quantity: 1, optional: true },
      ],
      15,
      [],
      150_00,
      0,
      22_50,
      25_00,
    ],
    [
      "ticked, it counts, earns the multiple-blind discount, and free shipping follows both",
      [
        { id: 1, unitPriceCents: 150_00, quantity: 1, optional: false },
        { id: 2, unitPriceCents: 99_99, quantity: 1, optional: true },
      ],
      15,
      [2],
      249_99,
      25_00, // 10 % of 249.99 = 24.999 → 25.00
      33_75, // 15 % of 224.99 = 33.7485 → 33.75
      25_00, // 191.24 after both discounts: under 200, shipping is paid
    ],
    [
      "half-cent extra discount rounds half up",
      [{ id: 1, unitPriceCents: 333_33, quantity: 1, optional: false }],
      15,
      [],
      333_33,
      0,
      50_00, // 49.9995 → 50.00
      0,
    ],
  ];
  it.each(TABLE)("%s", (_n, lines, discount, chosen, subtotal, multiple, extra, shipping) => {
    const t = calculateQuoteTotals(
      lines,
      { discountPercent: discount, depositPercent: 50 },
      RULES,
      chosen,
    );
    expect({
      subtotal: t.subtotalCents,
      multiple: t.discountCents,
      extra: t.extraDiscountCents,
      shipping: t.shippingCents,
    }).toEqual({ subtotal, multiple, extra, shipping });
    expect(t.discountedSubtotalCents).toBe(subtotal - multiple - extra);
    expect(t.totalCents).toBe(t.discountedSubtotalCents + t.shippingCents + t.taxCents);
    expect(t.depositCents).toBe(depositCents(t.totalCents, 50));
  });

  it("a cart is unchanged by the new parameter", () => {
    const lines = [{ unitPriceCents: 54_00, quantity: 2 }];
    expect(calculateCartTotals(lines, RULES, {})).toEqual(calculateCartTotals(lines, RULES));
    expect(calculateCartTotals(lines, RULES).extraDiscountCents).toBe(0);
  });
});

describe("deposit", () => {
  it.each([
    [1000_01, 50, 500_01], // 500.005 → 500.01 (half up)
    [1000_00, 50, 500_00],
    [999_99, 33, 330_00], // 329.9967 → 330.00
    [1234_56, 0, 0],
    [1234_56, 100, 1234_56],
  ])("%i cents at %i %% → %i", (total, pct, expected) => {
    expect(depositCents(total, pct)).toBe(expected);
  });
});

describe("expiry", () => {
  it("holds through the end of validUntil", () => {
    expect(isQuoteExpired("2026-12-01", "2026-12-01")).toBe(false);
    expect(isQuoteExpired("2026-12-01", "2026-12-02")).toBe(true);
  });
});
