/**
 * The inputs that carry a tax exemption (zod), apart from the rules in tax-exemption.ts so that
 * the pages which only show one don't load zod.
 */
import { z } from "zod";
import { isIsoDate } from "../scheduling/visit-time";
import { TAX_EXEMPTION_TYPES } from "./tax-exemption";

/** The exemption's shape; whether it still holds needs today's date (taxExemptionIssue). */
export const taxExemptionSchema = z.object({
  type: z.enum(TAX_EXEMPTION_TYPES, {
    error: "taxExemption.type must be resale, nonprofit or government",
  }),
  certificateNumber: z
    .string({ error: "taxExemption.certificateNumber must be text" })
    .trim()
    .regex(
      /^[A-Za-z0-9-]{8,20}$/,
      "taxExemption.certificateNumber must be 8–20 letters, digits and dashes",
    )
    .transform((v) => v.toUpperCase()),
  expires: z
    .string({ error: "taxExemption.expires must be a date (YYYY-MM-DD)" })
    .refine(isIsoDate, "taxExemption.expires must be a date (YYYY-MM-DD)"),
});

/** A quote's field (POST, PATCH /api/admin/quotes): an exemption, null to remove it, or absent. */
export const quoteTaxExemptionField = taxExemptionSchema.nullable().optional();

/** PATCH /api/admin/orders/:id: the exemption, or null to tax the order again. */
export const orderTaxExemptionSchema = z
  .object({ taxExemption: taxExemptionSchema.nullable() })
  .strict();
