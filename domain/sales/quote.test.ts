import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { calculateCartTotals } from "../storefront/cart-totals";
import {
  calculateQuoteTotals,
  choiceProblem,
  depositCents,
  isQuoteExpired,
  type QuoteChoice,
  type QuoteLine,
  tierLabel,
} from "./quote";

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

describe("good, better, best", () => {
  const WINDOW: QuoteLine = {
    id: 1,
    unitPriceCents: 100_00,
    quantity: 1,
    optional: false,
    alternatives: [
      { id: 11, unitPriceCents: 180_00, quantity: 1 },
      { id: 12, unitPriceCents: 260_00, quantity: 2 },
    ],
  };
  const EXTRA: QuoteLine = {
    id: 2,
    unitPriceCents: 50_00,
    quantity: 1,
    optional: true,
    alternatives: [{ id: 21, unitPriceCents: 75_00, quantity: 1 }],
  };
  // [name, optional ticked, choices, subtotal, multiple-blind, total]
  const TABLE: [string, number[], QuoteChoice[], number, number, number][] = [
    ["the item counts until another is chosen", [], [], 100_00, 0, 131_50],
    // 180.00 + 25.00 shipping, 6.5 % of 180.00 = 11.70
    ["the middle tier", [], [{ itemId: 1, alternativeId: 11 }], 180_00, 0, 216_70],
    // 2 × 260.00 = 520.00, 10 % off = 468.00, free shipping, tax 30.42
    [
      "the best tier, with its own quantity",
      [],
      [{ itemId: 1, alternativeId: 12 }],
      520_00,
      52_00,
      498_42,
    ],
    // a choice for an optional item not ticked changes nothing
    [
      "choices and optional ticks are independent",
      [],
      [{ itemId: 2, alternativeId: 21 }],
      100_00,
      0,
      131_50,
    ],
    // 100 + 75 = 175.00, 10 % off = 157.50 + 25.00 shipping, tax 10.24
    ["ticked and chosen", [2], [{ itemId: 2, alternativeId: 21 }], 175_00, 17_50, 192_74],
  ];
  it.each(TABLE)("%s", (_n, ticked, choices, subtotal, multiple, total) => {
    const t = calculateQuoteTotals(
      [WINDOW, EXTRA],
      { discountPercent: 0, depositPercent: 50 },
      RULES,
      ticked,
      choices,
    );
    expect({ subtotal: t.subtotalCents, multiple: t.discountCents, total: t.totalCents }).toEqual({
      subtotal,
      multiple,
      total,
    });
    expect(t.depositCents).toBe(depositCents(total, 50));
  });

  it.each([
    [[{ itemId: 1, alternativeId: 11 }], null],
    [[{ itemId: 3, alternativeId: 11 }], "item 3 is not an item of this quote."],
    [[{ itemId: 1, alternativeId: 21 }], "21 is not an alternative offered for item 1."],
    [
      [
        { itemId: 1, alternativeId: 11 },
        { itemId: 1, alternativeId: 12 },
      ],
      "choose one alternative for item 1, once.",
    ],
  ] as [QuoteChoice[], string | null][])("choices %j → %s", (choices, problem) => {
    expect(choiceProblem([WINDOW, EXTRA], choices)).toBe(problem);
  });

  it.each([
    [1, 3, "Good"],
    [2, 3, "Better"],
    [3, 3, "Best"],
    [2, 2, "Better"],
    [4, 4, "Option 4"],
  ])("tier %i of %i is %s", (tier, tiers, label) => {
    expect(tierLabel(tier, tiers)).toBe(label);
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
