import { describe, expect, it } from "vitest";
import {
  commissionCents,
  type OrderCosts,
  orderMargin,
  percentToBasisPoints,
  productCostCents,
  sumMargins,
  visitLaborCents,
  visitMinutes,
} from "./margin";

const T0 = "2026-11-10T14:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

describe("visit time", () => {
  it.each([
    ["on my way to done", { onMyWayAt: T0, arrivedAt: at(20), doneAt: at(150) }, 150],
    ["arrival when no on my way", { onMyWayAt: null, arrivedAt: at(20), doneAt: at(150) }, 130],
    ["no end", { onMyWayAt: T0, arrivedAt: at(20), doneAt: null }, 0],
    ["no start", { onMyWayAt: null, arrivedAt: null, doneAt: at(150) }, 0],
    ["end before start", { onMyWayAt: at(30), arrivedAt: null, doneAt: T0 }, 0],
    ["half a minute rounds up", { onMyWayAt: T0, arrivedAt: null, doneAt: at(10.5) }, 11],
  ])("%s → %i minutes", (_name, visit, minutes) => {
    expect(visitMinutes(visit)).toBe(minutes);
  });

  it.each([
    [150, 3_000, 7_500],
    [45, 2_750, 2_063],
    [1, 1_999, 33],
    [0, 5_000, 0],
  ])("%i minutes at %i cents an hour → %i cents", (minutes, hourlyCostCents, cents) => {
    expect(
      visitLaborCents({ onMyWayAt: T0, arrivedAt: null, doneAt: at(minutes), hourlyCostCents }),
    ).toBe(cents);
  });
});

describe("product cost", () => {
  it.each([
    ["one line × 2", [{ unitCostCents: 4_150, quantity: 2, isRemake: false }], 8_300, 0],
    [
      "a line without cost counts 0 and is counted",
      [
        { unitCostCents: 4_150, quantity: 1, isRemake: false },
        { unitCostCents: null, quantity: 1, isRemake: false },
      ],
      4_150,
      1,
    ],
    [
      "a remake paid by the store adds its cost",
      [
        { unitCostCents: 4_150, quantity: 1, isRemake: false },
        { unitCostCents: 4_150, quantity: 1, isRemake: true, remakePaidBy: "store" as const },
      ],
      8_300,
      0,
    ],
    [
      "a remake paid by the supplier does not",
      [
        { unitCostCents: 4_150, quantity: 1, isRemake: false },
        { unitCostCents: 4_150, quantity: 1, isRemake: true, remakePaidBy: "supplier" as const },
      ],
      4_150,
      0,
    ],
  ])("%s", (_name, lines, cents, linesWithoutCost) => {
    expect(productCostCents(lines)).toEqual({ cents, linesWithoutCost });
  });
});

describe("commission", () => {
  const base = {
    revenueCents: 43_000,
    commissionBasisPoints: 500,
    paidInFull: true,
    cancelUntil: "2026-11-01",
    today: "2026-11-10",
  };
  it.each([
    ["paid in full, right to cancel passed", {}, 2_150],
    ["no right to cancel", { cancelUntil: null }, 2_150],
    ["not paid in full", { paidInFull: false }, 0],
    ["the last day to cancel is today", { cancelUntil: "2026-11-10" }, 0],
    ["2.5 % rounds half up", { commissionBasisPoints: 250, revenueCents: 12_345 }, 309],
    ["no quote builder", { commissionBasisPoints: 0 }, 0],
  ])("%s", (_name, change, cents) => {
    expect(commissionCents({ ...base, ...change })).toBe(cents);
  });

  it.each([
    [5, 500],
    [2.5, 250],
    [12.25, 1_225],
    [0, 0],
  ])("%d %% → %i basis points", (percent, bp) => {
    expect(percentToBasisPoints(percent)).toBe(bp);
  });
});

describe("order margin", () => {
  const order: OrderCosts = {
    totalCents: 45_795,
    taxCents: 2_795,
    paidCents: 45_795,
    cancelUntil: null,
    lines: [
      { unitCostCents: 6_800, quantity: 1, isRemake: false },
      { unitCostCents: 12_500, quantity: 1, isRemake: false },
    ],
    visits: [{ onMyWayAt: T0, arrivedAt: at(15), doneAt: at(150), hourlyCostCents: 3_000 }],
    commissionBasisPoints: 500,
    today: "2026-11-10",
  };
  it.each([
    [
      "the done-means case: two POs, 2.5 h at $30, 5 %",
      {},
      {
        revenueCents: 43_000,
        productCostCents: 19_300,
        laborCents: 7_500,
        commissionCents: 2_150,
        marginCents: 14_050,
      },
    ],
    [
      "unpaid: no commission yet",
      { paidCents: 10_000 },
      {
        revenueCents: 43_000,
        productCostCents: 19_300,
        laborCents: 7_500,
        commissionCents: 0,
        marginCents: 16_200,
      },
    ],
    [
      "no costs known: the margin is the revenue",
      { lines: [], visits: [], commissionBasisPoints: 0 },
      {
        revenueCents: 43_000,
        productCostCents: 0,
        laborCents: 0,
        commissionCents: 0,
        marginCents: 43_000,
      },
    ],
    [
      "a loss is negative",
      { lines: [{ unitCostCents: 50_000, quantity: 1, isRemake: false }] },
      {
        revenueCents: 43_000,
        productCostCents: 50_000,
        laborCents: 7_500,
        commissionCents: 2_150,
        marginCents: -16_650,
      },
    ],
  ])("%s", (_name, change, expected) => {
    expect(orderMargin({ ...order, ...change })).toMatchObject(expected);
  });

  it("the totals are the rows' sums", () => {
    const a = orderMargin(order);
    const b = orderMargin({ ...order, paidCents: 0 });
    expect(sumMargins([a, b])).toEqual({
      revenueCents: 86_000,
      productCostCents: 38_600,
      laborCents: 15_000,
      commissionCents: 2_150,
      marginCents: 30_250,
    });
  });
});
