/**
 * The purchasing forms read by the function the page action and the browser share, checked by
 * the API's schema: each refusal lands at the form's field, whatever its words.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { onMyWaySchema } from "../scheduling/booking-schema";
import { fieldsFromIssues, labelFields } from "../shared/form-messages";
import {
  closeOutSchema,
  productSupplierSchema,
  purchaseOrderUpdateSchema,
  receiveSchema,
  remakeSchema,
  supplierCreateSchema,
} from "./purchasing";
import {
  closeOutFieldName,
  closeOutFromFields,
  onMyWayFromForm,
  PURCHASING_FORM_LABELS,
  productSupplierFromForm,
  purchaseOrderUpdateFromForm,
  REMAKE_FORM_LABELS,
  receiveFieldName,
  receiveFromForm,
  remakeFromForm,
  supplierCreateFromForm,
} from "./purchasing-form";

function formOf(fields: [string, string | File][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

/** The fields a form is refused at (its names), as the page and the browser see them. */
function refusedAt(
  schema: z.ZodType,
  input: unknown,
  rename: (path: string) => string = (p) => p.split(".")[0] ?? p,
): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return Object.keys(labelFields(fieldsFromIssues(result.error.issues), {}, rename));
}

describe("the purchasing forms are refused at their fields", () => {
  const supplier = (over: Record<string, string>) =>
    formOf(
      Object.entries({
        name: "Gulf Shutters",
        email: "po@gulf.example.com",
        phone: "",
        accountNumber: "",
        leadDays: "14",
        ...over,
      }),
    );
  it.each([
    ["a good supplier", {}, []],
    ["no name", { name: " " }, ["name"]],
    ["a broken email", { email: "po@" }, ["email"]],
    ["a lead time past a year", { leadDays: "400" }, ["leadDays"]],
    ["a lead time that is no number", { leadDays: "two" }, ["leadDays"]],
    ["no lead time", { leadDays: "" }, ["leadDays"]],
  ])("add a supplier: %s", (_, over, fields) => {
    expect(refusedAt(supplierCreateSchema, supplierCreateFromForm(supplier(over)))).toEqual(fields);
  });

  it("a product's supplier: 'Not chosen' is null, an id is a number", () => {
    expect(productSupplierFromForm(formOf([["supplierId", ""]]))).toEqual({ supplierId: null });
    expect(
      refusedAt(productSupplierSchema, productSupplierFromForm(formOf([["supplierId", "3"]]))),
    ).toEqual([]);
    expect(
      refusedAt(productSupplierSchema, productSupplierFromForm(formOf([["supplierId", "x"]]))),
    ).toEqual(["supplierId"]);
  });

  it.each([
    ["a reference and a date", "GS-881", "2026-12-01", []],
    ["a date only", "", "2026-12-01", []],
    ["a date that is no date", "GS-881", "2026-13-45", ["expectedShipDate"]],
  ])("the supplier's answer: %s", (_, reference, date, fields) => {
    const form = formOf([
      ["supplierReference", reference],
      ["expectedShipDate", date],
    ]);
    expect(refusedAt(purchaseOrderUpdateSchema, purchaseOrderUpdateFromForm(form))).toEqual(fields);
  });

  it("receiving: blank and 0 are not received now; a bad quantity is refused at its line", () => {
    const form = formOf([
      ["itemId", "11"],
      ["quantity-11", "0"],
      ["itemId", "12"],
      ["quantity-12", "2"],
      ["itemId", "13"],
      ["quantity-13", "-1"],
      ["itemId", "14"],
      ["quantity-14", ""],
    ]);
    expect(receiveFromForm(form)).toEqual({
      items: [
        { itemId: 12, quantity: 2 },
        { itemId: 13, quantity: -1 },
      ],
    });
    const rename = (path: string) => receiveFieldName(path, form);
    expect(refusedAt(receiveSchema, receiveFromForm(form), rename)).toEqual(["quantity-13"]);
    const nothing = formOf([
      ["itemId", "11"],
      ["quantity-11", "0"],
    ]);
    expect(refusedAt(receiveSchema, receiveFromForm(nothing))).toEqual(["items"]);
  });

  it("a remake needs a reason, a note and who pays", () => {
    const good = formOf([
      ["reason", "damaged"],
      ["note", "Bent in the van"],
      ["paidBy", "store"],
    ]);
    expect(refusedAt(remakeSchema, remakeFromForm(good))).toEqual([]);
    const bad = formOf([
      ["reason", "lost"],
      ["note", ""],
      ["paidBy", "customer"],
    ]);
    expect(refusedAt(remakeSchema, remakeFromForm(bad))).toEqual(["reason", "note", "paidBy"]);
    const result = remakeSchema.safeParse(remakeFromForm(bad));
    if (result.success) throw new Error("refused above");
    const fields = labelFields(fieldsFromIssues(result.error.issues), REMAKE_FORM_LABELS);
    expect(fields.note?.startsWith("What happened ")).toBe(true);
  });

  it("the close-out: a problem without a note, no signature and no name, each at its field", () => {
    const form = formOf([
      ["status-7", "installed"],
      ["note-7", ""],
      ["status-8", "problem"],
      ["note-8", ""],
      ["signerName", ""],
    ]);
    const rename = (path: string) => closeOutFieldName(path, [7, 8]);
    expect(refusedAt(closeOutSchema, closeOutFromFields(form, [7, 8], false), rename)).toEqual([
      "note-8",
      "signerName",
      "signature",
    ]);
    form.set("note-8", "The bracket is cracked");
    form.set("signerName", "Dana Reyes");
    expect(refusedAt(closeOutSchema, closeOutFromFields(form, [7, 8], true), rename)).toEqual([]);
  });

  it("the close-out takes at most 10 photos, in the browser as in the API", () => {
    const form = formOf([
      ["status-7", "installed"],
      ["signerName", "Dana Reyes"],
    ]);
    for (let i = 0; i < 11; i++) form.append("photos", new File(["x"], `p${i}.jpg`));
    const rename = (path: string) => closeOutFieldName(path, [7]);
    expect(refusedAt(closeOutSchema, closeOutFromFields(form, [7], true), rename)).toEqual([
      "photos",
    ]);
  });

  it.each([
    ["15", []],
    ["60", []],
    ["20", ["minutes"]],
    ["", ["minutes"]],
  ])("on my way in %s minutes", (minutes, fields) => {
    expect(refusedAt(onMyWaySchema, onMyWayFromForm(formOf([["minutes", minutes]])))).toEqual(
      fields,
    );
  });

  it("labels a message by the form's label, also after renaming", () => {
    const form = formOf([
      ["itemId", "13"],
      ["quantity-13", "1.5"],
    ]);
    const result = receiveSchema.safeParse(receiveFromForm(form));
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = labelFields(
      fieldsFromIssues(result.error.issues),
      PURCHASING_FORM_LABELS,
      (path) => receiveFieldName(path, form),
    );
    expect(Object.keys(fields)).toEqual(["quantity-13"]);
    expect(fields["quantity-13"]?.startsWith("Quantity ")).toBe(true);
  });
});
