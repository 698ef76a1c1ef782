/**
 * POST /api/cart and PUT /api/cart/{itemId} payloads. A cart item is one of three shapes, chosen by `cartItemSchemaFor`:
 * - the track-replacement service: `serviceType: "track-replacement"` and a width;
 * - zebra shades: productId 4 with the whole zebra `configuration` (the exact size lives there);
 * - any other product: productId, width and height in decimal inches, a colour key.
 * `calculatedPrice` is accepted and ignored: the server prices every item itself.
 */
import { z } from "zod";
import { languageSchema } from "../i18n/language-schema";
import { PRODUCT_HEIGHT, PRODUCT_WIDTH, TRACK_HEIGHT, TRACK_WIDTH } from "../shared/dimensions";
import { propertyOf } from "../shared/property-of";
import {
  quantitySchema,
  roomLabelSchema,
  sizeInches,
  zebraConfigurationSchema,
} from "../shared/schemas";
import { ZEBRA_PRODUCT_ID } from "./catalog";

/** Fields the spec's client sends that the server does not trust or need. */
const ignored = {
  productName: z.unknown().optional(),
  calculatedPrice: z.unknown().optional(),
};

const quantity = quantitySchema.default(1);
const includeInstallation = z
  .boolean({ error: "includeInstallation must be true or false" })
  .default(false);

export const productCartItemSchema = z.object({
  ...ignored,
  productId: z
    .number({ error: "productId must be the id of a product" })
    .int("productId must be the id of a product")
    .positive("productId must be the id of a product"),
  width: sizeInches(PRODUCT_WIDTH, "width"),
  height: sizeInches(PRODUCT_HEIGHT, "height"),
  selectedColor: z
    .string({ error: "selectedColor must be a color such as white" })
    .trim()
    .min(1, "selectedColor must be a color such as white"),
  includeInstallation,
  quantity,
  roomLabel: roomLabelSchema,
  configuration: z.unknown().optional(),
});

export const zebraCartItemSchema = z.object({
  ...ignored,
  productId: z.literal(ZEBRA_PRODUCT_ID),
  /** spec §7 sends rounded sizes and the fabric name; the configuration is the truth. */
  width: z.unknown().optional(),
  height: z.unknown().optional(),
  selectedColor: z.unknown().optional(),
  includeInstallation: z.unknown().optional(),
  quantity,
  roomLabel: roomLabelSchema,
  configuration: zebraConfigurationSchema,
});

export const serviceCartItemSchema = z.object({
  ...ignored,
  serviceType: z.literal("track-replacement", { error: "serviceType must be track-replacement" }),
  productId: z.unknown().optional(),
  width: sizeInches(TRACK_WIDTH, "width"),
  height: sizeInches(TRACK_HEIGHT, "height").optional(),
  selectedColor: z.unknown().optional(),
  includeInstallation: z.unknown().optional(),
  quantity,
  roomLabel: roomLabelSchema,
  configuration: z.unknown().optional(),
});

export type ProductCartItemInput = z.output<typeof productCartItemSchema>;
export type ZebraCartItemInput = z.output<typeof zebraCartItemSchema>;
export type ServiceCartItemInput = z.output<typeof serviceCartItemSchema>;

export type CartItemInput =
  | ({ kind: "product" } & ProductCartItemInput)
  | ({ kind: "zebra" } & ZebraCartItemInput)
  | ({ kind: "service" } & ServiceCartItemInput);

/** POST /api/cart: one schema that picks the item's shape, then validates it. */
export const cartItemInputSchema = z.unknown().transform((input, ctx): CartItemInput => {
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    ctx.addIssue({ code: "custom", message: "Send the cart item as a JSON object." });
    return z.NEVER;
  }
  const kind =
    propertyOf(input, "serviceType") !== undefined
      ? "service"
      : propertyOf(input, "productId") === ZEBRA_PRODUCT_ID
        ? "zebra"
        : "product";
  const schema =
    kind === "service"
      ? serviceCartItemSchema
      : kind === "zebra"
        ? zebraCartItemSchema
        : productCartItemSchema;
  const result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  return { kind, ...result.data } as CartItemInput;
});

/**
 * POST /api/cart's whole body: the item, and the language of the page it was added from
 * ("es" from the Spanish pages; absent: "en"), which the cart keeps for its order.
 */
export const cartAddSchema = z.intersection(
  cartItemInputSchema,
  z.object({ language: languageSchema }),
);
export type CartAdd = z.output<typeof cartAddSchema>;

/** PUT /api/cart/{itemId} */
export const cartQuantityUpdateSchema = z.object({ quantity: quantitySchema });

export { quantityFromForm } from "../shared/limits";
