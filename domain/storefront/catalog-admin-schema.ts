/**
 * Inputs of the catalog editor: one schema per input, used by /api/admin and by the /admin/catalog page's actions.
 * Money arrives in dollars with at most 2 decimals and leaves the schema in cents. The bounds
 * keep a slip of the finger (an extra zero, a minus sign) out of the store's prices.
 */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { formText } from "../shared/form-text";
import { amountToCents } from "../shared/money";
import {
  chosenFile,
  productPhotoAltFormSchema,
  productPhotoFormSchema,
} from "./product-photo-schema";

export const CATALOG_LIMITS = {
  /** Dollars per square foot: products and zebra collection upcharges. */
  ratePerSqFt: 500,
  minimumPrice: 10_000,
  /** Each installation tier, per unit. */
  installation: 2_000,
  /** Track replacement, per inch of width. */
  pricePerInch: 100,
  nameLength: 80,
  descriptionLength: 1_000,
  colorsPerProduct: 20,
} as const;

const HEX = /^#[0-9A-Fa-f]{6}$/;
const COLOR_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Dollars with at most 2 decimals, from `min` to `max` → cents. */
function dollars(field: string, min: number, max: number) {
  const range = `${field} must be between ${min.toFixed(2)} and ${max.toFixed(2)} dollars`;
  return z
    .number({ error: `${field} must be a number of dollars` })
    .refine((v) => Number.isFinite(v) && v >= min && v <= max, range)
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e4), `${field} must be whole cents`)
    .transform((v) => amountToCents(v));
}

function text(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);
}

const colorKey = (field: string) =>
  z
    .string({ error: `${field} must be a color key` })
    .regex(COLOR_KEY, `${field} must be lowercase letters, digits and dashes (e.g. light-gray)`)
    .max(40, `${field} must be at most 40 characters`);

const hex = z
  .string({ error: "hex must be a color such as #D9C7A7" })
  .regex(HEX, "hex must be a color such as #D9C7A7 (# and 6 hexadecimal digits)")
  .transform((v) => v.toUpperCase());

const active = z.boolean({ error: "active must be true or false" });

/** At least one field: an empty PATCH is a mistake, not a change. */
const someField = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
const nothing = (fields: readonly string[]) => ({
  message: `Send at least one of ${fields.join(", ")}`,
});

const PRODUCT_FIELDS = [
  "name",
  "description",
  "ratePerSqFt",
  "minimumPrice",
  "colors",
  "active",
  "supplierId",
] as const;

export const productUpdateSchema = z
  .strictObject({
    name: text("name", CATALOG_LIMITS.nameLength).optional(),
    description: text("description", CATALOG_LIMITS.descriptionLength).optional(),
    ratePerSqFt: dollars("ratePerSqFt", 0.01, CATALOG_LIMITS.ratePerSqFt).optional(),
    minimumPrice: dollars("minimumPrice", 0, CATALOG_LIMITS.minimumPrice).optional(),
    colors: z
      .array(colorKey("colors"), { error: "colors must be a list of color keys" })
      .max(
        CATALOG_LIMITS.colorsPerProduct,
        `colors must list at most ${CATALOG_LIMITS.colorsPerProduct} colors`,
      )
      .refine((keys) => new Set(keys).size === keys.length, "colors must not repeat a color")
      .optional(),
    active: active.optional(),
    /** Who makes it; null: none chosen. */
    supplierId: z
      .number({ error: "supplierId must be a supplier's id or null" })
      .int("supplierId must be a supplier's id or null")
      .positive("supplierId must be a supplier's id or null")
      .nullable()
      .optional(),
  })
  .refine(someField, nothing(PRODUCT_FIELDS));
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const zebraCollectionUpdateSchema = z.strictObject({
  ratePerSqFt: dollars("ratePerSqFt", 0, CATALOG_LIMITS.ratePerSqFt),
});
export type ZebraCollectionUpdate = z.output<typeof zebraCollectionUpdateSchema>;

const FABRIC_FIELDS = ["name", "active"] as const;
export const zebraFabricUpdateSchema = z
  .strictObject({
    name: text("name", CATALOG_LIMITS.nameLength).optional(),
    active: active.optional(),
  })
  .refine(someField, nothing(FABRIC_FIELDS));
export type ZebraFabricUpdate = z.output<typeof zebraFabricUpdateSchema>;

export const installationPricesSchema = z.strictObject({
  upTo60: dollars("upTo60", 0, CATALOG_LIMITS.installation),
  upTo96: dollars("upTo96", 0, CATALOG_LIMITS.installation),
  over96: dollars("over96", 0, CATALOG_LIMITS.installation),
});
export type InstallationPrices = z.output<typeof installationPricesSchema>;

export const serviceUpdateSchema = z.strictObject({
  pricePerInch: dollars("pricePerInch", 0.01, CATALOG_LIMITS.pricePerInch),
});
export type ServiceUpdate = z.output<typeof serviceUpdateSchema>;

const COLOR_FIELDS = ["name", "hex"] as const;
export const colorUpdateSchema = z
  .strictObject({
    name: text("name", 40).optional(),
    hex: hex.optional(),
  })
  .refine(someField, nothing(COLOR_FIELDS));
export type ColorUpdate = z.output<typeof colorUpdateSchema>;

export const colorCreateSchema = z.strictObject({
  key: colorKey("key"),
  name: text("name", 40),
  hex,
});
export type ColorCreate = z.output<typeof colorCreateSchema>;

/** The installation tiers by the widths they cover. */
export const INSTALLATION_TIER_WIDTHS = { upTo60: 60, upTo96: 96, over96: null } as const;

/** Typical window sizes the editor previews prices for (width × height, inches). */
export const PREVIEW_SIZES: readonly { width: number; height: number }[] = [
  { width: 24, height: 36 },
  { width: 36, height: 60 },
  { width: 72, height: 84 },
];

/**
 * The /admin/catalog forms → the JSON bodies above, one entry per form (its `intent`): the page
 * action reads a form with `fromForm` and checks it with `schema`, and the browser runs the very
 * same pair before posting (conform, decision 185).
 */
/** A money field: blank → absent (the schema names it if required), else a number (NaN too). */
function amount(form: FormData, name: string): number | undefined {
  const value = formText(form, name)?.trim();
  return value === undefined || value === "" ? undefined : Number(value);
}

export const CATALOG_FORMS = {
  product: {
    schema: productUpdateSchema,
    fromForm: (form: FormData) => ({
      name: formText(form, "name"),
      description: formText(form, "description"),
      ratePerSqFt: amount(form, "ratePerSqFt"),
      minimumPrice: amount(form, "minimumPrice"),
      // Zebra shades have fabrics, not colours: their form has no colour boxes.
      colors: form.has("offersColors") ? form.getAll("colors").map(String) : undefined,
      active: form.get("active") === "on",
    }),
  },
  collection: {
    schema: zebraCollectionUpdateSchema,
    fromForm: (form: FormData) => ({ ratePerSqFt: amount(form, "ratePerSqFt") }),
  },
  fabric: {
    schema: zebraFabricUpdateSchema,
    fromForm: (form: FormData) => ({
      name: formText(form, "name"),
      active: form.get("active") === "on",
    }),
  },
  installation: {
    schema: installationPricesSchema,
    fromForm: (form: FormData) => ({
      upTo60: amount(form, "upTo60"),
      upTo96: amount(form, "upTo96"),
      over96: amount(form, "over96"),
    }),
  },
  service: {
    schema: serviceUpdateSchema,
    fromForm: (form: FormData) => ({ pricePerInch: amount(form, "pricePerInch") }),
  },
  color: {
    schema: colorUpdateSchema,
    fromForm: (form: FormData) => ({ name: formText(form, "name"), hex: formText(form, "hex") }),
  },
  "add-color": {
    schema: colorCreateSchema,
    fromForm: (form: FormData) => ({
      key: formText(form, "key"),
      name: formText(form, "name"),
      hex: formText(form, "hex"),
    }),
  },
  "photo-add": {
    schema: productPhotoFormSchema,
    fromForm: (form: FormData) => ({
      photo: chosenFile(form.get("photo")),
      alt: formText(form, "alt") ?? "",
    }),
  },
  "photo-alt": {
    schema: productPhotoAltFormSchema,
    fromForm: (form: FormData) => ({ alt: formText(form, "alt") ?? "" }),
  },
} as const;

export type CatalogFormIntent = keyof typeof CATALOG_FORMS;
