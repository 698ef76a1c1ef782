/**
 * GET /api/products and GET /api/services as SPEC.md shapes them: the catalog service keeps
 * cents; the wire has `pricePerUnit` in dollars (decision 280). Both answers are the same bytes
 * for every caller until the catalog changes, so each snapshot's JSON is written once and kept
 * with it (the router and the fast lane, decision 261, send those bytes).
 */
import { centsToAmount } from "../../../domain/money";
import type {
  CatalogSnapshot,
  ProductRecord,
  ServiceRecord,
} from "../../services/storefront/catalog";

export interface CatalogJson {
  products: string;
  services: string;
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
    pricePerUnit: centsToAmount(s.priceCentsPerUnit),
    unit: s.unit,
  };
}

const written = new WeakMap<object, CatalogJson>();

/** The snapshot's public JSON, written on first use and kept as long as the snapshot. */
export function catalogJson(snapshot: Pick<CatalogSnapshot, "products" | "services">): CatalogJson {
  let json = written.get(snapshot);
  if (!json) {
    json = {
      products: JSON.stringify(snapshot.products.map(toPublicProduct)),
      services: JSON.stringify(snapshot.services.map(toPublicService)),
    };
    written.set(snapshot, json);
  }
  return json;
}
