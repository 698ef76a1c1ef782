import { describe, expect, it } from "vitest";
import {
  amountToCents,
  applyBasisPoints,
  centsToAmount,
  centsToDecimalString,
  formatMoney,
  roundCents,
} from "./money";

describe("money", () => {
  it.each([
    [0.5, 1],
    [1.4999, 1],
    [2.5, 3],
    [100.49999999999999, 101], // 1.005 * 100 in binary: still half up
    [-2.5, -3],
  ])("roundCents(%d) = %d", (value, cents) => {
    expect(roundCents(value)).toBe(cents);
  });

  it.each([
    [12345, 123.45, "123.45", "$123.45"],
    [5, 0.05, "0.05", "$0.05"],
    [100_000, 1000, "1000.00", "$1,000.00"],
  ])("%d cents → %d / %s / %s", (cents, amount, text, money) => {
    expect(centsToAmount(cents)).toBe(amount);
    expect(centsToDecimalString(cents)).toBe(text);
    expect(formatMoney(cents)).toBe(money);
  });

  it("formatMoney writes exactly Intl's en-US USD text (decision 446)", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const values: number[] = [0, -0, 0.5, -0.5, 12.5, 1e15 - 1, 1 - 1e15, 1e15, -1e15, 1e16];
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53);
    for (let cents = -100_000; cents <= 100_000; cents++) values.push(cents);
    // Every magnitude up to 15 digits, with a fixed sequence (a linear congruential generator).
    let seed = 446;
    for (let i = 0; i < 30_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const digits = 1 + (i % 15);
      const cents = Math.floor((seed / 2 ** 31) * 10 ** digits);
      values.push(cents, -cents, cents + 0.25);
    }
    const differing = values.filter((cents) => formatMoney(cents) !== intl.format(cents / 100));
    expect(differing).toEqual([]);
  });

  it.each([
    ["123.45", 12345],
    [1.005, 101],
    [0.1 + 0.2, 30],
    ["abc", Number.NaN],
  ])("amountToCents(%j) = %d", (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it("applies basis points half up", () => {
    expect(applyBasisPoints(10_000, 750)).toBe(750);
    expect(applyBasisPoints(1_01, 750)).toBe(8); // 7.575 → 8
    expect(applyBasisPoints(33_33, 1000)).toBe(3_33);
  });
});
