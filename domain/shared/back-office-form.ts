/**
 * The order page's forms (visit, payment or refund, adjustment after measuring) → the inputs of
 * domain/back-office-schema.ts: the page action and the browser read a form with
 * the same function and check it with the same schema the API takes, so errors are keyed by the
 * form's field names. The adjustment form takes sizes as the storefront does:
 * "36 1/2", "36.5", "36-1/2" or whole inches with the eighths menu.
 */
import "./zod-in-browser";
import { z } from "zod";
import {
  adjustQuantityField,
  changesSomething,
  type ItemAdjustment,
  type ItemAdjustmentPreview,
  NOTHING_TO_CHANGE,
  reasonField,
} from "./back-office-schema";
import { combineSize } from "./size-input";

/** A form field as text ("" when missing). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** An optional number field: undefined when blank (NaN, refused by the schema, when not a number). */
export function formNumber(form: FormData, name: string): number | undefined {
  const text = formText(form, name).trim();
  return text === "" ? undefined : Number(text);
}

const checked = (form: FormData, name: string) => form.get(name) === "on";

/** "Not assigned" is blank: null. */
function staffIdOf(form: FormData): number | null {
  return formNumber(form, "staffId") ?? null;
}

/** The "Book a visit" form → visitCreateSchema's input. */
export function visitCreateFromForm(form: FormData) {
  return {
    kind: formText(form, "kind"),
    date: formText(form, "date"),
    start: formText(form, "start"),
    end: formText(form, "end"),
    staffId: staffIdOf(form),
    notifyCustomer: checked(form, "notifyCustomer"),
    twoPersonJob: checked(form, "twoPersonJob"),
  };
}

/** A visit's "Change this visit" form → visitUpdateSchema's input. */
export function visitUpdateFromForm(form: FormData) {
  return {
    date: formText(form, "date"),
    start: formText(form, "start"),
    end: formText(form, "end"),
    staffId: staffIdOf(form),
    status: formText(form, "status"),
    notifyCustomer: checked(form, "notifyCustomer"),
    twoPersonJob: checked(form, "twoPersonJob"),
  };
}

/** The payment form → paymentSchema's input (dollars as typed; negative for a refund). */
export function paymentFromForm(form: FormData) {
  return {
    amount: formNumber(form, "amount"),
    method: formText(form, "method"),
    reference: formText(form, "reference"),
    note: formText(form, "note"),
    emailReceipt: checked(form, "emailReceipt"),
  };
}

/** Labels of the order page's fields, for the schemas' messages ("amount must …" → "Amount must …"). */
export const ORDER_FORM_LABELS: Readonly<Record<string, string>> = {
  kind: "Kind of visit",
  date: "Date",
  start: "From",
  end: "To",
  staffId: "Staff member",
  status: "Visit status",
  amount: "Amount",
  method: "Method",
  reference: "Reference",
  note: "Note",
  width: "Width",
  height: "Height",
  quantity: "Quantity",
  reason: "Reason",
};

/**
 * Sizes typed on the adjustment form: the whole part is checked against the item's own range
 * by the service (and its preview), which names the field; here only the writing is checked.
 */
const TYPED_SIZE_RANGE = { min: 1, max: 9999 };

/** The adjustment form as typed: sizes as text with their eighths menus. */
export interface ItemAdjustmentForm {
  width: string;
  widthEighths: string;
  height: string;
  heightEighths: string;
  quantity: number | undefined;
  reason: string;
  notifyCustomer: boolean;
}

/** A typed size and its eighths menu → decimal inches, or an issue at the size's field. */
function typedSize(
  text: string,
  menu: string,
  label: string,
  path: "width" | "height",
  ctx: z.RefinementCtx,
): number | undefined {
  const fraction = Number(menu || "0");
  if (text.trim() === "") {
    if (fraction !== 0) {
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: `${label}: type the whole inches too.`,
      });
    }
    return undefined;
  }
  const parsed = combineSize(text, fraction, TYPED_SIZE_RANGE, label);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", path: [path], message: parsed.message });
    return undefined;
  }
  return parsed.inches;
}

const typedFields = {
  width: z.string(),
  widthEighths: z.string(),
  height: z.string(),
  heightEighths: z.string(),
  // Checked inside the transform with the API's rule, so every field's error shows at once.
  quantity: z.number().optional(),
};

/** `value` checked by `rule`; its issues at `path` (so one refusal never hides another). */
function checkWith<T>(rule: z.ZodType<T>, value: unknown, path: string, ctx: z.RefinementCtx) {
  const result = rule.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: "custom", path: [path], message: issue.message });
  }
  return undefined;
}

/** The typed sizes → inches (issues at their fields); "nothing to change" shown at the width. */
function readTypedSizes(
  form: {
    width: string;
    widthEighths: string;
    height: string;
    heightEighths: string;
    quantity?: number;
  },
  ctx: z.RefinementCtx,
): ItemAdjustmentPreview {
  const width = typedSize(form.width, form.widthEighths, "Width", "width", ctx);
  const height = typedSize(form.height, form.heightEighths, "Height", "height", ctx);
  const sizeTyped = form.width.trim() !== "" || form.height.trim() !== "";
  const quantity =
    form.quantity === undefined
      ? undefined
      : checkWith(adjustQuantityField, form.quantity, "quantity", ctx);
  const input = { width, height, quantity };
  if (!sizeTyped && !changesSomething(input)) {
    ctx.addIssue({ code: "custom", path: ["width"], message: NOTHING_TO_CHANGE.message });
  }
  return input;
}

/**
 * The adjustment form's schema: the typed sizes read by the storefront's parser, the quantity,
 * reason and "something changes" rules of the API's `itemAdjustmentSchema`; its output is the
 * API's input (`ItemAdjustment`).
 */
export const itemAdjustmentFormSchema = z
  .object({ ...typedFields, reason: z.string(), notifyCustomer: z.boolean() })
  .transform(
    (form, ctx): ItemAdjustment => ({
      ...readTypedSizes(form, ctx),
      reason: checkWith(reasonField, form.reason, "reason", ctx) ?? "",
      notifyCustomer: form.notifyCustomer,
    }),
  );

/** The same form read for its preview (the reason is not needed yet): the API's preview input. */
export const itemAdjustmentPreviewFormSchema = z
  .object(typedFields)
  .transform((form, ctx): ItemAdjustmentPreview => readTypedSizes(form, ctx));

/** The adjustment form → itemAdjustmentFormSchema's input. */
export function itemAdjustmentFromForm(form: FormData): ItemAdjustmentForm {
  return {
    width: formText(form, "width"),
    widthEighths: formText(form, "widthEighths"),
    height: formText(form, "height"),
    heightEighths: formText(form, "heightEighths"),
    quantity: formNumber(form, "quantity"),
    reason: formText(form, "reason"),
    notifyCustomer: checked(form, "notifyCustomer"),
  };
}

/** The item the adjustment form changes (0, never a row, when missing). */
export function adjustedItemId(form: FormData): number {
  const id = formNumber(form, "itemId");
  return id !== undefined && Number.isInteger(id) && id > 0 ? id : 0;
}
