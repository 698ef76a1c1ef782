/**
 * POST /api/estimates and the /estimate page action: a free in-home estimate request. The
 * photos travel beside these fields (multipart) and are checked by the server by content.
 */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { VISIT_WINDOWS, type VisitWindow } from "../orders/checkout-fields";
import { customerContactFromForm, customerContactShape } from "../orders/checkout-schema";
import { formText } from "../shared/form-text";
import { optionalText } from "../shared/schema-fields";
import { PRODUCT_TYPES } from "../storefront/catalog";
import { honeypotSchema } from "../storefront/review-schema";
import { ESTIMATE_MESSAGE_MAX, ESTIMATE_WINDOWS_MAX, ESTIMATE_WINDOWS_MIN } from "./request-fields";

export const ESTIMATE_PRODUCT_TYPES = [...PRODUCT_TYPES, "track-replacement"] as const;

const WINDOWS_MESSAGE = `windowCount must be a whole number from ${ESTIMATE_WINDOWS_MIN} to ${ESTIMATE_WINDOWS_MAX}`;

export const estimateRequestSchema = z.object({
  ...customerContactShape,
  windowCount: z
    .number({ error: WINDOWS_MESSAGE })
    .int(WINDOWS_MESSAGE)
    .min(ESTIMATE_WINDOWS_MIN, WINDOWS_MESSAGE)
    .max(ESTIMATE_WINDOWS_MAX, WINDOWS_MESSAGE),
  productTypes: z
    .array(
      z.enum(ESTIMATE_PRODUCT_TYPES, {
        error: `productTypes must hold only ${ESTIMATE_PRODUCT_TYPES.join(", ")}`,
      }),
      { error: "productTypes must be a list of product types" },
    )
    .max(ESTIMATE_PRODUCT_TYPES.length, "productTypes must not repeat a type")
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  preferredWindow: z
    .union([z.enum(VISIT_WINDOWS), z.literal(""), z.null()], {
      error: `preferredWindow must be one of ${VISIT_WINDOWS.join(", ")}`,
    })
    .optional()
    .transform((v): VisitWindow | null => (v ? v : null)),
  message: optionalText("message", ESTIMATE_MESSAGE_MAX),
  website: honeypotSchema,
});
export type EstimateRequestInput = z.output<typeof estimateRequestSchema>;

/** The /estimate form's (or a multipart API call's) text fields → the JSON shape. */
export function estimateRequestFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => formText(form, name);
  const count = text("windowCount")?.trim() ?? "";
  return {
    ...customerContactFromForm(form),
    // A non-number stays text so the schema answers with the field's range.
    windowCount: /^-?\d+(\.\d+)?$/.test(count) ? Number(count) : count,
    productTypes: form.getAll("productTypes").filter((v) => typeof v === "string"),
    preferredWindow: text("preferredWindow") ?? null,
    message: text("message") ?? null,
    website: text("website") ?? "",
  };
}
