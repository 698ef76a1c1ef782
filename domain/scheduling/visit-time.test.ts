import { describe, expect, it } from "vitest";
import {
  addDays,
  formatStoreDateTime,
  formatTimeWindow,
  formatVisitWindow,
  isIsoDate,
  isOnMyWayDay,
  startOfWeek,
  storeMonthBounds,
  storeTimeToUtc,
  storeToday,
  timesOverlap,
} from "./visit-time";

describe("visit times in words", () => {
  it.each([
    [{ date: "2026-12-01", start: "09:00", end: "11:00" }, "Tuesday, December 1, 9–11 AM"],
    [{ date: "2026-12-02", start: "09:30", end: "11:00" }, "Wednesday, December 2, 9:30–11 AM"],
    [{ date: "2026-12-02", start: "11:00", end: "13:00" }, "Wednesday, December 2, 11 AM–1 PM"],
    [{ date: "2026-12-05", start: "12:00", end: "14:15" }, "Saturday, December 5, 12–2:15 PM"],
  ])("%o → %s", (visit, words) => {
    expect(formatVisitWindow(visit)).toBe(words);
  });

  it("puts the meridiem once when both ends share it", () => {
    expect(formatTimeWindow("00:00", "01:00")).toBe("12–1 AM");
    expect(formatTimeWindow("15:00", "17:30")).toBe("3–5:30 PM");
  });
});

describe("instants in store time", () => {
  it.each([
    ["2026-12-01T19:57:05.337Z", "December 1, 2026, 2:57 PM EST"],
    ["2026-07-04T13:05:00.000Z", "July 4, 2026, 9:05 AM EDT"],
    ["2026-01-01T04:30:00.000Z", "December 31, 2025, 11:30 PM EST"],
  ])("%s → %s", (instant, words) => {
    expect(formatStoreDateTime(instant)).toBe(words);
  });
});

describe("calendar arithmetic", () => {
  it("checks real dates", () => {
    expect(isIsoDate("2026-12-02")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
  });

  it("finds the Monday of a week and adds days across months", () => {
    expect(startOfWeek("2026-12-02")).toBe("2026-11-30");
    expect(startOfWeek("2026-11-30")).toBe("2026-11-30");
    expect(startOfWeek("2026-12-06")).toBe("2026-11-30");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
  });

  it("turns store time into UTC across daylight saving time", () => {
    expect(storeTimeToUtc("2026-12-02", "09:00").toISOString()).toBe("2026-12-02T14:00:00.000Z");
    expect(storeTimeToUtc("2026-07-02", "09:00").toISOString()).toBe("2026-07-02T13:00:00.000Z");
    expect(storeToday(new Date("2026-12-02T03:00:00Z"))).toBe("2026-12-01");
  });

  it.each([
    ["2026-11", "2026-11-01T04:00:00.000Z", "2026-12-01T05:00:00.000Z"],
    ["2026-12", "2026-12-01T05:00:00.000Z", "2027-01-01T05:00:00.000Z"],
    ["2026-03", "2026-03-01T05:00:00.000Z", "2026-04-01T04:00:00.000Z"],
  ])("takes the store's month %s from %s to %s", (month, from, to) => {
    expect(storeMonthBounds(month)).toEqual({ from, to });
  });

  it("flags overlapping windows but not touching ones", () => {
    expect(timesOverlap({ start: "09:00", end: "11:00" }, { start: "10:30", end: "12:00" })).toBe(
      true,
    );
    expect(timesOverlap({ start: "09:00", end: "11:00" }, { start: "11:00", end: "12:00" })).toBe(
      false,
    );
  });
});

describe("isOnMyWayDay", () => {
  // 23:30 on December 5 store time is 04:30 UTC on December 6.
  it.each([
    ["2026-12-05", "2026-12-06T04:30:00.000Z", true],
    ["2026-12-06", "2026-12-06T04:30:00.000Z", false],
    ["2026-12-05", "2026-12-06T05:00:00.000Z", false],
    ["2026-12-04", "2026-12-05T12:00:00.000Z", false],
  ])("a visit on %s at %s: %s", (date, at, expected) => {
    expect(isOnMyWayDay(date, new Date(at))).toBe(expected);
  });
});
