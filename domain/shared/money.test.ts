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

  it.each([
    [0, "$0.00"],
    [-0, "-$0.00"],
    [5, "$0.05"],
    [-5, "-$0.05"],
    [100, "$1.00"],
    [-12345, "-$123.45"],
    [123456789, "$1,234,567.89"],
    [0.5, "$0.01"],
    [999_999_999_999_999, "$9,999,999,999,999.99"],
  ])("formatMoney(%d) = %s (Intl's en-US USD text)", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
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
