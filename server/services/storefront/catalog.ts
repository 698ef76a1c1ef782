/**
 * The catalog, held in memory (docs/caching.md): it is read on nearly every request and changes
 * only when the store owner edits it, so it is loaded once and reloaded after `invalidate()`
 * (the "catalog changed" signal of every process calls it). With CACHES=off it is read anew
 * each time.
 */

import { recordOf } from "../../../domain/platform/records";
import type { ColorInfo } from "../../../domain/storefront/colors";
import type { PricingContext } from "../../../domain/storefront/pricing";
import { type ProductPhoto, productPhotoView } from "../../../domain/storefront/product-photos";
import {
  ZEBRA_CONTROL_TYPES,
  type ZebraMotorOption,
  zebraControlKey,
  zebraMotorKey,
} from "../../../domain/storefront/zebra";
import type { Db } from "../../db/database";
import {
  listActiveProducts,
  listActiveServices,
  listColors,
  listInstallationTiers,
  listZebraCollections,
  listZebraOptionPrices,
  type ProductRecord,
  type ServiceRecord,
  type ZebraCollectionRecord,
} from "../../db/repositories/storefront/catalog";
import { listProductPhotos } from "../../db/repositories/storefront/product-photos";
import type { Caches } from "../caching";

export type { ProductRecord, ServiceRecord, ZebraCollectionRecord };

export interface CatalogSnapshot {
  products: ProductRecord[];
  services: ServiceRecord[];
  zebraCollections: ZebraCollectionRecord[];
  /** Owners' photos by product id, first shown first; none: the drawing. */
  photos: Map<number, ProductPhoto[]>;
  /** Every rate and name a price or a description needs, from these rows. */
  pricing: PricingContext;
}

/** The domain's pricing context from the catalog's rows. */
export function buildPricingContext(rows: {
  products: ProductRecord[];
  services: ServiceRecord[];
  zebraCollections: ZebraCollectionRecord[];
  colors: ColorInfo[];
  installationTiers: PricingContext["installationTiers"];
  zebraOptionPrices: Map<string, number>;
}): PricingContext {
  const colorByKey = new Map(rows.colors.map((c) => [c.key, c]));
  const option = (key: string): number => {
    const cents = rows.zebraOptionPrices.get(key);
    if (cents === undefined) throw new Error(`zebra_option_prices has no row ${key}`);
    return cents;
  };
  const motor = (o: ZebraMotorOption) => option(zebraMotorKey(o));
  return {
    products: rows.products.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      rateCentsPerSqFt: p.rateCentsPerSqFt,
      minimumCents: p.minimumCents,
      colors: p.colors.map((key) => colorByKey.get(key) ?? { key, name: key, hex: "#FFFFFF" }),
    })),
    zebraCollections: rows.zebraCollections,
    zebraOptions: {
      controlUpchargeCents: recordOf(ZEBRA_CONTROL_TYPES, (t) => option(zebraControlKey(t))),
      motorUpchargeCents: { smartHome: motor("smartHome"), batteryWand: motor("batteryWand") },
    },
    installationTiers: rows.installationTiers,
    services: rows.services.map((s) => ({
      id: s.id,
      type: s.type,
      name: s.name,
      pricePerInchCents: s.priceCentsPerUnit,
    })),
    colors: rows.colors,
  };
}

export function createCatalogService(db: Db, caches: Caches) {
  const snapshots = caches.keep<CatalogSnapshot>({
    name: "catalog",
    maxKeys: 1,
    maxAgeMs: Number.POSITIVE_INFINITY,
  });
  const listeners = new Set<() => void>();

  async function load(): Promise<CatalogSnapshot> {
    const [
      products,
      services,
      zebraCollections,
      colors,
      installationTiers,
      zebraOptionPrices,
      photoRows,
    ] = await Promise.all([
      listActiveProducts(db),
      listActiveServices(db),
      listZebraCollections(db),
      listColors(db),
      listInstallationTiers(db),
      listZebraOptionPrices(db),
      listProductPhotos(db),
    ]);
    const photos = new Map<number, ProductPhoto[]>();
    for (const row of photoRows) {
      photos.set(row.productId, [...(photos.get(row.productId) ?? []), productPhotoView(row)]);
    }
    return {
      products,
      services,
      zebraCollections,
      photos,
      pricing: buildPricingContext({
        products,
        services,
        zebraCollections,
        colors,
        installationTiers,
        zebraOptionPrices,
      }),
    };
  }

  // A failed load is not kept: the next request tries again.
  const get = (): Promise<CatalogSnapshot> => snapshots.get("catalog", load);

  return {
    snapshot: get,
    /** The pricing context every price and description uses. */
    async pricing(): Promise<PricingContext> {
      return (await get()).pricing;
    },
    async listProducts(): Promise<ProductRecord[]> {
      return (await get()).products;
    },
    async findProductByType(type: string): Promise<ProductRecord | undefined> {
      return (await get()).products.find((p) => p.type === type);
    },
    async findProductById(id: number): Promise<ProductRecord | undefined> {
      return (await get()).products.find((p) => p.id === id);
    },
    /** The product's photos, first shown first; empty when the owner has uploaded none. */
    async productPhotos(productId: number): Promise<ProductPhoto[]> {
      return (await get()).photos.get(productId) ?? [];
    },
    async listServices(): Promise<ServiceRecord[]> {
      return (await get()).services;
    },
    async findServiceByType(type: string): Promise<ServiceRecord | undefined> {
      return (await get()).services.find((s) => s.type === type);
    },
    /** Zebra collections with their upcharges and fabrics, as the database holds them. */
    async listZebraCollections(): Promise<ZebraCollectionRecord[]> {
      return (await get()).zebraCollections;
    },
    /** Call after any change to products, colours or services. */
    invalidate(): void {
      snapshots.invalidate();
      for (const listener of listeners) listener();
    },
    /** Changes with every invalidate(): what was rendered from an older catalog is stale. */
    version(): number {
      return snapshots.generation();
    },
    /** Called on every invalidate() (the page cache empties itself); returns an unsubscribe. */
    onInvalidate(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
