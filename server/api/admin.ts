/** /api routes of this resource. Owned by the issue that builds this capability. */
import { Hono } from "hono";
import type { AppServices } from "../context";

export function adminRoutes(_services: AppServices) {
  const routes = new Hono();
  return routes;
}
