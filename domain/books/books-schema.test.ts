import { describe, expect, it } from "vitest";
import {
  monthOf,
  previousMonth,
  previousQuarter,
  quarterOf,
  reportPeriodSchema,
  weeksOf,
} from "./books-schema";

describe("report periods", () => {
  it.each([
    ["2026-11-25", monthOf, { from: "2026-11-01", to: "2026-11-30" }],
    ["2026-02-10", monthOf, { from: "2026-02-01", to: "2026-02-28" }],
    ["2026-01-05", previousMonth, { from: "2025-12-01", to: "2025-12-31" }],
    ["2026-11-25", quarterOf, { from: "2026-10-01", to: "2026-12-31" }],
    ["2026-05-31", quarterOf, { from: "2026-04-01", to: "2026-06-30" }],
    ["2026-02-01", previousQuarter, { from: "2025-10-01", to: "2025-12-31" }],
  ] as const)("%s → %o", (date, fn, expected) => {
    expect(fn(date)).toEqual(expected);
  });

  it("lists the Mondays of the weeks a month overlaps", () => {
    expect(weeksOf({ from: "2026-11-01", to: "2026-11-30" })).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
  });

  it.each([
    [{ from: "2026-11-01", to: "2026-11-30" }, true],
    [{ from: "2026-11-30", to: "2026-11-01" }, false],
    [{ from: "2026-11-01", to: "2028-01-01" }, false],
    [{ from: "2026-13-01", to: "2026-11-30" }, false],
    [{ from: "yesterday", to: "2026-11-30" }, false],
  ])("checks %o", (period, ok) => {
    expect(reportPeriodSchema.safeParse(period).success).toBe(ok);
  });
});
