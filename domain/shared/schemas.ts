/**
 * zod schemas for every priced input, shared by forms, page actions and /api handlers
 *. Messages name the field's allowed values.
 */
import { z } from "zod";
import { PRODUCT_TYPES } from "../storefront/catalog";
import { storedOptionsFields } from "../storefront/product-options-schema";
import { ZEBRA_COLLECTIONS, ZEBRA_CONTROL_TYPES, ZEBRA_MOUNT_TYPES } from "../storefront/zebra";
import {
  type DimensionRange,
  FRACTIONS,
  fromEighths,
  isEighth,
  PRODUCT_HEIGHT,
  PRODUCT_WIDTH,
  splitInches,
  TRACK_HEIGHT,
  TRACK_WIDTH,
  toEighths,
  ZEBRA_HEIGHT,
  ZEBRA_WIDTH,
} from "./dimensions";
import { QUANTITY_MAX, ROOM_LABEL_MAX } from "./limits";

const FRACTION_TEXT = "0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75 or 0.875";

/** A size in decimal inches with an eighth-inch fraction; the whole part within the range. */
export function sizeInches(range: DimensionRange, label: string) {
  return z
    .number({ error: `${label} must be a number of inches` })
    .refine(Number.isFinite, `${label} must be a number of inches`)
    .refine(
      (v) => Math.floor(v + 1e-9) >= range.min && Math.floor(v + 1e-9) <= range.max,
      `${label} must be between ${range.min} and ${range.max} inches`,
    )
    .refine(isEighth, `${label} must be in eighths of an inch (e.g. 36.375)`);
}

/** A whole number of inches within the range (zebra width/height). */
export function wholeInches(range: DimensionRange, label: string) {
  return z
    .number({ error: `${label} must be a whole number of inches` })
    .int(`${label} must be a whole number of inches`)
    .min(range.min, `${label} must be between ${range.min} and ${range.max} inches`)
    .max(range.max, `${label} must be between ${range.min} and ${range.max} inches`);
}

const BLINDS_TYPES: string[] = PRODUCT_TYPES.filter((t) => t !== "zebra-shades");

export const fractionSchema = z
  .number({ error: `must be one of ${FRACTION_TEXT}` })
  .refine((v) => FRACTIONS.some((f) => f === v), `must be one of ${FRACTION_TEXT}`);

/** POST /api/calculate-price */
export const blindsPriceInputSchema = z.object(
  {
    productType: z.enum(BLINDS_TYPES, {
      error: `productType must be one of ${BLINDS_TYPES.join(", ")}`,
    }),
    width: sizeInches(PRODUCT_WIDTH, "width"),
    height: sizeInches(PRODUCT_HEIGHT, "height"),
    includeInstallation: z
      .boolean({ error: "includeInstallation must be true or false" })
      .default(false),
  },
  { error: "Send productType, width, height and includeInstallation as a JSON object" },
);
export type BlindsPriceInput = z.infer<typeof blindsPriceInputSchema>;

const COLLECTION_SLUGS: string[] = ZEBRA_COLLECTIONS.map((c) => c.slug);
const FABRIC_SLUGS = ZEBRA_COLLECTIONS.flatMap((c) => c.fabrics.map((f) => f.slug));

export const motorOptionsSchema = z
  .object({
    remote: z.boolean().default(true),
    smartHome: z.boolean({ error: "motorOptions.smartHome must be true or false" }).default(false),
    batteryWand: z
      .boolean({ error: "motorOptions.batteryWand must be true or false" })
      .default(false),
  })
  // The remote is included and not switchable.
  .transform((m) => ({ ...m, remote: true }));

const zebraConfigurationFields = {
  width: wholeInches(ZEBRA_WIDTH, "width"),
  height: wholeInches(ZEBRA_HEIGHT, "height"),
  widthFraction: fractionSchema.default(0),
  heightFraction: fractionSchema.default(0),
  fabricCollection: z.enum(COLLECTION_SLUGS, {
    error: `fabricCollection must be one of ${COLLECTION_SLUGS.join(", ")}`,
  }),
  fabric: z.string({ error: "fabric must be a fabric name such as cascade" }),
  mountType: z
    .enum(ZEBRA_MOUNT_TYPES, { error: "mountType must be inside or outside" })
    .default("inside"),
  controlType: z.enum(ZEBRA_CONTROL_TYPES, {
    error: `controlType must be one of ${ZEBRA_CONTROL_TYPES.join(", ")}`,
  }),
  motorOptions: motorOptionsSchema.default({
    remote: true,
    smartHome: false,
    batteryWand: false,
  }),
  valance: z.boolean({ error: "valance must be true or false" }).default(true),
  includeInstallation: z
    .boolean({ error: "includeInstallation must be true or false" })
    .default(false),
};

/** The fabric must belong to the chosen collection. */
function checkFabric(c: { fabricCollection: string; fabric: string }, ctx: z.RefinementCtx): void {
  const collection = ZEBRA_COLLECTIONS.find((x) => x.slug === c.fabricCollection);
  if (collection && !collection.fabrics.some((f) => f.slug === c.fabric)) {
    ctx.addIssue({
      code: "custom",
      path: ["fabric"],
      message: `must be one of ${collection.fabrics.map((f) => f.slug).join(", ")} for the ${collection.name} collection`,
    });
  }
}

/** The whole zebra configuration, as the price call and the cart carry it. */
export const zebraConfigurationSchema = z
  .object(zebraConfigurationFields, { error: "Send the zebra configuration as a JSON object" })
  .superRefine(checkFabric);
export type ZebraConfiguration = z.output<typeof zebraConfigurationSchema>;

/** POST /api/calculate-zebra-shade-price */
export const zebraPriceInputSchema = z
  .object(
    {
      productType: z
        .literal("zebra-shades", { error: "productType must be zebra-shades" })
        .default("zebra-shades"),
      ...zebraConfigurationFields,
    },
    { error: "Send the zebra configuration as a JSON object" },
  )
  .superRefine(checkFabric);

/** POST /api/calculate-service-price */
export const servicePriceInputSchema = z.object(
  {
    serviceType: z.literal("track-replacement", { error: "serviceType must be track-replacement" }),
    width: sizeInches(TRACK_WIDTH, "width"),
    height: sizeInches(TRACK_HEIGHT, "height").optional(),
  },
  { error: "Send serviceType and width as a JSON object" },
);
export type ZebraPriceInput = z.infer<typeof zebraPriceInputSchema>;
export type ServicePriceInput = z.infer<typeof servicePriceInputSchema>;

export const roomLabelSchema = z
  .string()
  .trim()
  .max(ROOM_LABEL_MAX, `roomLabel must be at most ${ROOM_LABEL_MAX} characters`)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const quantitySchema = z
  .number({ error: "quantity must be a whole number from 1 to 99" })
  .int("quantity must be a whole number from 1 to 99")
  .min(1, "quantity must be a whole number from 1 to 99")
  .max(QUANTITY_MAX, "quantity must be a whole number from 1 to 99");

export { QUANTITY_MAX, ROOM_LABEL_MAX } from "./limits";
export { FABRIC_SLUGS };

// ---- Stored configurations (cart_items / order_items `configuration`) ----

/** A blinds or shutters item as the cart stores it. */
export const storedBlindsSchema = z.object({
  productType: z.enum(BLINDS_TYPES),
  width: z.number(),
  height: z.number(),
  selectedColor: z.string(),
  includeInstallation: z.boolean(),
  // The options of its product type (domain/product-options.ts); absent on items stored before.
  ...storedOptionsFields,
});

/** A track replacement as the cart stores it. */
export const storedTrackSchema = z.object({
  serviceType: z.literal("track-replacement"),
  width: z.number(),
  height: z.number().optional(),
});

/** A stored item's configuration, parsed once into one of three typed shapes. */
export type StoredConfiguration =
  | ({ type: "blinds" } & z.output<typeof storedBlindsSchema>)
  | ({ type: "zebra" } & ZebraConfiguration)
  | ({ type: "track" } & z.output<typeof storedTrackSchema>);

export type BlindsConfiguration = Extract<StoredConfiguration, { type: "blinds" }>;
export type TrackConfiguration = Extract<StoredConfiguration, { type: "track" }>;

/**
 * An item's size as its `width_eighths` / `height_eighths` columns keep it: the one source of
 * a stored item's size. Height 0: a service priced by width alone.
 */
export interface StoredSize {
  widthEighths: number;
  heightEighths: number;
}

/** The keys that carry the size in a configuration: never written to the column. */
const SIZE_KEYS: ReadonlySet<string> = new Set([
  "width",
  "height",
  "widthFraction",
  "heightFraction",
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withoutSize(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SIZE_KEYS.has(key)));
}

/** The size keys each kind of configuration carries, from the size columns. */
function sizeFields(zebra: boolean, size: StoredSize): Record<string, number> {
  if (zebra) {
    const w = splitInches(fromEighths(size.widthEighths));
    const h = splitInches(fromEighths(size.heightEighths));
    return {
      width: w.whole,
      widthFraction: w.fraction,
      height: h.whole,
      heightFraction: h.fraction,
    };
  }
  const width = fromEighths(size.widthEighths);
  return size.heightEighths > 0 ? { width, height: fromEighths(size.heightEighths) } : { width };
}

/**
 * Parses a stored `configuration` column by the item's kind and type, with the size from the
 * item's size columns: null when the text is not a JSON object or no longer
 * matches its schema (such an item is shown as unavailable).
 */
export function parseStoredConfiguration(
  kind: string,
  itemType: string,
  text: string,
  size: StoredSize,
): StoredConfiguration | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  const zebra = kind !== "service" && itemType === "zebra-shades";
  // Object.assign, not `{ ...a, ...b }`: on Node 20's V8 the second spread made a new hidden
  // class on every call, ~20 µs per item read. The same keys in the same order.
  const value = Object.assign(withoutSize(parsed), sizeFields(zebra, size));
  if (kind === "service") {
    const r = storedTrackSchema.safeParse(value);
    return r.success ? { type: "track", ...r.data } : null;
  }
  if (zebra) {
    const r = zebraConfigurationSchema.safeParse(value);
    return r.success ? { type: "zebra", ...r.data } : null;
  }
  const r = storedBlindsSchema.safeParse(value);
  return r.success ? { type: "blinds", ...r.data } : null;
}

/** The item's exact size in inches (fractions included); height 0 for a width-only service. */
export function configuredSize(config: StoredConfiguration): { width: number; height: number } {
  if (config.type === "zebra") {
    return {
      width: config.width + config.widthFraction,
      height: config.height + config.heightFraction,
    };
  }
  return { width: config.width, height: config.height ?? 0 };
}

/** A configuration's size as the size columns keep it. */
export function storedSize(config: StoredConfiguration): StoredSize {
  const { width, height } = configuredSize(config);
  return { widthEighths: toEighths(width), heightEighths: toEighths(height) };
}

/**
 * The configuration as it is written to the `configuration` column: without `type`, and
 * without the size, which the size columns hold.
 */
export function serializeConfiguration(config: StoredConfiguration): string {
  const { type: _type, ...rest } = config;
  return JSON.stringify(withoutSize(rest));
}
