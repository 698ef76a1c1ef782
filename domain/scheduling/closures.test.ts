import { describe, expect, it } from "vitest";
import { closureSchema, proposeMoves } from "./closures";

const MORNINGS = { start: "08:00", end: "12:00" };
const WEEK = {
  mon: [MORNINGS],
  tue: [MORNINGS],
  wed: [MORNINGS],
  thu: [MORNINGS],
  fri: [MORNINGS],
};

async function propose(
  visits: { id: number; staffId: number | null; date: string; start: string; end: string }[],
  more: {
    busy?: { staffId: number; date: string; start: string; end: string }[];
    closed?: { from: string; to: string }[];
    horizonDays?: number;
  } = {},
) {
  const out = await proposeMoves({
    lastClosedDay: "2026-12-09",
    horizonDays: more.horizonDays ?? 21,
    installers: [
      { staffId: 1, weekly: WEEK, timeOff: [] },
      { staffId: 2, weekly: WEEK, timeOff: [{ from: "2026-12-10", to: "2026-12-31" }] },
    ],
    busy: more.busy ?? [],
    closed: more.closed ?? [],
    visits,
  });
  return [...out.entries()].map(([id, p]) => `${id} ${p ? `${p.date} ${p.start}` : "null"}`);
}

const visit = (id: number, staffId: number | null, start = "08:00", end = "10:00") => ({
  id,
  staffId,
  date: "2026-12-09",
  start,
  end,
});

describe("proposeMoves", () => {
  it.each([
    ["one visit: the first window after the closed day", [visit(1, 1)], {}, ["1 2026-12-10 08:00"]],
    [
      "one installer's visits get distinct windows, in order",
      [visit(1, 1), visit(2, 1, "10:00", "12:00"), visit(3, 1)],
      {},
      ["1 2026-12-10 08:00", "2 2026-12-10 10:00", "3 2026-12-11 08:00"],
    ],
    [
      "a 4-hour visit needs the whole morning",
      [visit(1, 1, "08:00", "12:00")],
      { busy: [{ staffId: 1, date: "2026-12-10", start: "10:00", end: "12:00" }] },
      ["1 2026-12-11 08:00"],
    ],
    [
      "another closure and the weekend are skipped",
      [visit(1, 1)],
      { closed: [{ from: "2026-12-10", to: "2026-12-11" }] },
      ["1 2026-12-14 08:00"],
    ],
    ["an installer off through the horizon: null", [visit(1, 2)], {}, ["1 null"]],
    ["no installer: null", [visit(1, null)], {}, ["1 null"]],
    [
      "nothing within a 1-day horizon that is full",
      [visit(1, 1)],
      { horizonDays: 1, busy: [{ staffId: 1, date: "2026-12-10", start: "08:00", end: "12:00" }] },
      ["1 null"],
    ],
  ])("%s", async (_name, visits, more, expected) => {
    expect(await propose(visits, more)).toEqual(expected);
  });
});

describe("closureSchema", () => {
  it.each([
    [{ from: "2026-12-09", to: "2026-12-09", reason: " Storm " }, null],
    [{ from: "2026-12-10", to: "2026-12-09", reason: "Storm" }, "to must be on or after from"],
    [{ from: "2026-12-01", to: "2026-12-20", reason: "Storm" }, "a closure covers at most 14 days"],
    [
      { from: "2026-12-09", to: "2026-12-09", reason: "" },
      "reason is required (for example: Hurricane warning)",
    ],
    [{ from: "9 Dec", to: "2026-12-09", reason: "Storm" }, "from must be a date (YYYY-MM-DD)"],
  ])("%j → %s", (input, message) => {
    const parsed = closureSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});
