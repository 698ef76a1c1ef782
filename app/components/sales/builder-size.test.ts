import { describe, expect, it } from "vitest";
import { PRODUCT_WIDTH, TRACK_WIDTH } from "../../../domain/shared/dimensions";
import { readBuilderSize } from "./builder-size";

describe("readBuilderSize", () => {
  it.each([
    ["35 1/4", 0, { ok: true, whole: 35, fraction: 0.25 }],
    ["35-1/4", 0, { ok: true, whole: 35, fraction: 0.25 }],
    ["35.25", 0, { ok: true, whole: 35, fraction: 0.25 }],
    ['35 1/4"', 0, { ok: true, whole: 35, fraction: 0.25 }],
    ["35½", 0, { ok: true, whole: 35, fraction: 0.5 }],
    // Whole inches take the menu's eighths; a fraction typed in the text wins over the menu.
    ["36", 0.375, { ok: true, whole: 36, fraction: 0.375 }],
    ["36 1/2", 0.375, { ok: true, whole: 36, fraction: 0.5 }],
  ])("reads %j with the menu at %d", (text, menu, expected) => {
    expect(readBuilderSize(text, menu, PRODUCT_WIDTH, "Width")).toEqual(expected);
  });

  it.each([
    ["", /Enter the width/],
    ["363514", /type inches like 36/],
    ["3635", /Width must be from/],
    ["35.3", /1\/8 inch; try 35 1\/4" or 35 3\/8"/],
    ["35 5/4", /less than 1/],
    ["thirty", /type inches like 36/],
  ])("refuses %j with a message that says what to type", (text, message) => {
    const read = readBuilderSize(text, 0, PRODUCT_WIDTH, "Width");
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(message);
  });

  it("checks the range of the item's kind", () => {
    expect(readBuilderSize(String(TRACK_WIDTH.max), 0, TRACK_WIDTH, "Width").ok).toBe(true);
    expect(readBuilderSize(String(TRACK_WIDTH.max + 1), 0, TRACK_WIDTH, "Width").ok).toBe(false);
  });
});
