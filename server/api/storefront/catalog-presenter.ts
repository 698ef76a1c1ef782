/**
 * GET /api/products and GET /api/services as the spec shapes them: the catalog service keeps
 * cents; the wire has `pricePerUnit` in dollars. Both answers are the same bytes
 * for every caller until the catalog changes, so each snapshot's JSON is written once and kept
 * with it (server/api/storefront/catalog.ts sends those bytes).
 */
import { createHash } from "node:crypto";
import { centsToAmount } from "../../../domain/shared/money";
import type {
  CatalogSnapshot,
  ProductRecord,
  ServiceRecord,
} from "../../services/storefront/catalog";

export interface CatalogJson {
  products: string;
  services: string;
}

/**
 * The validator of one of those answers: weak, since the same JSON goes out as
 * identity, br or gzip bytes; a digest of the JSON, so every process (WORKERS) and every
 * restart gives the same catalog the same tag, and a catalog change a new one.
 */
export function catalogEtag(json: string): string {
  return `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  for (const part of ifNoneMatch.split(",")) {
    const tag = part.trim();
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/**
 * Headers of both answers besides the security step's: revalidate before reuse (the catalog
 * may change at any time), with the tag to revalidate by.
 */
export const CATALOG_CACHE_CONTROL = "no-cache";

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
