/**
 * What /admin/catalog's loader and action share with /api/admin (server/api/storefront/admin-catalog.ts):
 * the same schemas (parseInput), the same service, the same presenter and the same error
 * mapping. A form is read into the JSON body the API takes (CATALOG_FORMS in
 * domain/catalog-admin-schema.ts), then parsed exactly like it.
 */
import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import { formatMoney } from "../../../../domain/shared/money";
import { CATALOG_FORMS } from "../../../../domain/storefront/catalog-admin-schema";
import { photoFromForm } from "../../../../server/api/storefront/admin-catalog";
import { adminCatalogToJson } from "../../../../server/api/storefront/admin-catalog-presenter";
import type { Actor } from "../../../../server/services/people/actor";
import { NO_STORE } from "../../../components/admin/admin-route";
import type { CatalogActionResult } from "../../../components/storefront/catalog/catalog-types";
import { formFailure } from "../../../lib/action-errors.server";
import { AppError, parseInput, readForm } from "../../../lib/form-input.server";
import { topLevelField } from "../../../lib/forms";

export async function catalogEditorData(context: AppLoadContext) {
  const { catalogAdmin, productPhotos } = context.services;
  const [catalog, photos] = await Promise.all([catalogAdmin.adminCatalog(), productPhotos.list()]);
  return adminCatalogToJson(catalog, photos);
}

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

function id(form: FormData, name: string): number {
  const value = Number(text(form, name));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

function slug(form: FormData, name: string): string {
  return text(form, name) ?? "";
}

/** A form's input, read and checked as the browser checked it (CATALOG_FORMS). */
function input<S extends z.ZodType>(
  entry: { schema: S; fromForm: (form: FormData) => unknown },
  form: FormData,
): z.output<S> {
  return parseInput(entry.schema, entry.fromForm(form));
}

/** Runs one intent of the catalog form; returns the message to show. */
async function runIntent(form: FormData, context: AppLoadContext, actor: Actor) {
  const service = context.services.catalogAdmin;
  switch (text(form, "intent")) {
    case "product": {
      const p = await service.updateProduct(
        id(form, "id"),
        input(CATALOG_FORMS.product, form),
        actor,
      );
      return `${p.name} saved: ${formatMoney(p.rateCentsPerSqFt)} per sq ft, minimum ${formatMoney(p.minimumCents)}${p.active ? "" : ", withdrawn from sale"}.`;
    }
    case "collection": {
      const c = await service.updateZebraCollection(
        slug(form, "slug"),
        input(CATALOG_FORMS.collection, form),
        actor,
      );
      return `${c.name} saved: ${formatMoney(c.upchargeCentsPerSqFt)} per sq ft.`;
    }
    case "fabric": {
      const f = await service.updateZebraFabric(
        slug(form, "slug"),
        input(CATALOG_FORMS.fabric, form),
        actor,
      );
      return `${f.name} saved${f.active ? "" : ", withdrawn from sale"}.`;
    }
    case "installation": {
      await service.updateInstallationPrices(input(CATALOG_FORMS.installation, form), actor);
      return "Installation prices saved.";
    }
    case "service": {
      const s = await service.updateService(
        id(form, "id"),
        input(CATALOG_FORMS.service, form),
        actor,
      );
      return `${s.name} saved: ${formatMoney(s.priceCentsPerUnit)} per inch.`;
    }
    case "color": {
      const c = await service.updateColor(
        slug(form, "key"),
        input(CATALOG_FORMS.color, form),
        actor,
      );
      return `${c.name} saved.`;
    }
    case "add-color": {
      const c = await service.addColor(input(CATALOG_FORMS["add-color"], form), actor);
      return `${c.name} added. Offer it on a product above.`;
    }
    case "photo-add": {
      input(CATALOG_FORMS["photo-add"], form);
      const { alt, upload } = await photoFromForm(form);
      const photo = await context.services.productPhotos.add(id(form, "id"), upload, alt, actor);
      return `Photo added (${photo.width} × ${photo.height} px). It shows on the store now.`;
    }
    case "photo-alt": {
      const { alt } = input(CATALOG_FORMS["photo-alt"], form);
      await context.services.productPhotos.update(
        id(form, "id"),
        id(form, "photoId"),
        { alt },
        actor,
      );
      return "Photo description saved.";
    }
    case "photo-first": {
      await context.services.productPhotos.update(
        id(form, "id"),
        id(form, "photoId"),
        { first: true },
        actor,
      );
      return "This photo now shows first.";
    }
    case "photo-remove": {
      await context.services.productPhotos.remove(id(form, "id"), id(form, "photoId"), actor);
      return "Photo removed.";
    }
    default:
      throw new AppError("bad_request", "Unknown action. Please reload the page and try again.");
  }
}

/**
 * The action's answer: a message, or the refusal with its fields (the `fields` map of the
 * error, decision 185) and its status. `actor` is who makes the change (the route names it).
 */
export async function catalogAction(request: Request, context: AppLoadContext, actor: Actor) {
  try {
    const form = await readForm(request);
    const message = await runIntent(form, context, actor);
    return data<CatalogActionResult>({ ok: true, message }, { headers: NO_STORE });
  } catch (error) {
    return formFailure(error, context, { rename: topLevelField });
  }
}
