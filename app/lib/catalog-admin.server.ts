/**
 * What /admin/catalog's loader and action share with /api/admin (server/api/storefront/admin-catalog.ts):
 * the same schemas (parseInput), the same service, the same presenter and the same error
 * mapping. A form is read into the JSON body the API takes, then parsed exactly like it.
 */
import { type AppLoadContext, data } from "react-router";
import {
  colorCreateSchema,
  colorUpdateSchema,
  installationPricesSchema,
  productUpdateSchema,
  serviceUpdateSchema,
  zebraCollectionUpdateSchema,
  zebraFabricUpdateSchema,
} from "../../domain/catalog-admin-schema";
import { formatMoney } from "../../domain/money";
import { adminCatalogToJson } from "../../server/api/storefront/admin-catalog-presenter";
import type { Actor } from "../../server/services/people/actor";
import { NO_STORE } from "../components/admin/admin-route";
import type { CatalogActionResult } from "../components/admin/catalog-types";
import { actionError } from "./action-errors.server";
import { AppError, parseInput, readForm } from "./form-input.server";

export async function catalogEditorData(context: AppLoadContext) {
  return adminCatalogToJson(await context.services.catalogAdmin.adminCatalog());
}

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A money field: blank → absent (the schema names it if required), else a number (NaN too). */
function amount(form: FormData, name: string): number | undefined {
  const value = text(form, name)?.trim();
  return value === undefined || value === "" ? undefined : Number(value);
}

function id(form: FormData, name: string): number {
  const value = Number(text(form, name));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

function slug(form: FormData, name: string): string {
  return text(form, name) ?? "";
}

/** Runs one intent of the catalog form; returns the message to show. */
async function runIntent(form: FormData, context: AppLoadContext, actor: Actor) {
  const service = context.services.catalogAdmin;
  switch (text(form, "intent")) {
    case "product": {
      const input = parseInput(productUpdateSchema, {
        name: text(form, "name"),
        description: text(form, "description"),
        ratePerSqFt: amount(form, "ratePerSqFt"),
        minimumPrice: amount(form, "minimumPrice"),
        // Zebra shades have fabrics, not colours: their form has no colour boxes.
        colors: form.has("offersColors") ? form.getAll("colors").map(String) : undefined,
        active: form.get("active") === "on",
      });
      const p = await service.updateProduct(id(form, "id"), input, actor);
      return `${p.name} saved: ${formatMoney(p.rateCentsPerSqFt)} per sq ft, minimum ${formatMoney(p.minimumCents)}${p.active ? "" : ", withdrawn from sale"}.`;
    }
    case "collection": {
      const input = parseInput(zebraCollectionUpdateSchema, {
        ratePerSqFt: amount(form, "ratePerSqFt"),
      });
      const c = await service.updateZebraCollection(slug(form, "slug"), input, actor);
      return `${c.name} saved: ${formatMoney(c.upchargeCentsPerSqFt)} per sq ft.`;
    }
    case "fabric": {
      const input = parseInput(zebraFabricUpdateSchema, {
        name: text(form, "name"),
        active: form.get("active") === "on",
      });
      const f = await service.updateZebraFabric(slug(form, "slug"), input, actor);
      return `${f.name} saved${f.active ? "" : ", withdrawn from sale"}.`;
    }
    case "installation": {
      const input = parseInput(installationPricesSchema, {
        upTo60: amount(form, "upTo60"),
        upTo96: amount(form, "upTo96"),
        over96: amount(form, "over96"),
      });
      await service.updateInstallationPrices(input, actor);
      return "Installation prices saved.";
    }
    case "service": {
      const input = parseInput(serviceUpdateSchema, {
        pricePerInch: amount(form, "pricePerInch"),
      });
      const s = await service.updateService(id(form, "id"), input, actor);
      return `${s.name} saved: ${formatMoney(s.priceCentsPerUnit)} per inch.`;
    }
    case "color": {
      const input = parseInput(colorUpdateSchema, {
        name: text(form, "name"),
        hex: text(form, "hex"),
      });
      const c = await service.updateColor(slug(form, "key"), input, actor);
      return `${c.name} saved.`;
    }
    case "add-color": {
      const input = parseInput(colorCreateSchema, {
        key: text(form, "key"),
        name: text(form, "name"),
        hex: text(form, "hex"),
      });
      const c = await service.addColor(input, actor);
      return `${c.name} added. Offer it on a product above.`;
    }
    default:
      throw new AppError("bad_request", "Unknown action. Please reload the page and try again.");
  }
}

/**
 * The action's answer: a message, or the error with the fields it names, with its status.
 * `actor` is who makes the change (the route module names it).
 */
export async function catalogAction(request: Request, context: AppLoadContext, actor: Actor) {
  try {
    const form = await readForm(request);
    const message = await runIntent(form, context, actor);
    return data<CatalogActionResult>({ ok: true, message }, { headers: NO_STORE });
  } catch (error) {
    return actionError<CatalogActionResult>(error, context, (a) => ({
      ok: false,
      error: a.message,
      fields: fieldErrors(a.message),
    }));
  }
}

/**
 * "ratePerSqFt must be …; colors: unknown color plaid" → { ratePerSqFt: "…", colors: "…" }:
 * each message the schema or the service gives starts with the field it is about.
 */
export function fieldErrors(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split("; ")) {
    const field = /^([A-Za-z][A-Za-z0-9]*)(?::| must| is)/.exec(part)?.[1];
    if (field && !(field in out)) out[field] = part.replace(/^[A-Za-z0-9]+: /, "");
  }
  return out;
}
