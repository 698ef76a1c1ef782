/** Every option of every product type: defaults, accepted values, refusals naming the field. */
import { describe, expect, it } from "vitest";
import { defaultOptions, describeOptions, optionsFor } from "./product-options";
import { productOptionsSchema } from "./product-options-schema";

function parse(type: string, configuration: unknown) {
  const r = productOptionsSchema(type).safeParse(configuration);
  return r.success
    ? { ok: true as const, value: r.data }
    : { ok: false as const, messages: r.error.issues.map((i) => i.message) };
}

describe("options per product type", () => {
  it.each([
    ["vinyl", ["mount", "controlSide", "stack"]],
    ["fabric", ["mount", "controlSide", "stack"]],
    ["aluminum", ["mount", "controlSide"]],
    ["standard-shutters", ["mount", "louverSize", "panels", "hinge", "frame", "tiltRod"]],
    ["bypass-shutters", ["mount", "louverSize", "panels", "frame", "tiltRod"]],
    ["zebra-shades", []],
    ["track-replacement", []],
  ])("%s offers %j", (type, fields) => {
    expect(optionsFor(type).map((o) => o.field)).toEqual(fields);
  });

  it.each([
    ["vinyl", { mount: "inside", controlSide: "right", stack: "left" }],
    ["fabric", { mount: "inside", controlSide: "right", stack: "left" }],
    ["aluminum", { mount: "inside", controlSide: "right" }],
    [
      "standard-shutters",
      {
        mount: "inside",
        louverSize: "3.5",
        panels: "auto",
        hinge: "auto",
        frame: "l-frame",
        tiltRod: "hidden",
      },
    ],
    [
      "bypass-shutters",
      { mount: "inside", louverSize: "3.5", panels: "2", frame: "l-frame", tiltRod: "hidden" },
    ],
  ])("%s defaults to %j when configuration is absent, null or empty", (type, defaults) => {
    expect(defaultOptions(type)).toEqual(defaults);
    for (const configuration of [undefined, null, {}, { mount: null }]) {
      expect(parse(type, configuration)).toEqual({ ok: true, value: defaults });
    }
  });
});

describe("productOptionsSchema", () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      "vinyl",
      { mount: "outside", controlSide: "left" },
      { mount: "outside", controlSide: "left", stack: "left" },
    ],
    ["vinyl", { stack: "split" }, { mount: "inside", controlSide: "right", stack: "split" }],
    [
      "fabric",
      { stack: "center", controlSide: "left" },
      { mount: "inside", controlSide: "left", stack: "center" },
    ],
    ["fabric", { stack: "right" }, { mount: "inside", controlSide: "right", stack: "right" }],
    [
      "aluminum",
      { controlSide: "left", mount: "outside" },
      { mount: "outside", controlSide: "left" },
    ],
    [
      "standard-shutters",
      { louverSize: "2.5", panels: "3", hinge: "split", frame: "z-frame", tiltRod: "front" },
      {
        mount: "inside",
        louverSize: "2.5",
        panels: "3",
        hinge: "split",
        frame: "z-frame",
        tiltRod: "front",
      },
    ],
    [
      "bypass-shutters",
      { louverSize: "4.5", mount: "outside", panels: "4" },
      { mount: "outside", louverSize: "4.5", panels: "4", frame: "l-frame", tiltRod: "hidden" },
    ],
    // Keys that are not options are ignored.
    [
      "vinyl",
      { mountType: "outside", colour: "x" },
      { mount: "inside", controlSide: "right", stack: "left" },
    ],
  ])("%s accepts %j", (type, configuration, expected) => {
    expect(parse(type, configuration)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, unknown, string]>([
    ["vinyl", { mount: "Outside" }, "configuration.mount must be inside or outside"],
    ["vinyl", { mount: "" }, "configuration.mount must be inside or outside"],
    ["vinyl", { controlSide: "middle" }, "configuration.controlSide must be right or left"],
    ["vinyl", { stack: "up" }, "configuration.stack must be left, right, split or center"],
    ["fabric", { stack: 1 }, "configuration.stack must be left, right, split or center"],
    ["aluminum", { controlSide: true }, "configuration.controlSide must be right or left"],
    ["aluminum", { stack: "left" }, "configuration.stack is not an option of aluminum"],
    ["standard-shutters", { louverSize: 3.5 }, "configuration.louverSize must be 3.5, 2.5 or 4.5"],
    ["bypass-shutters", { louverSize: "3" }, "configuration.louverSize must be 3.5, 2.5 or 4.5"],
    [
      "standard-shutters",
      { controlSide: "left" },
      "configuration.controlSide is not an option of standard-shutters",
    ],
    ["vinyl", { louverSize: "3.5" }, "configuration.louverSize is not an option of vinyl"],
    ["standard-shutters", { panels: "5" }, "configuration.panels must be auto, 1, 2, 3 or 4"],
    [
      "standard-shutters",
      { hinge: "top" },
      "configuration.hinge must be auto, left, right or split",
    ],
    ["bypass-shutters", { panels: "auto" }, "configuration.panels must be 2, 3 or 4"],
    [
      "bypass-shutters",
      { hinge: "left" },
      "configuration.hinge is not an option of bypass-shutters",
    ],
    [
      "bypass-shutters",
      { frame: "x-frame" },
      "configuration.frame must be l-frame, z-frame or deco-frame",
    ],
    ["standard-shutters", { tiltRod: "rear" }, "configuration.tiltRod must be hidden or front"],
    ["vinyl", { tiltRod: "front" }, "configuration.tiltRod is not an option of vinyl"],
    ["vinyl", "outside", "configuration must be a JSON object"],
  ])("%s refuses %j", (type, configuration, message) => {
    const r = parse(type, configuration);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.messages).toContain(message);
  });
});

describe("describeOptions", () => {
  it("says each chosen option in words", () => {
    expect(describeOptions({ mount: "outside", controlSide: "left", stack: "split" })).toEqual([
      "Outside mount",
      "Control side: Left",
      "Stack direction: Split",
    ]);
    expect(describeOptions({ mount: "inside", louverSize: "4.5" })).toEqual([
      "Inside mount",
      'Louver size: 4 1/2" louvers',
    ]);
    expect(
      describeOptions({
        mount: "inside",
        louverSize: "3.5",
        panels: "2",
        hinge: "left",
        frame: "deco-frame",
        tiltRod: "front",
      }),
    ).toEqual([
      "Inside mount",
      'Louver size: 3 1/2" louvers',
      "Panels: 2 panels",
      "Hinge side: Hinged left",
      "Frame: Deco frame",
      "Tilt rod: Front tilt rod",
    ]);
    expect(describeOptions(null)).toEqual([]);
  });
});
