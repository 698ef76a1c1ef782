/**
 * POST /api/samples and the /samples page action: who gets the samples and which ones (1 to 5
 * color keys of a product, or zebra fabric slugs). Whether a color belongs to its product is
 * checked against the catalog by `checkSampleItems`, since the owner edits colors.
 */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { customerInfoSchema } from "../orders/checkout-schema";
import { PRODUCT_TYPES } from "../storefront/catalog";
import { honeypotSchema } from "../storefront/review-schema";
import { parseSampleValue, SAMPLE_ITEMS_MAX } from "./request-fields";

export { SAMPLE_ITEMS_MAX } from "./request-fields";

const ITEMS_MESSAGE = `items must list 1 to ${SAMPLE_ITEMS_MAX} samples`;

export const sampleItemSchema = z.object(
  {
    productType: z.enum(PRODUCT_TYPES, {
      error: `productType must be one of ${PRODUCT_TYPES.join(", ")}`,
    }),
    color: z
      .string({
        error: "color must be a color key such as white, or a zebra fabric such as cascade",
      })
      .trim()
      .min(1, "color must be a color key such as white, or a zebra fabric such as cascade")
      .max(60, "color must be at most 60 characters"),
  },
  { error: "each item must be { productType, color }" },
);
export type SampleItem = z.output<typeof sampleItemSchema>;

export const sampleRequestSchema = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(120, "name must be at most 120 characters")
    .refine((v) => /[\p{L}\p{N}]/u.test(v), "name must contain letters"),
  email: customerInfoSchema.shape.email,
  address: customerInfoSchema.shape.address,
  city: customerInfoSchema.shape.city,
  zipCode: customerInfoSchema.shape.zipCode,
  items: z
    .array(sampleItemSchema, { error: ITEMS_MESSAGE })
    .min(1, ITEMS_MESSAGE)
    .max(SAMPLE_ITEMS_MAX, ITEMS_MESSAGE)
    .refine(
      (items) => new Set(items.map((i) => `${i.productType}:${i.color}`)).size === items.length,
      "items must not list the same sample twice",
    ),
  website: honeypotSchema,
});
export type SampleRequestInput = z.output<typeof sampleRequestSchema>;

/** What the catalog offers as samples: color keys per product type, fabric slugs for zebra. */
export type SampleCatalog = ReadonlyMap<string, ReadonlySet<string>>;

/** The first item whose color the catalog does not offer: its path and a message; else null. */
export function checkSampleItems(
  items: readonly SampleItem[],
  catalog: SampleCatalog,
): { path: string; message: string } | null {
  for (const [i, item] of items.entries()) {
    const offered = catalog.get(item.productType);
    if (!offered) {
      const path = `items.${i}.productType`;
      return { path, message: `${path}: ${item.productType} is not available for samples` };
    }
    if (!offered.has(item.color)) {
      const path = `items.${i}.color`;
      return {
        path,
        message: `${path} must be one of ${[...offered].join(", ")} for ${item.productType}`,
      };
    }
  }
  return null;
}

/** The /samples form (checkboxes named `sample` holding "type:color") → the JSON shape. */
export function sampleRequestFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    address: text("address"),
    city: text("city"),
    zipCode: text("zipCode"),
    items: form
      .getAll("sample")
      .filter((v): v is string => typeof v === "string")
      .map(parseSampleValue),
    website: text("website"),
  };
}
