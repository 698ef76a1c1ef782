import { describe, expect, it } from "vitest";
import { isBusinessDay } from "../sales/business-days";
import {
  type BusyTime,
  bookingRange,
  customerChangeWindow,
  freeWindows,
  type InstallerAvailability,
  nextBusinessDay,
  windowsOfDay,
} from "./booking-windows";
import { storeLocal, storeTimeToUtc } from "./visit-time";

const WEEKDAYS_8_TO_12: InstallerAvailability["weekly"] = {
  mon: [{ start: "08:00", end: "12:00" }],
  tue: [{ start: "08:00", end: "12:00" }],
  wed: [{ start: "08:00", end: "12:00" }],
  thu: [{ start: "08:00", end: "12:00" }],
  fri: [{ start: "08:00", end: "12:00" }],
};

function installer(staffId: number, more: Partial<InstallerAvailability> = {}) {
  return { staffId, weekly: WEEKDAYS_8_TO_12, timeOff: [], ...more };
}

/** "date start-end [staff ids]" lines: easy to read in a table. */
async function lines(input: Parameters<typeof freeWindows>[0]): Promise<string[]> {
  return (await freeWindows(input)).map(
    (w) => `${w.date} ${w.start}-${w.end} ${w.staffIds.join(",")}`,
  );
}

describe("windowsOfDay", () => {
  it.each([
    [[{ start: "08:00", end: "12:00" }], ["08:00-10:00", "10:00-12:00"]],
    [[{ start: "08:00", end: "11:00" }], ["08:00-10:00"]],
    [[{ start: "08:30", end: "12:30" }], ["08:30-10:30", "10:30-12:30"]],
    [[{ start: "09:00", end: "10:00" }], []],
    [
      [
        { start: "08:00", end: "10:00" },
        { start: "13:00", end: "17:00" },
      ],
      ["08:00-10:00", "13:00-15:00", "15:00-17:00"],
    ],
  ])("%j → %j", (ranges, expected) => {
    expect(windowsOfDay(ranges).map((w) => `${w.start}-${w.end}`)).toEqual(expected);
  });
});

describe("business days", () => {
  it.each([
    // Wednesday before Thanksgiving 2026 → Friday (Thursday is a federal holiday).
    ["2026-11-25", "2026-11-27"],
    // Saturday → Monday (no Sunday).
    ["2026-12-05", "2026-12-07"],
    // Friday → Saturday (the store opens on Saturdays).
    ["2026-12-04", "2026-12-05"],
    // Thursday 2026-07-02 → Monday 07-06: Friday 3rd is the observed Independence Day, the 4th
    // (Saturday) the day itself, then Sunday.
    ["2026-07-02", "2026-07-06"],
    // Christmas Eve 2026 (Thursday) → Saturday 26th.
    ["2026-12-24", "2026-12-26"],
  ])("the next business day after %s is %s", async (today, expected) => {
    expect(await nextBusinessDay(today)).toBe(expected);
  });

  it.each([
    ["2027-01-01", false],
    ["2027-01-18", false],
    ["2026-12-06", false],
    ["2026-12-07", true],
    ["2026-11-11", false],
  ])("%s is a business day: %s", async (date, expected) => {
    expect(await isBusinessDay(date)).toBe(expected);
  });

  it("the horizon runs from the next business day through today + horizon, both included", async () => {
    expect(await bookingRange("2026-12-01", 21)).toEqual({ from: "2026-12-02", to: "2026-12-22" });
  });
});

describe("freeWindows", () => {
  const monday = "2026-12-07";
  const cases: {
    name: string;
    today: string;
    horizonDays: number;
    installers: InstallerAvailability[];
    busy?: BusyTime[];
    expected: string[];
  }[] = [
    {
      name: "one installer, two windows a day, from tomorrow",
      today: "2026-12-06",
      horizonDays: 2,
      installers: [installer(1)],
      expected: [
        "2026-12-07 08:00-10:00 1",
        "2026-12-07 10:00-12:00 1",
        "2026-12-08 08:00-10:00 1",
        "2026-12-08 10:00-12:00 1",
      ],
    },
    {
      name: "a visit overlapping part of a window takes the whole window; touching ends do not",
      today: "2026-12-06",
      horizonDays: 1,
      installers: [installer(1)],
      busy: [{ staffId: 1, date: monday, start: "10:00", end: "10:30" }],
      expected: ["2026-12-07 08:00-10:00 1"],
    },
    {
      name: "a visit across two windows takes both",
      today: "2026-12-06",
      horizonDays: 1,
      installers: [installer(1)],
      busy: [{ staffId: 1, date: monday, start: "09:00", end: "11:00" }],
      expected: [],
    },
    {
      name: "a window is free while one installer can take it",
      today: "2026-12-06",
      horizonDays: 1,
      installers: [installer(2), installer(1)],
      busy: [{ staffId: 1, date: monday, start: "08:00", end: "10:00" }],
      expected: ["2026-12-07 08:00-10:00 2", "2026-12-07 10:00-12:00 1,2"],
    },
    {
      name: "another installer's visit does not take mine",
      today: "2026-12-06",
      horizonDays: 1,
      installers: [installer(1)],
      busy: [{ staffId: 9, date: monday, start: "08:00", end: "12:00" }],
      expected: ["2026-12-07 08:00-10:00 1", "2026-12-07 10:00-12:00 1"],
    },
    {
      name: "days off, both dates included",
      today: "2026-12-04",
      horizonDays: 5,
      installers: [installer(1, { timeOff: [{ from: "2026-12-07", to: "2026-12-08" }] })],
      expected: ["2026-12-09 08:00-10:00 1", "2026-12-09 10:00-12:00 1"],
    },
    {
      name: "Saturday hours count, Sunday hours never do",
      today: "2026-12-04",
      horizonDays: 2,
      installers: [
        installer(1, {
          weekly: {
            sat: [{ start: "09:00", end: "13:00" }],
            sun: [{ start: "09:00", end: "13:00" }],
          },
        }),
      ],
      expected: ["2026-12-05 09:00-11:00 1", "2026-12-05 11:00-13:00 1"],
    },
    {
      name: "no windows on Thanksgiving, nor the day it is asked",
      today: "2026-11-25",
      horizonDays: 2,
      installers: [installer(1)],
      expected: ["2026-11-27 08:00-10:00 1", "2026-11-27 10:00-12:00 1"],
    },
    {
      name: "the last day of the horizon is offered",
      today: "2026-12-01",
      horizonDays: 6,
      installers: [installer(1, { weekly: { mon: [{ start: "08:00", end: "10:00" }] } })],
      expected: ["2026-12-07 08:00-10:00 1"],
    },
    {
      name: "the week the clocks go forward (Sunday 2026-03-08): the same wall-clock windows",
      today: "2026-03-06",
      horizonDays: 4,
      installers: [
        installer(1, {
          weekly: {
            fri: WEEKDAYS_8_TO_12.fri,
            mon: [{ start: "08:00", end: "10:00" }],
            tue: [{ start: "08:00", end: "10:00" }],
          },
        }),
      ],
      expected: ["2026-03-09 08:00-10:00 1", "2026-03-10 08:00-10:00 1"],
    },
    {
      name: "the week the clocks go back (Sunday 2026-11-01): the same wall-clock windows",
      today: "2026-10-30",
      horizonDays: 3,
      installers: [
        installer(1, {
          weekly: {
            sat: [{ start: "09:00", end: "11:00" }],
            mon: [{ start: "08:00", end: "10:00" }],
          },
        }),
      ],
      expected: ["2026-10-31 09:00-11:00 1", "2026-11-02 08:00-10:00 1"],
    },
  ];

  it.each(cases)("$name", async ({ today, horizonDays, installers, busy, expected }) => {
    expect(await lines({ today, horizonDays, installers, busy: busy ?? [] })).toEqual(expected);
  });
});

describe("store time across the clock changes", () => {
  it.each([
    // Before and after spring forward: 8:00 in New York is 13:00 then 12:00 UTC.
    ["2026-03-06", "08:00", "2026-03-06T13:00:00.000Z"],
    ["2026-03-09", "08:00", "2026-03-09T12:00:00.000Z"],
    ["2026-03-07", "18:00", "2026-03-07T23:00:00.000Z"],
    ["2026-03-08", "18:00", "2026-03-08T22:00:00.000Z"],
    // Before and after fall back.
    ["2026-10-31", "18:00", "2026-10-31T22:00:00.000Z"],
    ["2026-11-01", "18:00", "2026-11-01T23:00:00.000Z"],
    ["2026-11-02", "08:00", "2026-11-02T13:00:00.000Z"],
  ])("%s %s store time is %s", (date, time, iso) => {
    expect(storeTimeToUtc(date, time).toISOString()).toBe(iso);
    expect(storeLocal(new Date(iso))).toEqual({ date, time });
  });
});

describe("customerChangeWindow", () => {
  // A visit on Tuesday, January 5, 2027 at 9:00 store time (14:00 UTC).
  const visit = { status: "scheduled", date: "2027-01-05", start: "09:00" };
  it.each([
    ["two days before", "2027-01-03T14:00:00.000Z", "scheduled", true, true],
    ["one minute before the cutoff", "2027-01-04T13:59:00.000Z", "scheduled", true, true],
    ["at the cutoff", "2027-01-04T14:00:00.000Z", "scheduled", false, true],
    ["an hour before it starts", "2027-01-05T13:00:00.000Z", "scheduled", false, true],
    ["after it started", "2027-01-05T14:00:00.000Z", "scheduled", false, false],
    ["done, days before its date", "2027-01-01T14:00:00.000Z", "done", false, false],
    ["cancelled, days before", "2027-01-01T14:00:00.000Z", "cancelled", false, false],
  ])("%s", (_, at, status, changeable, ahead) => {
    const w = customerChangeWindow({ ...visit, status }, new Date(at));
    expect({ changeable: w.changeable, ahead: w.ahead }).toEqual({ changeable, ahead });
    expect(w.until.toISOString()).toBe("2027-01-04T14:00:00.000Z");
  });
});
