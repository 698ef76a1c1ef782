/**
 * The catalog, held in memory: it is read on nearly every request and changes only when the
 * store owner edits it, so it is loaded once and reloaded after `invalidate()`.
 */
import type { Db } from "../db/database";
import {
  listActiveProducts,
  listActiveServices,
  listZebraCollections,
  type ProductRecord,
  type ServiceRecord,
  type ZebraCollectionRecord,
} from "../db/repositories/catalog";

export type { ProductRecord, ServiceRecord, ZebraCollectionRecord };

export interface CatalogSnapshot {
  products: ProductRecord[];
  services: ServiceRecord[];
  zebraCollections: ZebraCollectionRecord[];
  /** Pre-serialised answers for GET /api/products and GET /api/services. */
  productsJson: string;
  servicesJson: string;
}

export function toPublicProduct(p: ProductRecord) {
  return { id: p.id, type: p.type, name: p.name, description: p.description, colors: p.colors };
}

export function toPublicService(s: ServiceRecord) {
  return {
    id: s.id,
    type: s.type,
    name: s.name,
    description: s.description,
    pricePerUnit: s.priceCentsPerUnit / 100,
    unit: s.unit,
  };
}

export function createCatalogService(db: Db) {
  let snapshot: Promise<CatalogSnapshot> | null = null;

  async function load(): Promise<CatalogSnapshot> {
    const [products, services, zebraCollections] = await Promise.all([
      listActiveProducts(db),
      listActiveServices(db),
      listZebraCollections(db),
    ]);
    return {
      products,
      services,
      zebraCollections,
      productsJson: JSON.stringify(products.map(toPublicProduct)),
      servicesJson: JSON.stringify(services.map(toPublicService)),
    };
  }

  function get(): Promise<CatalogSnapshot> {
    if (!snapshot) {
      snapshot = load();
      // A failed load must not be cached: the next request tries again.
      snapshot.catch(() => {
        snapshot = null;
      });
    }
    return snapshot;
  }

  return {
    snapshot: get,
    async listProducts(): Promise<ProductRecord[]> {
      return (await get()).products;
    },
    async findProductByType(type: string): Promise<ProductRecord | undefined> {
      return (await get()).products.find((p) => p.type === type);
    },
    async findProductById(id: number): Promise<ProductRecord | undefined> {
      return (await get()).products.find((p) => p.id === id);
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
      snapshot = null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
