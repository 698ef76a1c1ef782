/**
 * /api/admin catalog and prices (decision 161; DECISIONS.md "Catalog and prices"). Mounted
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
} from "../../../domain/catalog-admin-schema";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { type AdminEnv, actorOfRequest } from "../people/admin-access";
import { idParam, readJson } from "../validation";
import {
  adminCatalogToJson,
  adminProductToJson,
  adminServiceToJson,
  colorToJson,
  installationPricesToJson,
  zebraCollectionToJson,
  zebraFabricToJson,
} from "./admin-catalog-presenter";

/** A slug or key path parameter (lowercase words and dashes); 404 for anything else. */
function slugParam(c: Context, name: string, what: string): string {
  const raw = c.req.param(name) ?? "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) || raw.length > 60) {
    throw new AppError("not_found", `${what} not found.`);
  }
  return raw;
}

export function adminCatalogRoutes(services: AppServices) {
  const { catalogAdmin } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/catalog", async (c) =>
    c.json(adminCatalogToJson(await catalogAdmin.adminCatalog())),
  );

  routes.patch("/products/:id", async (c) => {
    const id = idParam(c, "id", "Product");
    const { supplierId, ...input } = await readJson(c, productUpdateSchema);
    const actor = actorOfRequest(c);
    // The supplier is purchasing's (decision 222); the other fields the catalog's.
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
