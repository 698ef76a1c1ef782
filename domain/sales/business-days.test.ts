import { describe, expect, it } from "vitest";
import { addBusinessDays, isBusinessDay } from "./business-days";

describe("business days (Sundays and federal holidays excluded)", () => {
  // [accepted on, business days, last day of the right to cancel, why]
  const TABLE: [string, number, string, string][] = [
    ["2026-12-01", 3, "2026-12-04", "Tuesday: Wed, Thu, Fri"],
    ["2026-12-03", 3, "2026-12-07", "Thursday: Fri, Sat, (Sun skipped) Mon"],
    ["2026-12-05", 1, "2026-12-07", "Saturday: Sunday skipped"],
    ["2026-12-06", 3, "2026-12-09", "accepted on a Sunday: counting starts Monday"],
    ["2026-12-23", 3, "2026-12-28", "Christmas (Fri) and Sunday skipped: Thu, Sat, Mon"],
    ["2026-11-25", 3, "2026-11-30", "Thanksgiving (Thu) and Sunday skipped: Fri, Sat, Mon"],
    [
      "2026-07-02",
      3,
      "2026-07-08",
      "Independence Day observed Fri 3rd, the 4th, Sunday: Mon, Tue, Wed",
    ],
    ["2026-06-18", 1, "2026-06-20", "Juneteenth (Fri) skipped"],
    ["2026-12-31", 1, "2027-01-02", "New Year's Day skipped, across the year"],
    ["2027-01-16", 3, "2027-01-21", "MLK Day (Mon 18th) and Sunday skipped"],
    ["2026-12-01", 0, "2026-12-01", "0 turns the right off: the day itself"],
  ];
  it.each(TABLE)("%s + %i → %s (%s)", async (from, days, expected) => {
    expect(await addBusinessDays(from, days)).toBe(expected);
  });

  it("counts Saturdays but not Sundays or federal holidays", async () => {
    expect(await isBusinessDay("2026-12-05")).toBe(true);
    expect(await isBusinessDay("2026-12-06")).toBe(false);
    expect(await isBusinessDay("2026-11-26")).toBe(false);
    expect(await isBusinessDay("2026-11-27")).toBe(true); // the day after Thanksgiving is not federal
    expect(await isBusinessDay("2026-12-24")).toBe(true); // Christmas Eve is not federal
  });
});
