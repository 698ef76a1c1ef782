/**
 * Adjustments after measuring (decision 151): an item's new width, height or quantity,
 * re-priced with the rates stored with the order when it was placed (order_items.pricing),
 * never today's catalog. Pure: the service loads and saves.
 */
import {
  type DimensionRange,
  inRange,
  PRODUCT_HEIGHT,
  PRODUCT_WIDTH,
  splitInches,
  TRACK_WIDTH,
  ZEBRA_HEIGHT,
  ZEBRA_WIDTH,
} from "../shared/dimensions";
import type { StoredConfiguration } from "../shared/schemas";
import {
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
  type ItemRates,
  zebraPriceInput,
} from "../storefront/pricing";

/** A size outside the item's range: the field it is about and the words. */
export interface SizeRangeError {
  field: "width" | "height";
  message: string;
}

function rangeError(
  name: "width" | "height",
  inches: number,
  range: DimensionRange,
): SizeRangeError | null {
  return inRange(splitInches(inches).whole, range)
    ? null
    : {
        field: name,
        message: `${name} must be ${range.min}–${range.max} inches (the configurator's range).`,
      };
}

/** The same configuration at a new size, or the field out of range and why. */
export function resizeConfiguration(
  config: StoredConfiguration,
  size: { width: number; height: number },
): { config: StoredConfiguration } | { error: SizeRangeError } {
  if (config.type === "zebra") {
    const error =
      rangeError("width", size.width, ZEBRA_WIDTH) ??
      rangeError("height", size.height, ZEBRA_HEIGHT);
    if (error) return { error };
    const w = splitInches(size.width);
    const h = splitInches(size.height);
    return {
      config: {
        ...config,
        width: w.whole,
        widthFraction: w.fraction,
        height: h.whole,
        heightFraction: h.fraction,
      } as StoredConfiguration,
    };
  }
  if (config.type === "track") {
    const error = rangeError("width", size.width, TRACK_WIDTH);
    if (error) return { error };
    return { config: { ...config, width: size.width } };
  }
  const error =
    rangeError("width", size.width, PRODUCT_WIDTH) ??
    rangeError("height", size.height, PRODUCT_HEIGHT);
  if (error) return { error };
  return { config: { ...config, width: size.width, height: size.height } };
}

/**
 * One piece of the item priced with its stored rates; null when the rates and the
 * configuration are of different kinds (a stored row that no longer fits).
 */
export function repriceWithStoredRates(
  rates: ItemRates,
  config: StoredConfiguration,
): { unitCents: number; installationCents: number } | null {
  if (rates.type === "track" && config.type === "track") {
    return {
      unitCents: calculateTrackPrice(config.width, rates.pricePerInchCents).totalCents,
      installationCents: 0,
    };
  }
  if (rates.type === "blinds" && config.type === "blinds") {
    const p = calculateBlindsPrice(rates, config.width, config.height, config.includeInstallation);
    return { unitCents: p.totalCents, installationCents: p.installationCents };
  }
  if (rates.type === "zebra" && config.type === "zebra") {
    const p = calculateZebraPrice(
      {
        rateCentsPerSqFt: rates.rateCentsPerSqFt,
        minimumCents: rates.minimumCents,
        collections: [rates.collection],
        controlUpchargeCents: rates.controlUpchargeCents,
        motorUpchargeCents: rates.motorUpchargeCents,
        installationTiers: rates.installationTiers,
      },
      zebraPriceInput(config),
    );
    return { unitCents: p.totalCents, installationCents: p.installationCents };
  }
  return null;
}
