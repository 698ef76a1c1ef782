/**
 * The pricing engine (DECISIONS.md "Pricing"), shared by the browser (live price) and the
 * server (the authority). Integer cents inside; each component rounded half up to the cent;
 * totals are sums of rounded components.
 */
import { centsToAmount, roundCents } from "./money";
import {
  ZEBRA_COLLECTIONS,
  ZEBRA_CONTROL_UPCHARGE_CENTS,
  ZEBRA_MOTOR_UPCHARGE_CENTS,
  type ZebraControlType,
} from "./zebra";

export interface ProductPricing {
  rateCentsPerSqFt: number;
  minimumCents: number;
}

/** Square feet of a window: w × h / 144, sizes in (fractional) inches. */
export function areaSqFt(width: number, height: number): number {
  return (width * height) / 144;
}

/** Installation per unit for every product: ≤ 60" → $75; ≤ 96" → $95; wider → $125. */
export function installationCents(width: number): number {
  if (width <= 60) return 75_00;
  if (width <= 96) return 95_00;
  return 125_00;
}

export interface BlindsPrice {
  blindsCents: number;
  installationCents: number;
  totalCents: number;
}

export function calculateBlindsPrice(
  pricing: ProductPricing,
  width: number,
  height: number,
  includeInstallation: boolean,
): BlindsPrice {
  const blindsCents = Math.max(
    pricing.minimumCents,
    roundCents(areaSqFt(width, height) * pricing.rateCentsPerSqFt),
  );
  const install = includeInstallation ? installationCents(width) : 0;
  return { blindsCents, installationCents: install, totalCents: blindsCents + install };
}

export interface ZebraMotorOptions {
  remote: boolean;
  smartHome: boolean;
  batteryWand: boolean;
}

export interface ZebraPriceInput {
  /** Exact width and height in inches, fractions included. */
  width: number;
  height: number;
  fabricCollection: string;
  controlType: ZebraControlType;
  motorOptions: ZebraMotorOptions;
  includeInstallation: boolean;
}

export interface ZebraPrice {
  /** Exact area in square feet (report it rounded to 2 decimals). */
  areaSqFt: number;
  blindsCents: number;
  fabricUpchargeCents: number;
  controlUpchargeCents: number;
  motorUpchargeCents: number;
  installationCents: number;
  totalCents: number;
}

/** A collection's per-square-foot upcharge; the server passes the catalog's (database) rates. */
export interface ZebraCollectionRate {
  slug: string;
  upchargeCentsPerSqFt: number;
}

export function calculateZebraPrice(
  base: ProductPricing,
  input: ZebraPriceInput,
  collections: readonly ZebraCollectionRate[] = ZEBRA_COLLECTIONS,
): ZebraPrice {
  const collection = collections.find((c) => c.slug === input.fabricCollection);
  if (!collection) throw new RangeError(`Unknown zebra collection: ${input.fabricCollection}`);
  const area = areaSqFt(input.width, input.height);
  const blindsCents = Math.max(base.minimumCents, roundCents(area * base.rateCentsPerSqFt));
  const fabricUpchargeCents = roundCents(area * collection.upchargeCentsPerSqFt);
  const controlUpchargeCents = ZEBRA_CONTROL_UPCHARGE_CENTS[input.controlType];
  const motorUpchargeCents =
    input.controlType === "motorized"
      ? (input.motorOptions.smartHome ? ZEBRA_MOTOR_UPCHARGE_CENTS.smartHome : 0) +
        (input.motorOptions.batteryWand ? ZEBRA_MOTOR_UPCHARGE_CENTS.batteryWand : 0)
      : 0;
  const install = input.includeInstallation ? installationCents(input.width) : 0;
  return {
    areaSqFt: area,
    blindsCents,
    fabricUpchargeCents,
    controlUpchargeCents,
    motorUpchargeCents,
    installationCents: install,
    totalCents:
      blindsCents + fabricUpchargeCents + controlUpchargeCents + motorUpchargeCents + install,
  };
}

export interface TrackPrice {
  width: number;
  pricePerUnitCents: number;
  totalCents: number;
}

/** Track replacement: price per inch of width, installed. */
export function calculateTrackPrice(width: number, pricePerInchCents: number): TrackPrice {
  return {
    width,
    pricePerUnitCents: pricePerInchCents,
    totalCents: roundCents(width * pricePerInchCents),
  };
}

/** The zebra configuration's whole inches plus fractions → the engine's exact sizes. */
export function zebraPriceInput(config: {
  width: number;
  height: number;
  widthFraction: number;
  heightFraction: number;
  fabricCollection: string;
  controlType: ZebraControlType;
  motorOptions: ZebraMotorOptions;
  includeInstallation: boolean;
}): ZebraPriceInput {
  return {
    width: config.width + config.widthFraction,
    height: config.height + config.heightFraction,
    fabricCollection: config.fabricCollection,
    controlType: config.controlType,
    motorOptions: config.motorOptions,
    includeInstallation: config.includeInstallation,
  };
}

/** SPEC.md §3 "Blinds price result", 2-decimal numbers. */
export function toBlindsPriceResult(p: BlindsPrice) {
  return {
    blindsPrice: centsToAmount(p.blindsCents),
    installationPrice: centsToAmount(p.installationCents),
    totalPrice: centsToAmount(p.totalCents),
  };
}

/** SPEC.md §3 "Zebra price result"; the area is reported rounded to 2 decimals. */
export function toZebraPriceResult(p: ZebraPrice) {
  return {
    area: roundCents(p.areaSqFt * 100) / 100,
    blindsPrice: centsToAmount(p.blindsCents),
    fabricUpcharge: centsToAmount(p.fabricUpchargeCents),
    controlUpcharge: centsToAmount(p.controlUpchargeCents),
    motorUpcharge: centsToAmount(p.motorUpchargeCents),
    installationPrice: centsToAmount(p.installationCents),
    totalPrice: centsToAmount(p.totalCents),
  };
}

/** SPEC.md §3 "Service price result". */
export function toServicePriceResult(p: TrackPrice) {
  return {
    totalPrice: centsToAmount(p.totalCents),
    width: p.width,
    pricePerUnit: centsToAmount(p.pricePerUnitCents),
  };
}
