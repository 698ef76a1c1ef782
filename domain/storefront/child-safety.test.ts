import { describe, expect, it } from "vitest";
import { describeItem } from "./cart-item-description";
import { PRODUCT_TYPES } from "./catalog";
import { childSafety } from "./child-safety";
import { configurationEntries } from "./item-spec";
import { ZEBRA_CONTROL_TYPES } from "./zebra";

describe("childSafety (16 CFR 1260)", () => {
  it.each([
    ["vinyl", undefined, "Wand control, no cords: the wand turns the vanes and draws them"],
    ["fabric", undefined, "Wand control, no cords: the wand turns the vanes and draws them"],
    ["aluminum", undefined, "Wand tilt with a cordless lift, no cords"],
    ["standard-shutters", undefined, "No cords: the louvers tilt by hand"],
    ["bypass-shutters", undefined, "No cords: the panels slide and the louvers tilt by hand"],
    ["track-replacement", undefined, "Wand control, no cords"],
    ["zebra-shades", "cordless", "Cordless lift, no cords"],
    [
      "zebra-shades",
      "continuous-cord",
      "Cord loop held taut by a tension device fixed to the wall",
    ],
    ["zebra-shades", "motorized", "Motorized, no cords"],
    ["zebra-shades", undefined, "Cordless lift, no cords"],
    ["wood", undefined, null],
  ] as const)("%s %s → %s", (type, control, expected) => {
    expect(childSafety(type, control)).toBe(expected);
  });

  it("names a device for every product and every zebra control the store sells, and none is a free-hanging cord", () => {
    const words = [
      ...PRODUCT_TYPES.map((t) => childSafety(t)),
      ...ZEBRA_CONTROL_TYPES.map((c) => childSafety("zebra-shades", c)),
    ];
    for (const w of words) {
      expect(w).toBeTruthy();
      // A cord is offered only as a loop held by a tension device.
      if (w && /cord(?!less|s)/i.test(w.replace(/no cords/gi, ""))) {
        expect(w).toMatch(/tension device fixed to the wall/);
      }
    }
  });
});

describe("the child-safety device travels with the item", () => {
  const names = { colors: [], zebraCollections: [] };
  it("the cart and emails' lines name it", () => {
    const lines = describeItem(
      {
        itemType: "zebra-shades",
        width: 36,
        height: 48,
        selectedColor: "",
        includeInstallation: false,
        configuration: {
          type: "zebra",
          fabricCollection: "x",
          fabric: "y",
          mountType: "inside",
          controlType: "continuous-cord",
          motorOptions: { remote: false, smartHome: false, batteryWand: false },
          valance: true,
        } as never,
      },
      names,
    );
    expect(lines).toContain(
      "Child safety: Cord loop held taut by a tension device fixed to the wall",
    );
    const vinyl = describeItem(
      {
        itemType: "vinyl",
        width: 60,
        height: 72,
        selectedColor: "white",
        includeInstallation: true,
        configuration: { type: "blinds", mount: "inside" } as never,
      },
      names,
    );
    expect(vinyl).toContain(
      "Child safety: Wand control, no cords: the wand turns the vanes and draws them",
    );
  });

  it("the order page, job card and purchase order's entries name it", () => {
    const entries = configurationEntries({
      itemType: "zebra-shades",
      width: 36,
      height: 48,
      configuration: { controlType: "motorized", mountType: "outside" },
      zebraNames: null,
    });
    expect(entries).toContainEqual({ label: "Child safety", value: "Motorized, no cords" });
    expect(entries).toContainEqual({ label: "Control", value: "Motorized" });
  });
});
