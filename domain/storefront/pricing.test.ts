import { describe, expect, it } from "vitest";
import { PRODUCT_SEEDS, type ProductType } from "./catalog";
import {
  areaSqFt,
  type BlindsRates,
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
  priceItem,
  installationCents as tierCents,
  toBlindsPriceResult,
  toServicePriceResult,
  toZebraPriceResult,
  type ZebraPriceInput,
  zebraPriceInput,
  zebraRates,
} from "./pricing";
import { INSTALLATION_TIER_SEEDS, seedPricingContext } from "./pricing-seeds";
import type { ZebraControlType } from "./zebra";

const installationCents = (width: number) => tierCents(INSTALLATION_TIER_SEEDS, width);

function pricing(type: ProductType): BlindsRates {
  const p = PRODUCT_SEEDS.find((s) => s.type === type);
  if (!p) throw new Error(type);
  return {
    rateCentsPerSqFt: p.rateCentsPerSqFt,
    minimumCents: p.minimumCents,
    installationTiers: INSTALLATION_TIER_SEEDS,
  };
}

describe("catalog rates (the product rules 'Catalog')", () => {
  it.each([
    ["vinyl", 4_50, 39_00],
    ["standard-shutters", 26_00, 149_00],
    ["bypass-shutters", 32_00, 399_00],
    ["zebra-shades", 8_00, 59_00],
    ["fabric", 6_50, 49_00],
    ["aluminum", 3_75, 29_00],
  ] as const)("%s: %i cents per sq ft, minimum %i cents", (type, rate, minimum) => {
    expect(pricing(type)).toMatchObject({ rateCentsPerSqFt: rate, minimumCents: minimum });
  });
});

describe("installationCents: tiers by width including the fraction", () => {
  it.each([
    [12, 75_00],
    [36, 75_00],
    [60, 75_00],
    [60.125, 95_00],
    [72.5, 95_00],
    [96, 95_00],
    [96.125, 125_00],
    [120, 125_00],
    [192.875, 125_00],
  ])("width %f → %i cents", (width, cents) => {
    expect(installationCents(width)).toBe(cents);
  });
});

describe("calculateBlindsPrice: max(minimum, round(area × rate)) + installation", () => {
  // [type, width, height, includeInstallation, blinds, installation, total] in cents
  const table: [ProductType, number, number, boolean, number, number, number][] = [
    // Default 36 × 48 = 12 sq ft for every product
    ["vinyl", 36, 48, false, 54_00, 0, 54_00],
    ["standard-shutters", 36, 48, false, 312_00, 0, 312_00],
    ["bypass-shutters", 36, 48, false, 399_00, 0, 399_00], // 384.00 < minimum 399
    ["fabric", 36, 48, false, 78_00, 0, 78_00],
    ["aluminum", 36, 48, false, 45_00, 0, 45_00],
    // Smallest window (1 sq ft): every product at its minimum
    ["vinyl", 12, 12, false, 39_00, 0, 39_00],
    ["standard-shutters", 12, 12, false, 149_00, 0, 149_00],
    ["bypass-shutters", 12, 12, false, 399_00, 0, 399_00],
    ["fabric", 12, 12, false, 49_00, 0, 49_00],
    ["aluminum", 12, 12, false, 29_00, 0, 29_00],
    // Around the vinyl minimum: 8.5 sq ft → 38.25 (minimum), 8.667 → 39.00, 8.833 → 39.75
    ["vinyl", 24, 51, false, 39_00, 0, 39_00],
    ["vinyl", 24, 52, false, 39_00, 0, 39_00],
    ["vinyl", 24, 53, false, 39_75, 0, 39_75],
    // Just over the bypass minimum: 12.5 sq ft × 32 = 400.00
    ["bypass-shutters", 36, 50, false, 400_00, 0, 400_00],
    // Half a cent rounds up: 32 × 60 1/8 = 13.3611 sq ft × 4.50 = 60.125
    ["vinyl", 32, 60.125, false, 60_13, 0, 60_13],
    // Every fraction of the width (vinyl, 48 high: 150 × (36 + f) dollars... in cents 5400 + 15000 f)
    ["vinyl", 36.125, 48, false, 54_19, 0, 54_19], // 54.1875
    ["vinyl", 36.25, 48, false, 54_38, 0, 54_38], // 54.375 → half up
    ["vinyl", 36.375, 48, false, 54_56, 0, 54_56], // 54.5625
    ["vinyl", 36.5, 48, false, 54_75, 0, 54_75],
    ["vinyl", 36.625, 48, false, 54_94, 0, 54_94], // 54.9375
    ["vinyl", 36.75, 48, false, 55_13, 0, 55_13], // 55.125 → half up
    ["vinyl", 36.875, 48, false, 55_31, 0, 55_31], // 55.3125
    // Every fraction of the height (fabric, 36 wide: 6.50 × (h / 4))
    ["fabric", 36, 48.125, false, 78_20, 0, 78_20], // 78.203125
    ["fabric", 36, 48.25, false, 78_41, 0, 78_41], // 78.40625
    ["fabric", 36, 48.375, false, 78_61, 0, 78_61], // 78.609375
    ["fabric", 36, 48.5, false, 78_81, 0, 78_81], // 78.8125
    ["fabric", 36, 48.625, false, 79_02, 0, 79_02], // 79.015625
    ["fabric", 36, 48.75, false, 79_22, 0, 79_22], // 79.21875
    ["fabric", 36, 48.875, false, 79_42, 0, 79_42], // 79.421875
    // Installation tiers with the product
    ["vinyl", 60, 48, true, 90_00, 75_00, 165_00],
    ["vinyl", 60.125, 48, true, 90_19, 95_00, 185_19], // 90.1875
    ["vinyl", 96, 48, true, 144_00, 95_00, 239_00],
    ["vinyl", 96.125, 48, true, 144_19, 125_00, 269_19], // 144.1875
    ["aluminum", 36, 48, true, 45_00, 75_00, 120_00],
    ["standard-shutters", 36, 48, true, 312_00, 75_00, 387_00],
    ["bypass-shutters", 12, 12, true, 399_00, 75_00, 474_00],
    // Largest window: 192 × 120 = 160 sq ft; and the largest with fractions
    ["standard-shutters", 192, 120, true, 4160_00, 125_00, 4285_00],
    ["aluminum", 192.875, 120.875, false, 607_13, 0, 607_13], // 607.1293
  ];
  it.each(table)(
    "%s %f × %f install=%s → %i + %i = %i",
    (type, w, h, inst, blinds, install, total) => {
      expect(calculateBlindsPrice(pricing(type), w, h, inst)).toEqual({
        blindsCents: blinds,
        installationCents: install,
        totalCents: total,
      });
    },
  );

  it("reports the spec's result shape as 2-decimal numbers", () => {
    expect(toBlindsPriceResult(calculateBlindsPrice(pricing("vinyl"), 60.125, 48, true))).toEqual({
      blindsPrice: 90.19,
      installationPrice: 95,
      totalPrice: 185.19,
    });
  });
});

describe("calculateZebraPrice", () => {
  const base = zebraRates(seedPricingContext(), pricing("zebra-shades"));
  const input = (over: Partial<ZebraPriceInput> = {}): ZebraPriceInput => ({
    width: 36,
    height: 48,
    fabricCollection: "melrose",
    controlType: "cordless",
    motorOptions: { remote: true, smartHome: false, batteryWand: false },
    includeInstallation: false,
    ...over,
  });

  it.each([
    // [collection, fabric upcharge cents at 12 sq ft]
    ["melrose", 0],
    ["tropic", 144_00],
    ["skyline", 432_00],
    ["anza-room-darkening", 576_00],
  ])("collection %s at 36 × 48 adds %i cents", (fabricCollection, fabric) => {
    const p = calculateZebraPrice(base, input({ fabricCollection }));
    expect(p.blindsCents).toBe(96_00);
    expect(p.fabricUpchargeCents).toBe(fabric);
    expect(p.totalCents).toBe(96_00 + fabric);
  });

  it.each([
    ["cordless", 0],
    ["continuous-cord", 25_00],
    ["motorized", 150_00],
  ] as [ZebraControlType, number][])("control %s adds %i cents", (controlType, cents) => {
    const p = calculateZebraPrice(base, input({ controlType }));
    expect(p.controlUpchargeCents).toBe(cents);
    expect(p.totalCents).toBe(96_00 + cents);
  });

  it.each([
    // [control, smartHome, batteryWand, motor cents]
    ["motorized", false, false, 0],
    ["motorized", true, false, 75_00],
    ["motorized", false, true, 50_00],
    ["motorized", true, true, 125_00],
    // Motor options cost nothing unless the shade is motorized.
    ["cordless", true, true, 0],
    ["continuous-cord", true, true, 0],
  ] as [ZebraControlType, boolean, boolean, number][])(
    "control %s smartHome=%s batteryWand=%s → motor %i cents",
    (controlType, smartHome, batteryWand, motor) => {
      const p = calculateZebraPrice(
        base,
        input({ controlType, motorOptions: { remote: true, smartHome, batteryWand } }),
      );
      expect(p.motorUpchargeCents).toBe(motor);
      expect(p.totalCents).toBe(96_00 + p.controlUpchargeCents + motor);
    },
  );

  it("the remote is included at no charge", () => {
    const withRemote = calculateZebraPrice(base, input({ controlType: "motorized" }));
    const without = calculateZebraPrice(
      base,
      input({
        controlType: "motorized",
        motorOptions: { remote: false, smartHome: false, batteryWand: false },
      }),
    );
    expect(withRemote.totalCents).toBe(without.totalCents);
  });

  it.each([
    // [width, height, install cents]
    [12, 12, 75_00],
    [60, 48, 75_00],
    [60.125, 48, 95_00],
    [96, 48, 95_00],
    [96.875, 48, 125_00],
  ])("installation at width %f is %i cents", (width, height, install) => {
    const p = calculateZebraPrice(base, input({ width, height, includeInstallation: true }));
    expect(p.installationCents).toBe(install);
    expect(p.totalCents).toBe(p.blindsCents + install);
  });

  it("applies the 59.00 minimum to the shade but not to the fabric upcharge", () => {
    const p = calculateZebraPrice(
      base,
      input({ width: 12, height: 12, fabricCollection: "tropic" }),
    );
    expect(p).toEqual({
      areaSqFt: 1,
      blindsCents: 59_00,
      fabricUpchargeCents: 12_00,
      controlUpchargeCents: 0,
      motorUpchargeCents: 0,
      installationCents: 0,
      totalCents: 71_00,
    });
  });

  it("prices the exact area with fractions; each component rounded, total their sum", () => {
    // 36 1/2 × 48 1/4 = 12.230035 sq ft
    const p = calculateZebraPrice(
      base,
      input({
        width: 36.5,
        height: 48.25,
        fabricCollection: "skyline",
        controlType: "motorized",
        motorOptions: { remote: true, smartHome: true, batteryWand: true },
        includeInstallation: true,
      }),
    );
    expect(toZebraPriceResult(p)).toEqual({
      area: 12.23,
      blindsPrice: 97.84,
      fabricUpcharge: 440.28,
      controlUpcharge: 150,
      motorUpcharge: 125,
      installationPrice: 75,
      totalPrice: 888.12,
    });
  });

  it("prices the largest zebra shade (96 7/8 is not allowed; 95 7/8 × 107 7/8)", () => {
    const p = calculateZebraPrice(
      base,
      input({ width: 95.875, height: 107.875, fabricCollection: "anza-room-darkening" }),
    );
    expect(p.blindsCents).toBe(574_58);
    expect(p.fabricUpchargeCents).toBe(3447_51);
    expect(p.totalCents).toBe(4022_09);
  });

  it("uses the rates it is given (the catalog's) over the shipped ones", () => {
    const p = calculateZebraPrice(
      { ...base, collections: [{ slug: "tropic", upchargeCentsPerSqFt: 10_00 }] },
      input({ fabricCollection: "tropic" }),
    );
    expect(p.fabricUpchargeCents).toBe(120_00);
  });

  it("refuses an unknown collection", () => {
    expect(() => calculateZebraPrice(base, input({ fabricCollection: "nope" }))).toThrow(
      RangeError,
    );
  });

  it("zebraPriceInput adds the fractions to the whole inches", () => {
    expect(
      zebraPriceInput({
        width: 60,
        height: 30,
        widthFraction: 0.125,
        heightFraction: 0,
        fabricCollection: "tropic",
        controlType: "cordless",
        motorOptions: { remote: true, smartHome: false, batteryWand: false },
        includeInstallation: true,
      }),
    ).toMatchObject({ width: 60.125, height: 30 });
    const p = calculateZebraPrice(base, {
      ...input({ fabricCollection: "tropic", includeInstallation: true }),
      width: 60.125,
      height: 30,
    });
    // 60 1/8 × 30 = 12.526 sq ft: 100.21 + 150.31 + install 95 (over 60")
    expect(toZebraPriceResult(p)).toMatchObject({
      area: 12.53,
      blindsPrice: 100.21,
      fabricUpcharge: 150.31,
      installationPrice: 95,
      totalPrice: 345.52,
    });
  });
});

describe("calculateTrackPrice: 2.00 per inch of width, installed", () => {
  it.each([
    [12, 24_00],
    [36.125, 72_25],
    [96.5, 193_00],
    [192, 384_00],
    [192.875, 385_75],
  ])("width %f → %i cents", (width, cents) => {
    expect(calculateTrackPrice(width, 2_00)).toEqual({
      width,
      pricePerUnitCents: 2_00,
      totalCents: cents,
    });
  });

  it("reports the spec's service result shape", () => {
    expect(toServicePriceResult(calculateTrackPrice(36.125, 2_00))).toEqual({
      totalPrice: 72.25,
      width: 36.125,
      pricePerUnit: 2,
    });
  });
});

describe("areaSqFt", () => {
  it("is width × height / 144", () => {
    expect(areaSqFt(36, 48)).toBe(12);
    expect(areaSqFt(12, 12)).toBe(1);
  });
});

describe("priceItem: one context prices every stored item", () => {
  const zebra = {
    type: "zebra" as const,
    width: 36,
    height: 48,
    widthFraction: 0,
    heightFraction: 0,
    fabricCollection: "tropic",
    fabric: "palm",
    mountType: "inside" as const,
    controlType: "cordless" as const,
    motorOptions: { remote: true, smartHome: false, batteryWand: false },
    valance: true,
    includeInstallation: false,
  };

  it("prices a zebra item with the context's collection rate, not the shipped one", () => {
    const ctx = seedPricingContext();
    expect(priceItem(ctx, { productId: 4, configuration: zebra })?.unitCents).toBe(240_00);
    const cheaper = {
      ...ctx,
      zebraCollections: ctx.zebraCollections.map((c) =>
        c.slug === "tropic" ? { ...c, upchargeCentsPerSqFt: 10_00 } : c,
      ),
    };
    // 12 sq ft: 96.00 base + 120.00 Tropic = 216.00, the quote's number.
    expect(priceItem(cheaper, { productId: 4, configuration: zebra })?.unitCents).toBe(216_00);
  });

  it("uses the context's installation tiers and keeps the rates that priced the item", () => {
    const ctx = {
      ...seedPricingContext(),
      installationTiers: [{ maxWidthInches: null, cents: 50_00 }],
    };
    const price = priceItem(ctx, {
      productId: 1,
      configuration: {
        type: "blinds",
        productType: "vinyl",
        width: 36,
        height: 48,
        selectedColor: "white",
        includeInstallation: true,
      },
    });
    expect(price).toMatchObject({ unitCents: 54_00 + 50_00, installationCents: 50_00 });
    expect(price?.rates).toEqual({
      type: "blinds",
      rateCentsPerSqFt: 4_50,
      minimumCents: 39_00,
      installationTiers: [{ maxWidthInches: null, cents: 50_00 }],
    });
  });

  it("answers null for a zebra item whose fabric was withdrawn, and prices it again once back", () => {
    const ctx = seedPricingContext();
    const withdraw = (active: boolean) => ({
      ...ctx,
      zebraCollections: ctx.zebraCollections.map((c) => ({
        ...c,
        fabrics: c.fabrics.map((f) => (f.slug === "palm" ? { ...f, active } : f)),
      })),
    });
    expect(priceItem(withdraw(false), { productId: 4, configuration: zebra })).toBeNull();
    expect(
      priceItem(withdraw(false), { productId: 4, configuration: { ...zebra, fabric: "coral" } })
        ?.unitCents,
    ).toBe(240_00);
    expect(priceItem(withdraw(true), { productId: 4, configuration: zebra })?.unitCents).toBe(
      240_00,
    );
  });

  it("answers null for an item the catalog no longer sells", () => {
    const ctx = { ...seedPricingContext(), services: [] };
    expect(
      priceItem(ctx, {
        productId: null,
        configuration: { type: "track", serviceType: "track-replacement", width: 36 },
      }),
    ).toBeNull();
  });
});
