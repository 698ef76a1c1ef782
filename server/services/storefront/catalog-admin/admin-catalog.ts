import {
  listColors,
  listInstallationTiers,
  listZebraCollections,
} from "../../../db/repositories/storefront/catalog";
import {
  listAllProducts,
  listAllServices,
} from "../../../db/repositories/storefront/catalog-admin";
import type { AdminCatalog, CatalogAdminDeps } from "./shared";

export async function adminCatalog(deps: CatalogAdminDeps): Promise<AdminCatalog> {
  const { db } = deps;

  const [products, colors, zebraCollections, installationTiers, services] = await Promise.all([
    listAllProducts(db),
    listColors(db),
    listZebraCollections(db),
    listInstallationTiers(db),
    listAllServices(db),
  ]);
  return { products, colors, zebraCollections, installationTiers, services };
}
