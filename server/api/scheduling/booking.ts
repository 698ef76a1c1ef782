/**
 * Booking a visit online:
 * GET /api/booking/windows?zipCode=, POST /api/booking, and the customer's booking by its
 * unguessable reference: GET /api/bookings/:reference, PATCH (move) and POST …/cancel. Every
 * answer is personal or changes by the minute: Cache-Control private, no-store.
 */
import { type Context, Hono } from "hono";
import {
  bookingMoveSchema,
  bookingSchema,
  windowsQuerySchema,
} from "../../../domain/scheduling/booking-schema";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { clientAddress } from "../../middleware/rate-limit";
import { parseInput, readJson } from "../validation";

export function bookingRoutes(services: AppServices) {
  const { booking } = services;
  const routes = new Hono();
  const address = (c: Context) => clientAddress(c, services.config.trustProxy);

  routes.use("/booking/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  routes.use("/booking", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  routes.use("/bookings/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });

  routes.get("/booking/windows", async (c) => {
    const { zipCode } = parseInput(windowsQuerySchema, c.req.query());
    return c.json({ windows: await booking.windows(zipCode) });
  });

  routes.post("/booking", async (c) => {
    const input = await readJson(c, bookingSchema);
    return c.json(await booking.book(input, address(c)), 201);
  });

  routes.get("/bookings/:reference/invite.ics", async (c) => {
    const invite = await booking.invite(c.req.param("reference"));
    if (!invite) throw new AppError("not_found", "We could not find this booking.");
    return c.body(invite, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="measurement-visit.ics"',
    });
  });

  routes.get("/bookings/:reference", async (c) => {
    const found = await booking.findForCustomer(c.req.param("reference"));
    if (!found) throw new AppError("not_found", "We could not find this booking.");
    return c.json(found);
  });

  routes.patch("/bookings/:reference", async (c) => {
    const target = await readJson(c, bookingMoveSchema);
    return c.json(await booking.move(c.req.param("reference"), target, address(c)));
  });

  routes.post("/bookings/:reference/cancel", async (c) =>
    c.json(await booking.cancel(c.req.param("reference"), address(c))),
  );

  return routes;
}
