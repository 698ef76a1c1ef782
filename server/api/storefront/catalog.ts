/**
 * GET /api/products and GET /api/services: the catalog, served from memory, with an ETag and
 * a 304 for a client that already holds these bytes (decision 360). The fast lane
 * (server/fast-lane.ts) answers the same way before Hono.
 */
import { type Context, Hono } from "hono";
import type { AppServices } from "../../context";
import {
  CATALOG_CACHE_CONTROL,
  type CatalogJson,
  catalogEtag,
  catalogJson,
  matchesEtag,
} from "./catalog-presenter";

export function catalogRoutes(services: AppServices) {
  const routes = new Hono();
  const tags = new Map<string, string>();
  const tagOf = (json: string) => {
    let tag = tags.get(json);
    if (!tag) {
      // Two answers per catalog version: start again rather than grow.
      if (tags.size >= 8) tags.clear();
      tag = catalogEtag(json);
      tags.set(json, tag);
    }
    return tag;
  };
  async function answer(c: Context, part: keyof CatalogJson) {
    const json = catalogJson(await services.catalog.snapshot())[part];
    const etag = tagOf(json);
    c.header("ETag", etag);
    c.header("Cache-Control", CATALOG_CACHE_CONTROL);
    if (matchesEtag(c.req.header("if-none-match"), etag)) {
      c.header("Vary", "Accept-Encoding");
      return c.body(null, 304);
    }
    return c.body(json, 200, { "Content-Type": "application/json; charset=UTF-8" });
  }
  routes.get("/products", (c) => answer(c, "products"));
  routes.get("/services", (c) => answer(c, "services"));
  return routes;
}
