/**
 * Inputs of the back office's business: visits, payments, staff, adjustments after
 * measuring and the status change back one step. One schema per input, used by the admin pages'
 * actions and by /api/admin.
 */
// First: zod is told to run jitless in the browser (the order page's forms check with these).
import "./zod-in-browser";
import { z } from "zod";
import { VISIT_KINDS, VISIT_STATUSES } from "../scheduling/visit-time";
import { dateField, optionalText, timeField } from "./schema-fields";

const staffIdField = z
  .number({ error: "staffId must be a staff member's id or null" })
  .int("staffId must be a staff member's id or null")
  .positive("staffId must be a staff member's id or null")
  .nullable();
const notify = z.boolean({ error: "notifyCustomer must be true or false" }).default(false);
const twoPerson = z.boolean({ error: "twoPersonJob must be true or false" }).default(false);

function endAfterStart(v: { start?: string; end?: string }) {
  return v.start === undefined || v.end === undefined || v.start < v.end;
}
const END_AFTER_START = { message: "end must be after start", path: ["end"] };

export const visitCreateSchema = z
  .object({
    kind: z.enum(VISIT_KINDS, { error: "kind must be measure or install" }),
    date: dateField("date"),
    start: timeField("start"),
    end: timeField("end"),
    staffId: staffIdField.optional().transform((v) => v ?? null),
    notifyCustomer: notify,
    /** Book it although the installer has another visit then. */
    twoPersonJob: twoPerson,
  })
  .refine(endAfterStart, END_AFTER_START);
export type VisitCreate = z.output<typeof visitCreateSchema>;

export const visitUpdateSchema = z
  .object({
    kind: z.enum(VISIT_KINDS, { error: "kind must be measure or install" }).optional(),
    date: dateField("date").optional(),
    start: timeField("start").optional(),
    end: timeField("end").optional(),
    staffId: staffIdField.optional(),
    status: z
      .enum(VISIT_STATUSES, { error: "status must be scheduled, done or cancelled" })
      .optional(),
    notifyCustomer: notify,
    twoPersonJob: twoPerson,
  })
  .refine(endAfterStart, END_AFTER_START);
export type VisitUpdate = z.output<typeof visitUpdateSchema>;

export const visitsQuerySchema = z
  .object({ from: dateField("from"), to: dateField("to") })
  .refine((v) => v.from <= v.to, { message: "to must not be before from", path: ["to"] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 62 * 86_400_000, {
    message: "from and to must be at most 62 days apart",
    path: ["to"],
  });

export const PAYMENT_METHODS = ["cash", "check", "card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  check: "Check",
  card: "Card",
  other: "Other",
};
const PAYMENT_MAX = 1_000_000;

export const paymentSchema = z.object({
  amount: z
    .number({ error: "amount must be a number of dollars, negative for a refund" })
    .refine((v) => v !== 0, "amount must not be zero")
    .refine((v) => Math.abs(v) <= PAYMENT_MAX, `amount must be at most ${PAYMENT_MAX} dollars`)
    // 1e-7 used to pass as "whole cents" and record $0.00.
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      "amount must be whole cents (at most 2 decimals)",
    )
    .refine(
      (v) => Math.round(Math.abs(v) * 100) >= 1,
      "amount must be at least 0.01 dollars (a refund at most -0.01)",
    ),
  method: z.enum(PAYMENT_METHODS, { error: "method must be cash, check, card or other" }),
  reference: optionalText("reference", 100),
  note: optionalText("note", 500),
  /** Email the customer a receipt listing every payment. */
  emailReceipt: z.boolean({ error: "emailReceipt must be true or false" }).default(false),
});
export type PaymentInput = z.output<typeof paymentSchema>;

export const reasonField = z
  .string({ error: "reason must be text" })
  .trim()
  .min(1, "Say why (the reason goes into the history).")
  .max(500, "reason must be at most 500 characters");

/** A size after measuring: decimal inches to the eighth (36.375 = 36 3/8"). */
const sizeField = (name: string) =>
  z
    .number({ error: `${name} must be a number of inches` })
    .positive(`${name} must be a number of inches`)
    .refine((v) => Number.isInteger(v * 8), `${name} must be whole eighths of an inch`);

export const adjustQuantityField = z
  .number({ error: "quantity must be a whole number from 1 to 99" })
  .int("quantity must be a whole number from 1 to 99")
  .min(1, "quantity must be a whole number from 1 to 99")
  .max(99, "quantity must be a whole number from 1 to 99");

/** An adjustment changes the width, the height or the quantity. */
export function changesSomething(v: { width?: number; height?: number; quantity?: number }) {
  return v.width !== undefined || v.height !== undefined || v.quantity !== undefined;
}
export const NOTHING_TO_CHANGE = { message: "Give a new width, height or quantity." };

/**
 * Options settled after measuring: the cart's `configuration` fields, merged into the item's
 * own; the service checks them against the item's product type as the cart does.
 */
const configurationChange = z.record(z.string(), z.unknown(), {
  error: "configuration must be a JSON object of the item's options",
});

export const itemAdjustmentSchema = z
  .object({
    width: sizeField("width").optional(),
    height: sizeField("height").optional(),
    quantity: adjustQuantityField.optional(),
    configuration: configurationChange.optional(),
    reason: reasonField,
    notifyCustomer: notify,
  })
  .refine(
    (v) =>
      changesSomething(v) ||
      (v.configuration !== undefined && Object.keys(v.configuration).length > 0),
    {
      message: "Give a new width, height, quantity or configuration.",
    },
  );
export type ItemAdjustment = z.output<typeof itemAdjustmentSchema>;

/** What an adjustment would do, nothing saved (the adjustment form's preview): no reason yet. */
export const itemAdjustmentPreviewSchema = z
  .object({
    width: sizeField("width").optional(),
    height: sizeField("height").optional(),
    quantity: adjustQuantityField.optional(),
  })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type ItemAdjustmentPreview = z.output<typeof itemAdjustmentPreviewSchema>;

export const receiptEmailSchema = z.object({}).strict();
