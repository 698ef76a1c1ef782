/**
 * Supplier orders, receiving, remakes and the installer's close-out: the inputs' schemas, the
 * statuses and their labels, and the pure rules (overdue, received, ready to install).
 */
import { z } from "zod";
import { isIsoDate } from "../scheduling/visit-time";
import { paymentSchema } from "../shared/back-office-schema";
import { oneOf } from "../shared/one-of";
import { dollarsField, optionalText } from "../shared/schema-fields";

export const PURCHASE_ORDER_STATUSES = [
  "draft",
  "sent",
  "confirmed",
  "partly_received",
  "received",
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: "Not sent",
  sent: "Sent",
  confirmed: "Confirmed",
  partly_received: "Partly received",
  received: "Received",
};
export function isPurchaseOrderStatus(value: string): value is PurchaseOrderStatus {
  return oneOf(PURCHASE_ORDER_STATUSES, value);
}

/** "PO-1001" */
export function poLabel(poNumber: number): string {
  return `PO-${poNumber}`;
}

/** Past its expected ship date and not all received (the day itself is not late). */
export function isOverdue(
  po: { status: string; expectedShipDate: string },
  today: string,
): boolean {
  return po.status !== "received" && po.expectedShipDate < today;
}

export interface LineProgress {
  quantity: number;
  receivedQuantity: number;
}

/** The status a purchase order has once its lines say what arrived. */
export function statusAfterReceiving(
  current: PurchaseOrderStatus,
  lines: readonly LineProgress[],
): PurchaseOrderStatus {
  const all = lines.length > 0 && lines.every((l) => l.receivedQuantity >= l.quantity);
  if (all) return "received";
  if (lines.some((l) => l.receivedQuantity > 0)) return "partly_received";
  return current;
}

/**
 * Ready to install: every item that is made for the order has at least one purchase order line
 * and every line (remakes included) arrived in full.
 */
export function allItemsReceived(
  itemIds: readonly number[],
  lines: readonly (LineProgress & { orderItemId: number })[],
): boolean {
  if (itemIds.length === 0) return false;
  return itemIds.every((id) => {
    const own = lines.filter((l) => l.orderItemId === id);
    return own.length > 0 && own.every((l) => l.receivedQuantity >= l.quantity);
  });
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);
const leadDays = z
  .number({ error: "leadDays must be a whole number of days" })
  .int("leadDays must be a whole number of days")
  .min(0, "leadDays must be 0 or more")
  .max(365, "leadDays must be at most 365");
const email = z
  .string({ error: "email must be an email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("email must be an email address"))
  .pipe(z.string().max(254, "email must be at most 254 characters"));

export const supplierCreateSchema = z.object({
  name: text("name", 120),
  email,
  phone: optionalText("phone", 40),
  accountNumber: optionalText("accountNumber", 60),
  leadDays,
});
export type SupplierCreate = z.output<typeof supplierCreateSchema>;

export const supplierUpdateSchema = z
  .object({
    name: text("name", 120).optional(),
    email: email.optional(),
    phone: optionalText("phone", 40).optional(),
    accountNumber: optionalText("accountNumber", 60).optional(),
    leadDays: leadDays.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send at least one of name, email, phone, accountNumber, leadDays.",
  });
export type SupplierUpdate = z.output<typeof supplierUpdateSchema>;

export const productSupplierSchema = z.object({
  supplierId: z
    .number({ error: "supplierId must be a supplier's id or null" })
    .int("supplierId must be a supplier's id or null")
    .positive("supplierId must be a supplier's id or null")
    .nullable(),
});

export const purchaseOrderUpdateSchema = z
  .object({
    supplierReference: optionalText("supplierReference", 80).optional(),
    expectedShipDate: z
      .string({ error: "expectedShipDate must be a date (YYYY-MM-DD)" })
      .refine(isIsoDate, "expectedShipDate must be a date (YYYY-MM-DD)")
      .optional(),
    /** The supplier's cost of a piece, per line (`itemId` the order item), dollars → cents. */
    lines: z
      .array(
        z.object({
          itemId: z
            .number({ error: "itemId must be an id" })
            .int("itemId must be an id")
            .positive("itemId must be an id"),
          unitCost: dollarsField("unitCost", 0, 100_000),
        }),
        { error: "lines must be a list of { itemId, unitCost }" },
      )
      .min(1, "lines must list at least one line")
      .max(200, "lines must list at most 200 lines")
      .optional(),
  })
  .refine(
    (v) =>
      v.supplierReference !== undefined ||
      v.expectedShipDate !== undefined ||
      v.lines !== undefined,
    { message: "Send supplierReference, expectedShipDate or lines." },
  );
export type PurchaseOrderUpdate = z.output<typeof purchaseOrderUpdateSchema>;

const positiveId = (name: string) =>
  z
    .number({ error: `${name} must be an id` })
    .int(`${name} must be an id`)
    .positive(`${name} must be an id`);

export const receiveSchema = z.object({
  items: z
    .array(
      z.object({
        itemId: positiveId("itemId"),
        quantity: z
          .number({ error: "quantity must be a whole number" })
          .int("quantity must be a whole number")
          .min(1, "quantity must be at least 1")
          .max(1000, "quantity must be at most 1000"),
      }),
      { error: "items must be a list of { itemId, quantity }" },
    )
    .min(1, "items must list at least one item")
    .max(200, "items must list at most 200 items"),
});
export type ReceiveInput = z.output<typeof receiveSchema>;

export const PURCHASE_ORDER_FILTERS = [
  "open",
  "overdue",
  ...PURCHASE_ORDER_STATUSES,
  "all",
] as const;
export type PurchaseOrderFilter = (typeof PURCHASE_ORDER_FILTERS)[number];
/** The statuses of a purchase order still waiting for something. */
export const OPEN_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = [
  "draft",
  "sent",
  "confirmed",
  "partly_received",
];
export const purchaseOrdersQuerySchema = z.object({
  orderId: z.coerce
    .number({ error: "orderId must be an order's id" })
    .int("orderId must be an order's id")
    .positive("orderId must be an order's id")
    .optional(),
  status: z
    .enum(PURCHASE_ORDER_FILTERS, {
      error: `status must be one of ${PURCHASE_ORDER_FILTERS.join(", ")}`,
    })
    .default("all"),
});

export const REMAKE_REASONS = ["mis-measure", "damaged", "defect", "other"] as const;
export type RemakeReason = (typeof REMAKE_REASONS)[number];
export const REMAKE_REASON_LABELS: Record<RemakeReason, string> = {
  "mis-measure": "Mis-measure",
  damaged: "Damaged",
  defect: "Defect",
  other: "Other",
};
export const REMAKE_PAYERS = ["store", "supplier"] as const;
export type RemakePayer = (typeof REMAKE_PAYERS)[number];
export const REMAKE_PAYER_LABELS: Record<RemakePayer, string> = {
  store: "The store",
  supplier: "The supplier",
};

export const remakeSchema = z.object({
  reason: z.enum(REMAKE_REASONS, {
    error: "reason must be mis-measure, damaged, defect or other",
  }),
  note: text("note", 500),
  paidBy: z.enum(REMAKE_PAYERS, { error: "paidBy must be store or supplier" }),
});
export type RemakeInput = z.output<typeof remakeSchema>;

export const remakesQuerySchema = z.object({
  month: z
    .string({ error: "month must be YYYY-MM" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be YYYY-MM")
    .optional(),
});

// ---- The installer's close-out ----

export const CLOSE_OUT_PHOTOS_MAX = 10;
export const SIGNATURE_BYTES_MAX = 512 * 1024;
export const CLOSE_OUT_ITEM_STATUSES = ["installed", "problem"] as const;
export type CloseOutItemStatus = (typeof CLOSE_OUT_ITEM_STATUSES)[number];

export const closeOutItemsSchema = z
  .array(
    z
      .object({
        itemId: positiveId("itemId"),
        status: z.enum(CLOSE_OUT_ITEM_STATUSES, {
          error: "Tick Installed or Problem for this item.",
        }),
        note: optionalText("note", 500).optional(),
      })
      .refine((i) => i.status !== "problem" || Boolean(i.note), {
        message: "Say what the problem is in the note.",
        path: ["note"],
      }),
    { error: "items must be a list of { itemId, status, note }" },
  )
  .min(1, "items must list every item of the visit")
  .max(200, "items must list at most 200 items");

/**
 * The balance collected at the close-out (the payments rules; a refund is the office's, never
 * the installer's on site).
 */
export const closeOutPaymentSchema = paymentSchema
  .pick({ amount: true, method: true, reference: true })
  .refine((p) => p.amount > 0, {
    message: "amount must be the positive amount collected (refunds are recorded by the office)",
    path: ["amount"],
  });
export type CloseOutPayment = z.output<typeof closeOutPaymentSchema>;

export const closeOutSchema = z.object({
  items: closeOutItemsSchema,
  signerName: text("signerName", 120),
  // A balance due is collected now (payment) or left due with a reason (the product rules "The
  // order follows the work to the end"); the service knows the balance and decides.
  payment: closeOutPaymentSchema.optional(),
  balanceReason: optionalText("balanceReason", 500).optional(),
  // The signature and the photos are files, checked by the service; the schema checks that the
  // customer signed and how many photos there are, so the browser refuses what the API would.
  signed: z.literal(true, { error: "Ask the customer to sign in the box." }),
  photoCount: z
    .number()
    .int()
    .max(CLOSE_OUT_PHOTOS_MAX, `Choose at most ${CLOSE_OUT_PHOTOS_MAX} photos.`),
});
export type CloseOutInput = z.output<typeof closeOutSchema>;

/** The multipart form's text fields as the schema reads them (`items` is JSON). */
export function closeOutFromForm(form: FormData): Record<string, unknown> {
  const raw = form.get("items");
  let items: unknown = raw;
  if (typeof raw === "string") {
    try {
      items = JSON.parse(raw);
    } catch {
      items = raw;
    }
  }
  const signer = form.get("signerName");
  const signature = form.get("signature");
  const reason = form.get("balanceReason");
  return {
    items,
    signerName: typeof signer === "string" ? signer : undefined,
    payment: jsonField(form.get("payment")),
    balanceReason: typeof reason === "string" ? reason : undefined,
    signed: typeof signature !== "string" && signature !== null && signature.size > 0,
    photoCount: photoCount(form),
  };
}

/** A JSON field of a multipart form: absent or empty → undefined, unreadable → the text. */
function jsonField(raw: FormDataEntryValue | null): unknown {
  if (typeof raw !== "string" || raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The photos of a form (a file input left empty posts one empty file). */
export function photoCount(form: FormData): number {
  return form.getAll("photos").filter((f) => typeof f !== "string" && f.size > 0).length;
}
