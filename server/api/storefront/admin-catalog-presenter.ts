/**
 * The catalog editor's JSON.
 */

import { centsToAmount } from "../../../domain/shared/money";
import type { ColorInfo } from "../../../domain/storefront/colors";
import type {
  InstallationTierRecord,
  ZebraCollectionRecord,
} from "../../db/repositories/storefront/catalog";
import type {
  AdminCatalog,
  AdminProductRecord,
  AdminServiceRecord,
} from "../../services/storefront/catalog-admin";
import type { AdminProductPhoto } from "../../services/storefront/product-photos";

export function adminProductToJson(p: AdminProductRecord) {
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    description: p.description,
    ratePerSqFt: centsToAmount(p.rateCentsPerSqFt),
    minimumPrice: centsToAmount(p.minimumCents),
    colors: p.colors,
    active: p.active,
  };
}

export function adminServiceToJson(s: AdminServiceRecord) {
  return {
    id: s.id,
    type: s.type,
    name: s.name,
    pricePerInch: centsToAmount(s.priceCentsPerUnit),
    active: s.active,
  };
}

export function zebraFabricToJson(f: ZebraCollectionRecord["fabrics"][number]) {
  return { slug: f.slug, name: f.name, code: f.code, hex: f.hex, active: f.active };
}

export function zebraCollectionToJson(c: ZebraCollectionRecord) {
  return {
    slug: c.slug,
    name: c.name,
    ratePerSqFt: centsToAmount(c.upchargeCentsPerSqFt),
    fabrics: c.fabrics.map(zebraFabricToJson),
  };
}

/** The three tiers of the product rules "Pricing" by the widths they cover. */
export function installationPricesToJson(tiers: InstallationTierRecord[]) {
  const price = (max: number | null) =>
    centsToAmount(tiers.find((t) => t.maxWidthInches === max)?.cents ?? 0);
  return { upTo60: price(60), upTo96: price(96), over96: price(null) };
}

export function colorToJson(c: ColorInfo) {
  return { key: c.key, name: c.name, hex: c.hex };
}

/** The photo as the admin wire carries it: its page view, product, size in bytes and date. */
export function adminProductPhotoToJson(p: AdminProductPhoto) {
  return { ...p };
}

export function adminCatalogToJson(
  catalog: AdminCatalog,
  photos: ReadonlyMap<number, AdminProductPhoto[]>,
) {
  return {
    products: catalog.products.map((p) => ({
      ...adminProductToJson(p),
      photos: (photos.get(p.id) ?? []).map(adminProductPhotoToJson),
    })),
    colors: catalog.colors.map(colorToJson),
    zebraCollections: catalog.zebraCollections.map(zebraCollectionToJson),
    installationPrices: installationPricesToJson(catalog.installationTiers),
    services: catalog.services.map(adminServiceToJson),
  };
}
