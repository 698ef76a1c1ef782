/**
 * Review input: one schema for the home review form and
 * POST /api/reviews. `website` is a honeypot: people never see it, bots fill it.
 */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { optionalText } from "../shared/schema-fields";
import { hasVisibleText, invisibleNameMessage } from "../shared/visible-text";
import { DEFAULT_RATING, REVIEW_LIMITS, REVIEW_PRODUCT_OPTIONS } from "./review-fields";

export {
  DEFAULT_RATING,
  initials,
  type PublicReview,
  REVIEW_LIMITS,
  REVIEW_PRODUCT_OPTIONS,
  type ReviewProductType,
  reviewProductLabel,
} from "./review-fields";

const PRODUCT_VALUES = REVIEW_PRODUCT_OPTIONS.map((o) => o.value);

export const emailSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(REVIEW_LIMITS.emailMax, `${label} must be at most ${REVIEW_LIMITS.emailMax} characters`)
    .pipe(z.email(`${label} must be a valid email address such as name@example.com`));

/** The honeypot: any text (bots fill it); people leave it empty. */
export const honeypotSchema = z.string().max(1000).nullish();

export const reviewInputSchema = z.object({
  customerName: z
    .string({ error: "customerName is required" })
    .trim()
    .min(
      REVIEW_LIMITS.nameMin,
      `customerName must be ${REVIEW_LIMITS.nameMin}–${REVIEW_LIMITS.nameMax} characters`,
    )
    .max(
      REVIEW_LIMITS.nameMax,
      `customerName must be ${REVIEW_LIMITS.nameMin}–${REVIEW_LIMITS.nameMax} characters`,
    )
    .refine(hasVisibleText, invisibleNameMessage("customerName")),
  customerEmail: emailSchema("customerEmail"),
  customerLocation: optionalText("customerLocation", REVIEW_LIMITS.locationMax),
  productType: z
    .union([z.enum(PRODUCT_VALUES), z.literal("")], {
      error: `productType must be one of ${PRODUCT_VALUES.join(", ")}, or empty`,
    })
    .nullish()
    .transform((v) => (v ? v : null)),
  rating: z
    .number({ error: "rating must be a whole number from 1 to 5" })
    .int("rating must be a whole number from 1 to 5")
    .min(1, "rating must be a whole number from 1 to 5")
    .max(5, "rating must be a whole number from 1 to 5")
    .default(DEFAULT_RATING),
  reviewText: z
    .string({ error: "reviewText is required" })
    .trim()
    .min(
      REVIEW_LIMITS.textMin,
      `reviewText must be ${REVIEW_LIMITS.textMin}–${REVIEW_LIMITS.textMax} characters`,
    )
    .max(
      REVIEW_LIMITS.textMax,
      `reviewText must be ${REVIEW_LIMITS.textMin}–${REVIEW_LIMITS.textMax} characters`,
    ),
  website: honeypotSchema,
  /** The completion email's review link token: the review is a verified purchase. */
  reviewToken: z
    .string({ error: "reviewToken must be text" })
    .max(100, "reviewToken must be at most 100 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});

export type ReviewInput = z.output<typeof reviewInputSchema>;
