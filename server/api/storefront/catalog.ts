/** GET /api/products and GET /api/services: the catalog, served from memory. */
import { Hono } from "hono";
import type { AppServices } from "../../context";
import { catalogJson } from "./catalog-presenter";

const JSON_TYPE = { "Content-Type": "application/json; charset=UTF-8" };

export function catalogRoutes(services: AppServices) {
  const routes = new Hono();
  routes.get("/products", async (c) => {
    return c.body(catalogJson(await services.catalog.snapshot()).products, 200, JSON_TYPE);
  });
  routes.get("/services", async (c) => {
    return c.body(catalogJson(await services.catalog.snapshot()).services, 200, JSON_TYPE);
  });
  return routes;
}
