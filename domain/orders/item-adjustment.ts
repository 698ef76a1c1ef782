/**
 * Adjustments after measuring: an item's new width, height or quantity,
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
import { type StoredConfiguration, zebraConfigurationSchema } from "../shared/schemas";
import {
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
  type ItemRates,
  zebraPriceInput,
} from "../storefront/pricing";
import { describeOption, OPTION_FIELDS, type OptionField } from "../storefront/product-options";
import { productOptionsSchema } from "../storefront/product-options-schema";

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

/** A configuration change refused: the field (`configuration.<option>`) and the words. */
export interface ConfigurationIssue {
  field: string;
  message: string;
}

const ZEBRA_FIXED = ["fabricCollection", "fabric"] as const;

/**
 * The item's options with `change` merged in, checked as the cart checks a new item's
 *. The size stays the item's (width and height change it); a zebra shade's
 * fabric is what was ordered, and a track replacement has no options.
 */
export function settleConfiguration(
  config: StoredConfiguration,
  change: Readonly<Record<string, unknown>>,
): { config: StoredConfiguration } | { issue: ConfigurationIssue } {
  if (config.type === "track") {
    return {
      issue: {
        field: "configuration",
        message: "configuration: a track replacement has no options to settle.",
      },
    };
  }
  if (config.type === "zebra") {
    for (const key of ZEBRA_FIXED) {
      if (key in change && change[key] !== config[key]) {
        return {
          issue: {
            field: `configuration.${key}`,
            message: `configuration.${key}: another fabric is another shade; cancel this item and order the new one.`,
          },
        };
      }
    }
    const { type: _type, ...current } = config;
    const parsed = zebraConfigurationSchema.safeParse({
      ...current,
      ...change,
      width: config.width,
      height: config.height,
      widthFraction: config.widthFraction,
      heightFraction: config.heightFraction,
    });
    if (!parsed.success) return { issue: firstIssue(parsed.error.issues) };
    return { config: { type: "zebra", ...parsed.data } };
  }
  const current: Record<string, unknown> = {};
  for (const field of OPTION_FIELDS) {
    if (config[field] !== undefined) current[field] = config[field];
  }
  const parsed = productOptionsSchema(config.productType).safeParse({ ...current, ...change });
  if (!parsed.success) return { issue: firstIssue(parsed.error.issues) };
  return { config: { ...config, ...parsed.data } };
}

function firstIssue(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ConfigurationIssue {
  const issue = issues[0];
  const path = (issue?.path ?? []).map(String).join(".");
  const field = path ? `configuration.${path}` : "configuration";
  const message = issue?.message ?? "configuration is not valid for this item";
  return {
    field,
    message: `${field}: ${message}`,
  };
}

const ZEBRA_OPTION_LEGENDS = [
  ["mountType", "Mount"],
  ["controlType", "Control"],
  ["valance", "Valance"],
  ["motorOptions", "Motor options"],
] as const;

function optionWords(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object" && value !== null) {
    const on = Object.entries(value)
      .filter(([, v]) => v === true)
      .map(([k]) => k);
    return on.length ? on.join(", ") : "none";
  }
  return String(value);
}

type OptionValues = { type: StoredConfiguration["type"] } & Partial<
  Record<OptionField | (typeof ZEBRA_OPTION_LEGENDS)[number][0], unknown>
>;

/** "Panels: We'll recommend at measuring → 2 panels" for each option that changed. */
export function describeOptionChanges(
  before: StoredConfiguration,
  after: StoredConfiguration,
): string[] {
  // Read by field name: each kind of configuration has only its own options, the rest undefined.
  const was: OptionValues = before;
  const now: OptionValues = after;
  const out: string[] = [];
  for (const field of OPTION_FIELDS) {
    if (was[field] === now[field] || now[field] === undefined) continue;
    const from = describeOption(field, was[field]);
    const to = describeOption(field, now[field]);
    if (to)
      out.push(
        `${to.legend}: ${from && was[field] !== undefined ? from.label : "not chosen"} → ${to.label}`,
      );
  }
  for (const [field, legend] of ZEBRA_OPTION_LEGENDS) {
    if (field in was && JSON.stringify(was[field]) !== JSON.stringify(now[field])) {
      out.push(`${legend}: ${optionWords(was[field])} → ${optionWords(now[field])}`);
    }
  }
  return out;
}
