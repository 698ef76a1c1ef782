import { describe, expect, it } from "vitest";
import { COLORS } from "./colors";
import { itemPicture } from "./item-picture";
import { ZEBRA_COLLECTIONS } from "./zebra";

const names = { colors: COLORS, zebraCollections: ZEBRA_COLLECTIONS };

const base = { includeInstallation: false, configuration: {} };

describe("itemPicture", () => {
  it.each([
    [
      { ...base, itemType: "vinyl", width: 36, height: 48, selectedColor: "ivory" },
      { type: "vinyl", color: "#FFFBEA", aspect: 0.75 },
    ],
    [
      {
        ...base,
        itemType: "zebra-shades",
        width: 60,
        height: 40,
        selectedColor: "Palm",
        configuration: { fabricCollection: "tropic", fabric: "palm" },
      },
      { type: "zebra-shades", color: "#7E9A73", aspect: 1.5 },
    ],
    [
      { ...base, itemType: "track-replacement", width: 96, height: 0, selectedColor: "" },
      { type: "vinyl", color: "#FFFFFF", aspect: 0.75 },
    ],
    [
      { ...base, itemType: "aluminum", width: 30, height: 60, selectedColor: "unknown" },
      { type: "aluminum", color: undefined, aspect: 0.5 },
    ],
  ])("%j", (item, expected) => {
    expect(itemPicture(item, names)).toEqual(expected);
  });
});
