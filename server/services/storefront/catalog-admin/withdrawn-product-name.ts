import { listAllProducts } from "../../../db/repositories/storefront/catalog-admin";
import type { CatalogAdminDeps } from "./shared";

/** The name of a product of this type that is no longer on sale, or null. */
export async function withdrawnProductName(
  deps: CatalogAdminDeps,
  type: string,
): Promise<string | null> {
  const { db } = deps;

  const product = (await listAllProducts(db)).find((p) => p.type === type);
  return product && !product.active ? product.name : null;
}
