/**
 * GET /api/calendar/:secret.ics: a staff member's private visit feed for a phone's calendar
 * app. The secret in the URL is the only key, so the answer is the same 404
 * for unknown, revoked and malformed ones, and nothing caches it.
 */
import { Hono } from "hono";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";

export function calendarRoutes(services: AppServices) {
  const routes = new Hono();
  routes.get("/calendar/:file", async (c) => {
    const file = c.req.param("file");
    const feed = file.endsWith(".ics")
      ? await services.visits.calendarFeed(file.slice(0, -4))
      : null;
    if (!feed) throw new AppError("not_found", "No calendar here.");
    return c.body(feed, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="visits.ics"',
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    });
  });
  return routes;
}
