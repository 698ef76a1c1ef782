import { describe, expect, it } from "vitest";
import { PRODUCT_WIDTH, ZEBRA_WIDTH } from "./dimensions";
import { combineSize, parseSizeInput } from "./size-input";

describe("parseSizeInput", () => {
  const accepted: [string, number][] = [
    ["36", 36],
    [" 36 ", 36],
    ["36.5", 36.5],
    ["36.50", 36.5],
    ["36.125", 36.125],
    ["36.875", 36.875],
    ["36 1/2", 36.5],
    ["36-1/2", 36.5],
    ["36 - 1/2", 36.5],
    ["36+1/2", 36.5],
    ["36  3/8", 36.375],
    ["36 2/8", 36.25],
    ["36 4/8", 36.5],
    ["71 7/8", 71.875],
    ["36½", 36.5],
    ["36 ¾", 36.75],
    ['36 1/2"', 36.5],
    ["36in", 36],
    ["36 inches", 36],
    ["12", 12],
    ["192", 192],
    ["192 7/8", 192.875],
  ];
  it.each(accepted)("reads %j as %d inches", (text, inches) => {
    const r = parseSizeInput(text, PRODUCT_WIDTH, "Width");
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.inches).toBe(inches);
      expect(r.eighths).toBe(inches * 8);
    }
  });

  const refused: [string, string, RegExp][] = [
    ["", "empty", /Enter the width \(12 to 192 inches\)/],
    ["   ", "empty", /Enter the width/],
    ["abc", "format", /type inches like 36, 36.5 or 36 1\/2/],
    ["36,5", "format", /type inches/],
    ["-36", "format", /type inches/],
    ["36 1/2 1/2", "format", /type inches/],
    ["36 3/2", "format", /less than 1/],
    ["36 1/0", "format", /less than 1/],
    ["36.3", "eighth", /try 36 1\/4" or 36 3\/8"/],
    ["36.99", "eighth", /try 36 7\/8" or 37"/],
    ["36 1/3", "eighth", /1\/8 inch/],
    ["11 7/8", "range", /from 12 to 192 inches; 11 7\/8" is outside it/],
    ["250", "range", /250" is outside it/],
    ["193", "range", /outside/],
    ["0", "range", /outside/],
  ];
  it.each(refused)("refuses %j (%s)", (text, problem, message) => {
    const r = parseSizeInput(text, PRODUCT_WIDTH, "Width");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem).toBe(problem);
      expect(r.message).toMatch(message);
    }
  });

  it("uses the range it is given", () => {
    expect(parseSizeInput("100", ZEBRA_WIDTH).ok).toBe(false);
    expect(parseSizeInput("96", ZEBRA_WIDTH).ok).toBe(true);
  });
});

describe("combineSize", () => {
  const cases: [string, number, number | null][] = [
    ["36", 0, 36],
    ["36", 0.5, 36.5],
    ["36", 0.875, 36.875],
    ["36 1/4", 0.5, 36.25],
    ["36.5", 0.125, 36.5],
    ["36", 0.3, null],
    ["x", 0.5, null],
  ];
  it.each(cases)("%j with the menu at %d → %j", (text, fraction, inches) => {
    const r = combineSize(text, fraction, PRODUCT_WIDTH);
    expect(r.ok ? r.inches : null).toBe(inches);
  });
});
