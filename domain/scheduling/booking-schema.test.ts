import { describe, expect, it } from "vitest";
import { fieldsFromIssues } from "../shared/form-messages";
import { availabilityFieldName, availabilityFromForm, availabilitySchema } from "./booking-schema";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("the /admin/staff hours form", () => {
  it("takes several ranges a day, in the order given, sorted by the schema", () => {
    const raw = availabilityFromForm(
      form([
        ["mon-start", "13:00"],
        ["mon-end", "17:00"],
        ["mon-start", "08:00"],
        ["mon-end", "12:00"],
        ["tue-start", "08:00"],
        ["tue-end", "12:00"],
        ["tue-start", ""],
        ["tue-end", ""],
        ["wed-start", ""],
        ["wed-end", ""],
        ["timeOff-from", "2026-12-24"],
        ["timeOff-to", "2026-12-31"],
        ["timeOff-from", "2027-01-02"],
        ["timeOff-to", ""],
        ["timeOff-from", ""],
        ["timeOff-to", ""],
      ]),
    );
    const parsed = availabilitySchema.parse(raw);
    expect(parsed.weekly.mon).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ]);
    expect(parsed.weekly.tue).toEqual([{ start: "08:00", end: "12:00" }]);
    expect(parsed.weekly.wed).toEqual([]);
    expect(parsed.weekly.sun).toEqual([]);
    expect(parsed.timeOff).toEqual([
      { from: "2026-12-24", to: "2026-12-31" },
      { from: "2027-01-02", to: "2027-01-02" },
    ]);
  });

  it("refuses overlapping ranges and a half-filled one", () => {
    const overlap = availabilityFromForm(
      form([
        ["fri-start", "08:00"],
        ["fri-end", "12:00"],
        ["fri-start", "11:00"],
        ["fri-end", "15:00"],
      ]),
    );
    expect(availabilitySchema.safeParse(overlap).success).toBe(false);
    const half = availabilityFromForm(
      form([
        ["sat-start", "09:00"],
        ["sat-end", ""],
      ]),
    );
    expect(availabilitySchema.safeParse(half).success).toBe(false);
  });

  it("shows a range's error at its own row, also after a row left empty", () => {
    const f = form([
      ["thu-start", ""],
      ["thu-end", ""],
      ["thu-start", "08:00"],
      ["thu-end", "12:00"],
      ["thu-start", "14:00"],
      ["thu-end", "13:00"],
    ]);
    const result = availabilitySchema.safeParse(availabilityFromForm(f));
    expect(result.success).toBe(false);
    const paths = Object.keys(fieldsFromIssues(result.error?.issues ?? []));
    expect(paths).toEqual(["weekly.thu.1.end"]);
    expect(availabilityFieldName("weekly.thu.1.end", f)).toBe("thu-end-2");
    expect(availabilityFieldName("weekly.thu.0.start", f)).toBe("thu-start-1");
    expect(availabilityFieldName("weekly.thu", f)).toBe("thu-start-0");
    expect(availabilityFieldName("timeOff.0.to", f)).toBe("timeOff");
  });
});
