import { describe, expect, it } from "vitest";
import { type MeasuredWindow, measurementsSchema, orderingSize } from "./measurements";

const W = (
  productType: MeasuredWindow["productType"],
  mount: MeasuredWindow["mount"],
  depth: number | null = null,
  widths: [number, number, number] = [35.25, 35, 35.125],
  heights: [number, number, number] = [60.5, 60.25, 60.375],
): MeasuredWindow => ({ productType, mount, widths, heights, depth });

describe("orderingSize: the trade's rule, as measured", () => {
  it.each([
    // inside mount: narrowest width; shortest height for verticals and shutters
    ["vinyl inside", W("vinyl", "inside", 4), 35, 60.25, []],
    ["fabric inside", W("fabric", "inside", 3), 35, 60.25, []],
    ["standard shutters inside", W("standard-shutters", "inside", 3), 35, 60.25, []],
    ["bypass shutters inside", W("bypass-shutters", "inside", 5), 35, 60.25, []],
    // … but the longest for what hangs to the sill
    ["zebra inside", W("zebra-shades", "inside", 3.5), 35, 60.5, []],
    ["aluminum inside", W("aluminum", "inside", 2), 35, 60.5, []],
    // outside mount: widest and tallest, whatever the product
    ["vinyl outside", W("vinyl", "outside"), 35.25, 60.5, []],
    ["zebra outside", W("zebra-shades", "outside"), 35.25, 60.5, []],
    // no product chosen yet: the inside rule's safe side (shortest), no flags
    ["unknown inside", W(null, "inside", 1), 35, 60.25, []],
    // shallow wells, by product
    ["vinyl shallow", W("vinyl", "inside", 2.875), 35, 60.25, ["shallow"]],
    ["aluminum 1.5 is enough", W("aluminum", "inside", 1.5), 35, 60.5, []],
    ["aluminum shallow", W("aluminum", "inside", 1.375), 35, 60.5, ["shallow"]],
    ["standard shutters shallow", W("standard-shutters", "inside", 2.375), 35, 60.25, ["shallow"]],
    ["bypass shutters shallow", W("bypass-shutters", "inside", 3.875), 35, 60.25, ["shallow"]],
    ["zebra shallow", W("zebra-shades", "inside", 2.5), 35, 60.5, ["shallow"]],
    // depth only matters inside
    ["outside ignores depth", W("bypass-shutters", "outside", 1), 35.25, 60.5, []],
    // ranges: zebra up to 96 wide, verticals up to 192
    [
      "zebra too wide",
      W("zebra-shades", "outside", null, [97, 97, 97]),
      97,
      60.5,
      ["out-of-range"],
    ],
    ["vinyl 97 wide is fine", W("vinyl", "outside", null, [97, 97, 97]), 97, 60.5, []],
    [
      "too short and shallow",
      W("vinyl", "inside", 2, [35, 35, 35], [11, 40, 40]),
      35,
      11,
      ["shallow", "out-of-range"],
    ],
    ["192 7/8 reads as 192", W("vinyl", "outside", null, [192.875, 190, 190]), 192.875, 60.5, []],
  ] as const)("%s", (_name, window, width, height, flags) => {
    expect(orderingSize(window)).toEqual({ orderWidth: width, orderHeight: height, flags });
  });
});

describe("measurementsSchema", () => {
  const ok = {
    room: "Kitchen",
    mount: "inside",
    widths: [35.25, 35, 35.125],
    heights: [60, 60, 60],
  };
  it("takes a window without product, depth or note", () => {
    const r = measurementsSchema.safeParse({ windows: [ok] });
    expect(r.success && r.data.windows[0]).toMatchObject({
      productType: null,
      depth: null,
      note: null,
    });
  });
  it.each([
    [{ ...ok, widths: [35, 35] }, /three measurements/],
    [{ ...ok, widths: [35, 35, 35.1] }, /eighths/],
    [{ ...ok, heights: [0, 60, 60] }, /more than 0/],
    [{ ...ok, mount: "ceiling" }, /inside or outside/],
    [{ ...ok, productType: "wood" }, /productType must be one of/],
    [{ ...ok, room: " " }, /room/],
  ])("refuses %j", (window, message) => {
    const r = measurementsSchema.safeParse({ windows: [window] });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(message);
  });
});
