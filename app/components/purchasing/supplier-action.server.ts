/**
 * /admin/catalog's supplier forms, through the API's schemas and services:
 * a refusal is a `FormFailure` keyed by the form's fields. Answers null for the catalog's own
 * intents (the request is read from a clone, so the catalog's action can still read it).
 */
import type { AppLoadContext } from "react-router";
import { productSupplierSchema, supplierCreateSchema } from "../../../domain/purchasing/purchasing";
import {
  PURCHASING_FORM_LABELS,
  productSupplierFromForm,
  supplierCreateFromForm,
} from "../../../domain/purchasing/purchasing-form";
import { formText } from "../../../domain/shared/back-office-form";
import type { Actor } from "../../../server/services/people/actor";
import { runAction, typedValues } from "../../lib/admin-route.server";
import { parseInput, readForm } from "../../lib/form-input.server";

export async function supplierAction(request: Request, context: AppLoadContext, actor: Actor) {
  const type = request.headers.get("content-type") ?? "";
  if (!/form/i.test(type)) return null;
  const form = await readForm(request.clone()).catch(() => null);
  const intent = form ? formText(form, "intent") : "";
  if (!form || (intent !== "supplier-add" && intent !== "product-supplier")) return null;
  const { suppliers } = context.services;
  const productId = formText(form, "productId");
  const scope = {
    // One supplier form per product: its answer names the product.
    intent: intent === "supplier-add" ? intent : `product-supplier-${productId}`,
    values: typedValues(form),
    labels: PURCHASING_FORM_LABELS,
  };
  return runAction(
    context,
    async () => {
      if (intent === "supplier-add") {
        const s = await suppliers.create(
          parseInput(supplierCreateSchema, supplierCreateFromForm(form)),
          actor,
        );
        return `${s.name} added.`;
      }
      const { supplierId } = parseInput(productSupplierSchema, productSupplierFromForm(form));
      await suppliers.setProductSupplier(Number(productId) || 0, supplierId, actor);
      return "Supplier saved.";
    },
    scope,
  );
}
