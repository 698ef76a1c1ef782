/**
 * Inputs of quotes and of the owner's sales
 * settings: one schema each, used by the pages' actions and by the API.
 */

// First: zod is told to run jitless in the browser (the quote builder checks with these).
import "../shared/zod-in-browser";
import { z } from "zod";
import { quoteTaxExemptionField } from "../books/tax-exemption-schema";
import { optionalLanguageSchema } from "../i18n/language-schema";
import { CUSTOMER_FIELD_LABELS, customerContactShape } from "../orders/checkout-schema";
import { isIsoDate } from "../scheduling/visit-time";
import { propertyOf } from "../shared/property-of";
import { type CartItemInput, cartItemInputSchema } from "../storefront/cart-schema";
import { type MeasuredSize, measuredSizeSchema } from "./measured-size";
import { QUOTE_STATUSES } from "./quote";

export const QUOTE_ITEMS_MAX = 50;
/** Ids are 32-bit integers in both databases: a larger number is no id (400, never a 500). */
const ID_MAX = 2_147_483_647;
export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_MESSAGE_MAX = 2000;
export const SIGNATURE_NAME_MAX = 120;

/**
 * The quote's customer. `language` ("en" or "es") is the language of the sale: the quote's
 * emails, page and agreement PDF use it. Absent: a new quote takes the visit's or order's
 * language (else English), an edit keeps the quote's.
 */
export const quoteCustomerSchema = z.object(
  { ...customerContactShape, language: optionalLanguageSchema },
  {
    error: "customer must hold firstName, lastName, email, phone, address, city and zipCode",
  },
);
export type QuoteCustomer = z.output<typeof quoteCustomerSchema>;

/** A quote started from scratch: every contact field blank. */
export const EMPTY_CUSTOMER: Readonly<QuoteCustomer> = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  zipCode: "",
};

/** At most this many alternatives per window: with the item itself, good, better, best and one more. */
export const QUOTE_ALTERNATIVES_MAX = 4;

/**
 * A quote item: a cart item with `optional`, and the alternatives offered for the same window
 * (decision 570), each a cart item of its own that takes the item's quantity and room label unless
 * it gives its own.
 */
export type QuoteItemInput = CartItemInput & {
  optional: boolean;
  alternatives?: CartItemInput[];
  /** The window's measurements the size came from (decision 573); its alternatives share them. */
  measured?: MeasuredSize | null;
};

function parseAlternatives(
  raw: unknown,
  item: CartItemInput,
  ctx: z.RefinementCtx,
): CartItemInput[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    ctx.addIssue({
      code: "custom",
      path: ["alternatives"],
      message: "alternatives must be a list of items",
    });
    return undefined;
  }
  if (raw.length > QUOTE_ALTERNATIVES_MAX) {
    ctx.addIssue({
      code: "custom",
      path: ["alternatives"],
      message: `an item offers at most ${QUOTE_ALTERNATIVES_MAX} alternatives`,
    });
    return undefined;
  }
  const parsed: CartItemInput[] = [];
  raw.forEach((alternative: unknown, n) => {
    const path = ["alternatives", n];
    if (typeof alternative !== "object" || alternative === null || Array.isArray(alternative)) {
      ctx.addIssue({ code: "custom", path, message: "each alternative must be an item" });
      return;
    }
    for (const key of ["alternatives", "optional"] as const) {
      if (propertyOf(alternative, key) !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: [...path, key],
          message: `an alternative takes no ${key} of its own: the item it replaces has them`,
        });
        return;
      }
    }
    const result = cartItemInputSchema.safeParse({
      quantity: item.quantity,
      roomLabel: item.roomLabel,
      ...alternative,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", path: [...path, ...issue.path], message: issue.message });
      }
      return;
    }
    parsed.push(result.data);
  });
  return parsed.length === raw.length ? parsed : undefined;
}

/** A cart item with `optional` and `alternatives`. */
export const quoteItemSchema = z.unknown().transform((input, ctx): QuoteItemInput => {
  const optional = propertyOf(input, "optional");
  if (optional !== undefined && typeof optional !== "boolean") {
    ctx.addIssue({ code: "custom", path: ["optional"], message: "optional must be true or false" });
    return z.NEVER;
  }
  const item = cartItemInputSchema.safeParse(input);
  if (!item.success) {
    for (const issue of item.error.issues) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  const alternatives = parseAlternatives(propertyOf(input, "alternatives"), item.data, ctx);
  if (!alternatives) return z.NEVER;
  const rawMeasured = propertyOf(input, "measured");
  const measured = measuredSizeSchema.nullish().safeParse(rawMeasured);
  if (!measured.success) {
    for (const issue of measured.error.issues) {
      ctx.addIssue({ code: "custom", path: ["measured", ...issue.path], message: issue.message });
    }
    return z.NEVER;
  }
  return {
    ...item.data,
    optional: optional === true,
    alternatives,
    measured: measured.data ?? null,
  };
});

const percent = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 0 to 100` })
    .int(`${name} must be a whole number from 0 to 100`)
    .min(0, `${name} must be a whole number from 0 to 100`)
    .max(100, `${name} must be a whole number from 0 to 100`);

const positiveId = (name: string) =>
  z
    .number({ error: `${name} must be an id` })
    .int(`${name} must be an id`)
    .positive(`${name} must be an id`)
    .max(ID_MAX, `${name} must be an id`)
    .nullish()
    .transform((v) => v ?? null);

const quoteFields = {
  customer: quoteCustomerSchema,
  items: z
    .array(quoteItemSchema, { error: "items must be a list of items" })
    .min(1, "A quote needs at least one item")
    .max(QUOTE_ITEMS_MAX, `A quote holds at most ${QUOTE_ITEMS_MAX} items`),
  discountPercent: z
    .number({ error: "discountPercent must be a number from 0 to 100" })
    .min(0, "discountPercent must be a number from 0 to 100")
    .max(100, "discountPercent must be a number from 0 to 100")
    .refine((v) => Number.isInteger(v * 100), "discountPercent takes at most 2 decimals")
    .default(0),
  depositPercent: percent("depositPercent").optional(),
  validDays: z
    .number({ error: "validDays must be a whole number from 1 to 365" })
    .int("validDays must be a whole number from 1 to 365")
    .min(1, "validDays must be a whole number from 1 to 365")
    .max(365, "validDays must be a whole number from 1 to 365")
    .optional(),
  validUntil: z
    .string({ error: "validUntil must be a date (YYYY-MM-DD)" })
    .refine(isIsoDate, "validUntil must be a date (YYYY-MM-DD)")
    .optional(),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(QUOTE_NOTE_MAX, `note must be at most ${QUOTE_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  estimateId: positiveId("estimateId"),
  visitId: positiveId("visitId"),
  orderId: positiveId("orderId"),
  /** Office and owners only (the service refuses an installer's). */
  taxExemption: quoteTaxExemptionField,
};

export const quoteCreateSchema = z.object(quoteFields, {
  error: "Send the quote as a JSON object",
});
export type QuoteCreate = z.output<typeof quoteCreateSchema>;

/**
 * POST /api/admin/quotes with `fromMeasurements: true`: the items come from the visit's measured
 * windows and the customer from the visit unless given (decision 524).
 */
export const quoteFromMeasurementsSchema = z.object(
  {
    fromMeasurements: z.literal(true),
    visitId: z
      .number({ error: "visitId must be the id of the measurement visit" })
      .int("visitId must be the id of the measurement visit")
      .positive("visitId must be the id of the measurement visit")
      .max(ID_MAX, "visitId must be the id of the measurement visit"),
    customer: quoteCustomerSchema.optional(),
    discountPercent: quoteFields.discountPercent,
    depositPercent: quoteFields.depositPercent,
    validDays: quoteFields.validDays,
    validUntil: quoteFields.validUntil,
    note: quoteFields.note,
    taxExemption: quoteFields.taxExemption,
  },
  { error: "Send the quote as a JSON object" },
);
export type QuoteFromMeasurements = z.output<typeof quoteFromMeasurementsSchema>;

/** PATCH: the same fields, each optional; the links (estimate, visit, order) stay as made. */
export const quoteUpdateSchema = z.object(
  {
    customer: quoteFields.customer.optional(),
    items: quoteFields.items.optional(),
    discountPercent: quoteFields.discountPercent.unwrap().optional(),
    depositPercent: quoteFields.depositPercent,
    validDays: quoteFields.validDays,
    validUntil: quoteFields.validUntil,
    note: quoteFields.note,
    taxExemption: quoteFields.taxExemption,
  },
  { error: "Send the changes as a JSON object" },
);
export type QuoteUpdate = z.output<typeof quoteUpdateSchema>;

/**
 * The builder's check of a quote: the API's schema (create or update) and the owner's maximum
 * discount, which the service checks too (its refusal names `discountPercent` the same way).
 */
export function quoteBuilderSchema(editing: boolean, maxDiscountPercent: number) {
  const base: z.ZodType<{ discountPercent?: number }> = editing
    ? quoteUpdateSchema
    : quoteCreateSchema;
  return base.superRefine((v, ctx) => {
    if (v.discountPercent !== undefined && v.discountPercent > maxDiscountPercent) {
      ctx.addIssue({
        code: "custom",
        path: ["discountPercent"],
        message: `the discount can be at most ${maxDiscountPercent} % (the owner's setting).`,
      });
    }
  });
}

/** Labels of the builder's fields, by the last part of their path ("items.2.width" → Width). */
export const QUOTE_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...CUSTOMER_FIELD_LABELS,
  roomLabel: "Room label",
  width: "Width",
  height: "Height",
  quantity: "Quantity",
  discountPercent: "Discount",
  depositPercent: "Deposit",
  validDays: "Valid for",
  note: "Note",
  type: "Certificate type",
  certificateNumber: "Certificate number",
  expires: "Valid through",
};

export const quotesQuerySchema = z.object({
  status: z
    .enum(["all", ...QUOTE_STATUSES], {
      error: `status must be one of all, ${QUOTE_STATUSES.join(", ")}`,
    })
    .optional()
    .default("all"),
});

export const quoteAcceptSchema = z.object(
  {
    signatureName: z
      .string({ error: "Type your full name to sign" })
      .trim()
      .min(2, "Type your full name to sign")
      .max(SIGNATURE_NAME_MAX, `Your name must be at most ${SIGNATURE_NAME_MAX} characters`),
    agree: z
      .boolean({ error: "Tick “I agree” to accept the quote" })
      .refine((v) => v, "Tick “I agree” to accept the quote"),
    revision: z
      .number({ error: "revision must be the quote's revision number" })
      .int("revision must be the quote's revision number")
      .positive("revision must be the quote's revision number")
      .max(ID_MAX, "revision must be the quote's revision number"),
    optionalItemIds: z
      .array(z.number().int().positive().max(ID_MAX), {
        error: "optionalItemIds must be a list of item ids",
      })
      .max(QUOTE_ITEMS_MAX)
      .optional()
      .default([]),
    choices: z
      .array(
        z.object(
          {
            itemId: z
              .number({ error: "itemId must be the id of an item of this quote" })
              .int("itemId must be the id of an item of this quote")
              .positive("itemId must be the id of an item of this quote")
              .max(ID_MAX, "itemId must be the id of an item of this quote"),
            alternativeId: z
              .number({ error: "alternativeId must be the id of one of the item's alternatives" })
              .int("alternativeId must be the id of one of the item's alternatives")
              .positive("alternativeId must be the id of one of the item's alternatives")
              .max(ID_MAX, "alternativeId must be the id of one of the item's alternatives"),
          },
          { error: "each choice must be { itemId, alternativeId }" },
        ),
        { error: "choices must be a list of { itemId, alternativeId }" },
      )
      .max(QUOTE_ITEMS_MAX)
      .optional()
      .default([]),
  },
  { error: "Send your name, “I agree” and the revision as a JSON object" },
);
export type QuoteAccept = z.output<typeof quoteAcceptSchema>;

export const quoteDeclineSchema = z.object({
  reason: z
    .string({ error: "reason must be text" })
    .trim()
    .max(QUOTE_MESSAGE_MAX, `reason must be at most ${QUOTE_MESSAGE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const quoteQuestionSchema = z.object({
  message: z
    .string({ error: "Write your question" })
    .trim()
    .min(1, "Write your question")
    .max(QUOTE_MESSAGE_MAX, `Your question must be at most ${QUOTE_MESSAGE_MAX} characters`),
});

const setting = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

/** PATCH /api/admin/settings: any subset; the others unchanged. */
export const salesSettingsSchema = z.object({
  depositPercent: setting("depositPercent", 0, 100).optional(),
  cancelBusinessDays: setting("cancelBusinessDays", 0, 30).optional(),
  quoteValidDays: setting("quoteValidDays", 1, 365).optional(),
  maxDiscountPercent: setting("maxDiscountPercent", 0, 100).optional(),
  bookingHorizonDays: setting("bookingHorizonDays", 1, 365).optional(),
});
export type SalesSettingsInput = z.output<typeof salesSettingsSchema>;

/** PATCH /api/admin/settings: the two-factor switch and the sales settings, any subset. */
export const adminSettingsSchema = salesSettingsSchema.extend({
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }).optional(),
});
