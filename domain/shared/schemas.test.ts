import { describe, expect, it } from "vitest";
import {
  blindsPriceInputSchema,
  roomLabelSchema,
  servicePriceInputSchema,
  zebraConfigurationSchema,
  zebraPriceInputSchema,
} from "./schemas";

const ZEBRA = {
  width: 36,
  height: 48,
  fabricCollection: "melrose",
  fabric: "cascade",
  controlType: "cordless",
};

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues[0]?.path.map(String).join(".");
}

describe("blindsPriceInputSchema: products 12–192 wide, 12–120 high (whole part), eighths", () => {
  it.each([
    [12, 12, true],
    [11.875, 48, false],
    [192, 48, true],
    [192.875, 48, true],
    [193, 48, false],
    [36, 11, false],
    [36, 120, true],
    [36, 120.875, true],
    [36, 121, false],
    [36.125, 48.875, true],
    [36.1, 48, false],
    [36, 48.0625, false],
  ])("width %f height %f → valid %s", (width, height, ok) => {
    const r = blindsPriceInputSchema.safeParse({ productType: "vinyl", width, height });
    expect(r.success).toBe(ok);
  });

  it.each(["vinyl", "standard-shutters", "bypass-shutters", "fabric", "aluminum"])(
    "accepts product type %s",
    (productType) => {
      expect(blindsPriceInputSchema.safeParse({ productType, width: 36, height: 48 }).success).toBe(
        true,
      );
    },
  );

  it.each(["zebra-shades", "wood", "", 4])("refuses product type %s", (productType) => {
    const r = blindsPriceInputSchema.safeParse({ productType, width: 36, height: 48 });
    expect(firstIssue(r)).toBe("productType");
  });

  it("installation defaults to false", () => {
    const r = blindsPriceInputSchema.parse({ productType: "vinyl", width: 36, height: 48 });
    expect(r.includeInstallation).toBe(false);
  });
});

describe("zebraConfigurationSchema", () => {
  it("fills the spec's defaults: inside mount, valance on, remote included", () => {
    expect(zebraConfigurationSchema.parse(ZEBRA)).toEqual({
      ...ZEBRA,
      widthFraction: 0,
      heightFraction: 0,
      mountType: "inside",
      motorOptions: { remote: true, smartHome: false, batteryWand: false },
      valance: true,
      includeInstallation: false,
    });
  });

  it("the remote cannot be switched off", () => {
    const r = zebraConfigurationSchema.parse({
      ...ZEBRA,
      motorOptions: { remote: false, smartHome: true, batteryWand: false },
    });
    expect(r.motorOptions).toEqual({ remote: true, smartHome: true, batteryWand: false });
  });

  it.each([
    [{ width: 12 }, null],
    [{ width: 11 }, "width"],
    [{ width: 96 }, null],
    [{ width: 97 }, "width"],
    [{ height: 12 }, null],
    [{ height: 11 }, "height"],
    [{ height: 108 }, null],
    [{ height: 109 }, "height"],
    [{ width: 36.5 }, "width"],
    ...[0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875].map((f) => [{ widthFraction: f }, null]),
    [{ widthFraction: 0.1 }, "widthFraction"],
    [{ heightFraction: 1 }, "heightFraction"],
    [{ fabricCollection: "tropic", fabric: "palm" }, null],
    [{ fabricCollection: "skyline", fabric: "graphite" }, null],
    [{ fabricCollection: "anza-room-darkening", fabric: "midnight" }, null],
    [{ fabricCollection: "silk" }, "fabricCollection"],
    [{ fabric: "palm" }, "fabric"],
    [{ controlType: "continuous-cord" }, null],
    [{ controlType: "motorized" }, null],
    [{ controlType: "crank" }, "controlType"],
    [{ mountType: "outside" }, null],
    [{ mountType: "ceiling" }, "mountType"],
  ] as [Record<string, unknown>, string | null][])("%o → %s", (change, field) => {
    const r = zebraConfigurationSchema.safeParse({ ...ZEBRA, ...change });
    if (field === null) expect(r.success).toBe(true);
    else expect(firstIssue(r)).toBe(field);
  });

  it("the price input also takes productType zebra-shades only", () => {
    expect(zebraPriceInputSchema.safeParse({ ...ZEBRA, productType: "zebra-shades" }).success).toBe(
      true,
    );
    expect(firstIssue(zebraPriceInputSchema.safeParse({ ...ZEBRA, productType: "vinyl" }))).toBe(
      "productType",
    );
  });
});

describe("servicePriceInputSchema: track 12–192 wide, 12–120 high", () => {
  it.each([
    [{ width: 12 }, true],
    [{ width: 192.875 }, true],
    [{ width: 11 }, false],
    [{ width: 193 }, false],
    [{ width: 36, height: 120 }, true],
    [{ width: 36, height: 121 }, false],
    [{ width: 36, height: 11 }, false],
  ])("%o → valid %s", (sizes, ok) => {
    expect(
      servicePriceInputSchema.safeParse({ serviceType: "track-replacement", ...sizes }).success,
    ).toBe(ok);
  });
});

describe("roomLabelSchema", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["  Kitchen left  ", "Kitchen left"],
    ["x".repeat(40), "x".repeat(40)],
  ])("%s → %s", (input, out) => {
    expect(roomLabelSchema.parse(input)).toBe(out);
  });
  it("refuses more than 40 characters", () => {
    expect(roomLabelSchema.safeParse("x".repeat(41)).success).toBe(false);
  });
});
