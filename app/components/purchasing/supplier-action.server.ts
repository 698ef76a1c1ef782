/**
 * /admin/catalog's supplier forms (decision 222), through the API's schemas and services.
 * Answers null for the catalog's own intents (the request is read from a clone, so the
 * catalog's action can still read it).
 */
import { type AppLoadContext, data } from "react-router";
import { productSupplierSchema, supplierCreateSchema } from "../../../domain/purchasing";
import type { Actor } from "../../../server/services/people/actor";
import { actionError } from "../../lib/action-errors.server";
import { parseInput, readForm } from "../../lib/form-input.server";
import { field, numberField } from "../admin/admin-form.server";
import { NO_STORE } from "../admin/admin-route";

type Result = { ok: true; message: string } | { ok: false; error: string };

export async function supplierAction(request: Request, context: AppLoadContext, actor: Actor) {
  const type = request.headers.get("content-type") ?? "";
  if (!/form/i.test(type)) return null;
  const form = await readForm(request.clone()).catch(() => null);
  const intent = form ? field(form, "intent") : "";
  if (!form || (intent !== "supplier-add" && intent !== "product-supplier")) return null;
  const { suppliers } = context.services;
  try {
    let message: string;
    if (intent === "supplier-add") {
      const input = parseInput(supplierCreateSchema, {
        name: field(form, "name"),
        email: field(form, "email"),
        phone: field(form, "phone"),
        accountNumber: field(form, "accountNumber"),
        leadDays: numberField(form, "leadDays"),
      });
      const s = await suppliers.create(input, actor);
      message = `${s.name} added.`;
    } else {
      const { supplierId } = parseInput(productSupplierSchema, {
        supplierId: numberField(form, "supplierId") ?? null,
      });
      await suppliers.setProductSupplier(numberField(form, "productId") ?? 0, supplierId, actor);
      message = "Supplier saved.";
    }
    return data<Result>({ ok: true, message }, { headers: NO_STORE });
  } catch (error) {
    return actionError<Result>(error, context, (a) => ({ ok: false, error: a.message }));
  }
}
