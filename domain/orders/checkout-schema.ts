/**
 * Checkout: the customer's details and the totals they saw. Shared by the checkout form, its page action
 * and POST /api/orders. The checkout page checks its fields in the browser with
 * `customerInfoSchema`.
 */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { optionalLanguageSchema } from "../i18n/language-schema";
import { formText } from "../shared/form-text";
import { hasVisibleText, invisibleNameMessage } from "../shared/visible-text";
import { VISIT_WINDOWS, type VisitWindow } from "./checkout-fields";

export {
  hasMissingRequiredField,
  MISSING_INFORMATION,
  REQUIRED_CHECKOUT_FIELDS,
  VISIT_WINDOW_LABELS,
  VISIT_WINDOWS,
  type VisitWindow,
} from "./checkout-fields";

function required(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** US phone: 10 digits (optionally +1), area code and exchange not starting with 0 or 1. */
export function normalizeUsPhone(value: string): string | null {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

function personName(label: string, max: number) {
  return required(label, max).refine(hasVisibleText, invisibleNameMessage(label));
}

export const customerInfoSchema = z.object({
  firstName: personName("First name", 60),
  lastName: personName("Last name", 60),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Enter an email address such as name@example.com"))
    .transform((v) => v.toLowerCase()),
  phone: required("Phone", 30).transform((v, ctx) => {
    const phone = normalizeUsPhone(v);
    if (!phone) {
      ctx.addIssue({
        code: "custom",
        message: "Enter a US phone number with area code, such as (239) 555-0142",
      });
      return z.NEVER;
    }
    return phone;
  }),
  address: required("Street address", 120),
  city: required("City", 60),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === "FL", "We serve Florida only: state must be FL")
    .default("FL"),
  zipCode: required("ZIP code", 10).refine(
    (v) => /^\d{5}(-\d{4})?$/.test(v),
    "Enter a 5-digit ZIP code, such as 33901",
  ),
  specialInstructions: z
    .string()
    .trim()
    .max(1000, "Special instructions must be at most 1000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  visitWindow: z
    .union([z.enum(VISIT_WINDOWS), z.literal(""), z.null()], {
      error: `visitWindow must be one of ${VISIT_WINDOWS.join(", ")}`,
    })
    .optional()
    .transform((v): VisitWindow | null => (v ? v : null)),
  /** "Text me about my appointments": unticked unless the shopper ticks it. */
  textReminders: z.boolean({ error: "textReminders must be true or false" }).default(false),
});

/** The name, contact and address fields that quotes, bookings and estimate requests take. */
/** The labels of the customer's contact fields, for the messages of a refused form. */
export { CUSTOMER_FIELD_LABELS } from "./checkout-fields";

export const customerContactShape = {
  firstName: customerInfoSchema.shape.firstName,
  lastName: customerInfoSchema.shape.lastName,
  email: customerInfoSchema.shape.email,
  phone: customerInfoSchema.shape.phone,
  address: customerInfoSchema.shape.address,
  city: customerInfoSchema.shape.city,
  zipCode: customerInfoSchema.shape.zipCode,
};
export type CustomerInfo = z.output<typeof customerInfoSchema>;

/** The contact fields of a posted form, as `customerContactShape` reads them ("" when absent). */
export function customerContactFromForm(form: FormData) {
  const text = (name: string) => formText(form, name) ?? "";
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    zipCode: text("zipCode"),
  };
}

const amount = z.union([z.number(), z.string()], {
  error: "totals must hold numbers such as 123.45",
});

/** The totals the shopper saw; the server refuses the order (409) when its own differ. */
export const clientTotalsSchema = z.object(
  {
    subtotal: amount,
    multipleBlindDiscount: amount,
    shipping: amount,
    tax: amount,
    total: amount,
  },
  { error: "totals are required: subtotal, multipleBlindDiscount, shipping, tax, total" },
);
export type ClientTotals = z.output<typeof clientTotalsSchema>;

/**
 * POST /api/orders. `items` is accepted as the spec sends it, and ignored: the cart is the truth.
 * `language` is the checkout page's; absent, the order takes the cart's.
 */
export const orderSubmissionSchema = z.object({
  items: z.unknown().optional(),
  customerInfo: customerInfoSchema,
  totals: clientTotalsSchema,
  language: optionalLanguageSchema,
});
export type OrderSubmission = z.output<typeof orderSubmissionSchema>;

/** The checkout form's flat fields → the same shape as the JSON submission. */
export function orderSubmissionFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => formText(form, name);
  return {
    customerInfo: {
      ...customerContactFromForm(form),
      state: "FL",
      specialInstructions: text("specialInstructions"),
      visitWindow: text("visitWindow") ?? null,
      textReminders: text("textReminders") === "on" || text("textReminders") === "true",
    },
    totals: {
      subtotal: text("totals.subtotal") ?? "",
      multipleBlindDiscount: text("totals.multipleBlindDiscount") ?? "",
      shipping: text("totals.shipping") ?? "",
      tax: text("totals.tax") ?? "",
      total: text("totals.total") ?? "",
    },
  };
}
