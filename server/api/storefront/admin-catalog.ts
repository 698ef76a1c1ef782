/**
 * /api/admin catalog and prices. Mounted
 * by adminRoutes after its session check. Each change is audited and applies at once to pages,
 * quotes and carts (server/services/storefront/catalog-admin.ts).
 */
import { type Context, Hono } from "hono";
import {
  colorCreateSchema,
  colorUpdateSchema,
  installationPricesSchema,
  productUpdateSchema,
  serviceUpdateSchema,
  zebraCollectionUpdateSchema,
  zebraFabricUpdateSchema,
} from "../../../domain/storefront/catalog-admin-schema";
import {
  productPhotoCreateSchema,
  productPhotoUpdateSchema,
} from "../../../domain/storefront/product-photo-schema";
import type { AppServices } from "../../context";
import { AppError, fieldError } from "../../errors";
import { type AdminEnv, actorOfRequest } from "../people/admin-access";
import { idParam, parseInput, readFormRequest, readJson } from "../validation";
import {
  adminCatalogToJson,
  adminProductPhotoToJson,
  adminProductToJson,
  adminServiceToJson,
  colorToJson,
  installationPricesToJson,
  zebraCollectionToJson,
  zebraFabricToJson,
} from "./admin-catalog-presenter";

/** A product photo form's file (`photo`) and words (`alt`), checked; 400 without a file. */
export async function photoFromForm(form: FormData) {
  const file = form.get("photo");
  const { alt } = parseInput(productPhotoCreateSchema, { alt: form.get("alt") ?? "" });
  if (file === null || typeof file === "string" || (file.size === 0 && file.name === "")) {
    throw fieldError("validation_failed", "photo", "choose a photo to upload");
  }
  return { alt, upload: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}

/** A slug or key path parameter (lowercase words and dashes); 404 for anything else. */
function slugParam(c: Context, name: string, what: string): string {
  const raw = c.req.param(name) ?? "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) || raw.length > 60) {
    throw new AppError("not_found", `${what} not found.`);
  }
  return raw;
}

export function adminCatalogRoutes(services: AppServices) {
  const { catalogAdmin, productPhotos } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/catalog", async (c) => {
    const [catalog, photos] = await Promise.all([
      catalogAdmin.adminCatalog(),
      productPhotos.list(),
    ]);
    return c.json(adminCatalogToJson(catalog, photos));
  });

  routes.patch("/products/:id", async (c) => {
    const id = idParam(c, "id", "Product");
    const { supplierId, ...input } = await readJson(c, productUpdateSchema);
    const actor = actorOfRequest(c);
    // The supplier is purchasing's; the other fields the catalog's.
    if (supplierId !== undefined)
      await services.suppliers.setProductSupplier(id, supplierId, actor);
    const product = Object.values(input).some((v) => v !== undefined)
      ? await catalogAdmin.updateProduct(id, input, actor)
      : (await catalogAdmin.adminCatalog()).products.find((p) => p.id === id);
    if (!product) throw new AppError("not_found", "Product not found.");
    return c.json({
      ...adminProductToJson(product),
      supplierId: (await services.suppliers.productSupplierId(id)) ?? null,
    });
  });

  // multipart/form-data: `photo` (JPEG, PNG or WebP, ≤ 8 MB) and `alt`.
  routes.post("/products/:id/photos", async (c) => {
    const id = idParam(c, "id", "Product");
    if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) {
      throw new AppError(
        "unsupported_media_type",
        "Send the photo as multipart/form-data with the fields photo and alt.",
      );
    }
    const { alt, upload } = await photoFromForm(await readFormRequest(c.req.raw));
    return c.json(
      adminProductPhotoToJson(await productPhotos.add(id, upload, alt, actorOfRequest(c))),
      201,
    );
  });

  routes.patch("/products/:id/photos/:photoId", async (c) => {
    const id = idParam(c, "id", "Product");
    const photoId = idParam(c, "photoId", "Photo");
    const input = await readJson(c, productPhotoUpdateSchema);
    return c.json(
      adminProductPhotoToJson(await productPhotos.update(id, photoId, input, actorOfRequest(c))),
    );
  });

  routes.delete("/products/:id/photos/:photoId", async (c) => {
    const id = idParam(c, "id", "Product");
    const photoId = idParam(c, "photoId", "Photo");
    await productPhotos.remove(id, photoId, actorOfRequest(c));
    return c.body(null, 204);
  });

  routes.patch("/zebra-collections/:slug", async (c) => {
    const slug = slugParam(c, "slug", "Zebra collection");
    const input = await readJson(c, zebraCollectionUpdateSchema);
    return c.json(
      zebraCollectionToJson(
        await catalogAdmin.updateZebraCollection(slug, input, actorOfRequest(c)),
      ),
    );
  });

  routes.patch("/zebra-fabrics/:slug", async (c) => {
    const slug = slugParam(c, "slug", "Zebra fabric");
    const input = await readJson(c, zebraFabricUpdateSchema);
    return c.json(
      zebraFabricToJson(await catalogAdmin.updateZebraFabric(slug, input, actorOfRequest(c))),
    );
  });

  routes.patch("/installation-prices", async (c) => {
    const input = await readJson(c, installationPricesSchema);
    return c.json(
      installationPricesToJson(
        await catalogAdmin.updateInstallationPrices(input, actorOfRequest(c)),
      ),
    );
  });

  routes.patch("/services/:id", async (c) => {
    const id = idParam(c, "id", "Service");
    const input = await readJson(c, serviceUpdateSchema);
    return c.json(
      adminServiceToJson(await catalogAdmin.updateService(id, input, actorOfRequest(c))),
    );
  });

  routes.patch("/colors/:key", async (c) => {
    const key = slugParam(c, "key", "Color");
    const input = await readJson(c, colorUpdateSchema);
    return c.json(colorToJson(await catalogAdmin.updateColor(key, input, actorOfRequest(c))));
  });

  routes.post("/colors", async (c) => {
    const input = await readJson(c, colorCreateSchema);
    return c.json(colorToJson(await catalogAdmin.addColor(input, actorOfRequest(c))), 201);
  });

  return routes;
}
