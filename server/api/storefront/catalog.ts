/** GET /api/products and GET /api/services: the catalog, served from memory. */
import { Hono } from "hono";
import type { AppServices } from "../../context";

export function catalogRoutes(services: AppServices) {
  const routes = new Hono();
  routes.get("/products", async (c) => {
    const { productsJson } = await services.catalog.snapshot();
    return c.body(productsJson, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
  routes.get("/services", async (c) => {
    const { servicesJson } = await services.catalog.snapshot();
    return c.body(servicesJson, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
  return routes;
}
