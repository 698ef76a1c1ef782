/**
 * The purchasing forms (suppliers, a product's supplier, the supplier's answer, receiving, a
 * remake, the installer's close-out and "On my way") → the inputs of the API's schemas
 *: the page action and the browser read a form with the same function
 * and check it with the schema the API takes, so errors are keyed by the form's field names.
 */
import "../shared/zod-in-browser";
import { formNumber, formText } from "../shared/back-office-form";
import { photoCount } from "./purchasing";

/** "Add a supplier" → supplierCreateSchema's input. */
export function supplierCreateFromForm(form: FormData) {
  return {
    name: formText(form, "name"),
    email: formText(form, "email"),
    phone: formText(form, "phone"),
    accountNumber: formText(form, "accountNumber"),
    leadDays: formNumber(form, "leadDays"),
  };
}

/** A product's "made by" → productSupplierSchema's input ("Not chosen" is null). */
export function productSupplierFromForm(form: FormData) {
  return { supplierId: formNumber(form, "supplierId") ?? null };
}

/** The supplier's answer → purchaseOrderUpdateSchema's input (a blank date is left out). */
export function purchaseOrderUpdateFromForm(form: FormData) {
  return {
    supplierReference: formText(form, "supplierReference"),
    expectedShipDate: formText(form, "expectedShipDate") || undefined,
  };
}

/** The unit cost field of one order item on the purchase order's cost form. */
export const unitCostName = (itemId: number | string) => `unitCost-${itemId}`;

/**
 * The cost form → purchaseOrderUpdateSchema's `lines`: a blank field leaves its line as it is;
 * anything else is sent (a broken number too, so the schema refuses it at its field).
 */
export function lineCostsFromForm(form: FormData) {
  const lines: { itemId: number; unitCost: number }[] = [];
  for (const id of form.getAll("itemId")) {
    const text = formText(form, unitCostName(String(id)))
      .trim()
      .replace(/^\$/, "");
    if (text === "") continue;
    lines.push({ itemId: Number(id), unitCost: Number(text) });
  }
  return { lines: lines.length ? lines : undefined };
}

/** `lines.1.unitCost` → the cost field of the second line sent. */
export function lineCostFieldName(path: string, form: FormData): string {
  const match = /^lines\.(\d+)\.unitCost$/.exec(path);
  const line = match ? lineCostsFromForm(form).lines?.[Number(match[1])] : undefined;
  return line ? unitCostName(line.itemId) : path.split(".")[0] || path;
}

/** The quantity field of one order item on the receiving form. */
export const receiveQuantityName = (itemId: number | string) => `quantity-${itemId}`;

/**
 * The receiving form → receiveSchema's input: a line left blank or at 0 is not received now;
 * anything else (a negative or broken number too) is sent, so the schema refuses it at its field.
 */
export function receiveFromForm(form: FormData) {
  const items: { itemId: number; quantity: number }[] = [];
  for (const id of form.getAll("itemId")) {
    const text = formText(form, receiveQuantityName(String(id))).trim();
    if (text === "" || Number(text) === 0) continue;
    items.push({ itemId: Number(id), quantity: Number(text) });
  }
  return { items };
}

/** `items.1.quantity` → the quantity field of the second line sent. */
export function receiveFieldName(path: string, form: FormData): string {
  const match = /^items\.(\d+)\.quantity$/.exec(path);
  const item = match ? receiveFromForm(form).items[Number(match[1])] : undefined;
  return item ? receiveQuantityName(item.itemId) : path.split(".")[0] || path;
}

/** "Remake an item" → remakeSchema's input (the item is the route's, read apart). */
export function remakeFromForm(form: FormData) {
  return {
    reason: formText(form, "reason"),
    note: formText(form, "note"),
    paidBy: formText(form, "paidBy"),
  };
}

/** The close-out's fields of one item. */
export const closeOutStatusName = (itemId: number) => `status-${itemId}`;
export const closeOutNoteName = (itemId: number) => `note-${itemId}`;

/**
 * The close-out form in the browser → closeOutSchema's input, as the API reads its multipart
 * body (closeOutFromForm): the checklist per item, the typed name, whether the customer signed,
 * and how many photos are chosen.
 */
export function closeOutFromFields(form: FormData, itemIds: readonly number[], signed: boolean) {
  return {
    items: itemIds.map((itemId) => ({
      itemId,
      status: formText(form, closeOutStatusName(itemId)),
      note: formText(form, closeOutNoteName(itemId)),
    })),
    signerName: formText(form, "signerName"),
    signed,
    photoCount: photoCount(form),
  };
}

/** `items.2.note` → the note field of the third item; `signed` → the signature box. */
export function closeOutFieldName(path: string, itemIds: readonly number[]): string {
  const match = /^items\.(\d+)\.(status|note)$/.exec(path);
  const itemId = match ? itemIds[Number(match[1])] : undefined;
  if (match && itemId !== undefined) {
    return match[2] === "note" ? closeOutNoteName(itemId) : closeOutStatusName(itemId);
  }
  if (path === "signed") return "signature";
  if (path === "photoCount") return "photos";
  return path.split(".")[0] || path;
}

/** "On my way" (its buttons post `minutes`) → onMyWaySchema's input. */
export function onMyWayFromForm(form: FormData) {
  return { minutes: formNumber(form, "minutes") };
}

/** Labels of the purchasing forms' fields ("leadDays must …" → "Lead time must …"). */
export const PURCHASING_FORM_LABELS: Readonly<Record<string, string>> = {
  name: "Name",
  email: "Order email",
  phone: "Phone",
  accountNumber: "Account number",
  leadDays: "Lead time",
  supplierId: "Supplier",
  supplierReference: "Supplier's reference",
  unitCost: "Unit cost",
  lines: "Costs",
  expectedShipDate: "Ship date",
  quantity: "Quantity",
  items: "What arrived",
  reason: "Reason",
  note: "Note",
  paidBy: "Who pays",
  signerName: "Customer's name",
  minutes: "Arrival estimate",
};

/** The remake form's labels: its note is "What happened". */
export const REMAKE_FORM_LABELS: Readonly<Record<string, string>> = {
  ...PURCHASING_FORM_LABELS,
  note: "What happened",
};
