/**
 * The catalog editor.
 * Each change runs in one transaction with its audit entry; once committed, the catalog-changed
 * signal tells this process and every other one, so pages, quotes and carts use
 * the new rows at once. Placed orders keep the rates stored with them and are never touched.
 * Takes and returns cents.
 */
import { withDeps } from "../deps";
import { addColor } from "./catalog-admin/add-color";
import { adminCatalog } from "./catalog-admin/admin-catalog";
import { editColor } from "./catalog-admin/edit-color";
import { editInstallationPrices } from "./catalog-admin/edit-installation-prices";
import { editProduct } from "./catalog-admin/edit-product";
import { editService } from "./catalog-admin/edit-service";
import { editZebraCollection } from "./catalog-admin/edit-zebra-collection";
import { editZebraFabric } from "./catalog-admin/edit-zebra-fabric";
import type { CatalogAdminDeps } from "./catalog-admin/shared";
import { withdrawnProductName } from "./catalog-admin/withdrawn-product-name";

export type {
  AdminProductRecord,
  AdminServiceRecord,
} from "../../db/repositories/storefront/catalog-admin";
export type { AdminCatalog, CatalogAdminDeps } from "./catalog-admin/shared";

export function createCatalogAdminService(deps: CatalogAdminDeps) {
  return {
    adminCatalog: withDeps(deps, adminCatalog),
    withdrawnProductName: withDeps(deps, withdrawnProductName),
    updateProduct: withDeps(deps, editProduct),
    updateZebraCollection: withDeps(deps, editZebraCollection),
    updateZebraFabric: withDeps(deps, editZebraFabric),
    updateInstallationPrices: withDeps(deps, editInstallationPrices),
    updateService: withDeps(deps, editService),
    updateColor: withDeps(deps, editColor),
    addColor: withDeps(deps, addColor),
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
