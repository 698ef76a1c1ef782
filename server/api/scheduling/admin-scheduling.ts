/**
 * /api/admin routes of online booking: installers' hours, the office's
 * booking of an estimate request's visit, and "on my way" (any visit, wherever it was booked:
 * GET /api/admin/visits lists them all, decision 475). Mounted by adminRoutes after its access
 * check.
 */
import { Hono } from "hono";
import {
  arrivalSchema,
  availabilitySchema,
  estimateBookingSchema,
  onMyWaySchema,
} from "../../../domain/scheduling/booking-schema";
import { measurementsSchema } from "../../../domain/scheduling/measurements";
import type { AppServices } from "../../context";
import { orNotFound } from "../../errors";
import { type AdminEnv, actorOfRequest, staffOf } from "../people/admin-access";
import { idParam, readJson } from "../validation";

export function adminSchedulingRoutes(services: AppServices) {
  const { availability, booking, reminders, measurements, fieldAccess } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/staff/:id/availability", async (c) =>
    c.json(await availability.get(idParam(c, "id", "Staff member"))),
  );

  routes.put("/staff/:id/availability", async (c) => {
    const id = idParam(c, "id", "Staff member");
    const input = await readJson(c, availabilitySchema);
    return c.json(await availability.set(id, input, actorOfRequest(c)));
  });

  // The office books an estimate request's measurement visit (the product rules "Estimate requests
  // become work"): the free windows with the installers free in each, then the claim of /book.
  routes.get("/estimates/:id/booking-windows", async (c) => {
    idParam(c, "id", "Estimate request");
    return c.json({ windows: await booking.officeWindows() });
  });

  routes.get("/estimates/:id/bookings", async (c) =>
    c.json(await booking.forEstimate(idParam(c, "id", "Estimate request"))),
  );

  routes.post("/estimates/:id/booking", async (c) => {
    const id = idParam(c, "id", "Estimate request");
    const input = await readJson(c, estimateBookingSchema);
    return c.json(await booking.bookForEstimate(id, input, actorOfRequest(c)), 201);
  });

  // One visit as the lists show it, with its revision as the ETag (decision 581).
  routes.get("/visits/:id", async (c) => {
    const id = idParam(c, "id", "Visit");
    await fieldAccess.assertVisit(staffOf(c), id);
    return c.json(orNotFound(await services.visits.findVisit(id), "Visit not found"));
  });

  // The windows measured on a visit (decision 524): an installer only on his own visits.
  routes.get("/visits/:id/measurements", async (c) => {
    const id = idParam(c, "id", "Visit");
    await fieldAccess.assertVisit(staffOf(c), id);
    return c.json({ windows: await measurements.list(id) });
  });

  routes.post("/visits/:id/measurements", async (c) => {
    const id = idParam(c, "id", "Visit");
    await fieldAccess.assertVisit(staffOf(c), id);
    const { windows } = await readJson(c, measurementsSchema);
    return c.json({ windows: await measurements.record(id, windows) }, 201);
  });

  routes.post("/visits/:id/on-my-way", async (c) => {
    const id = idParam(c, "id", "Visit");
    const { minutes } = await readJson(c, onMyWaySchema);
    const me = staffOf(c);
    await reminders.onMyWayVisit(id, minutes, {
      ...actorOfRequest(c),
      staffId: me.staffId,
      role: me.role,
    });
    return c.json({ sent: true, minutes }, 202);
  });

  routes.post("/visits/:id/arrived", async (c) => {
    const id = idParam(c, "id", "Visit");
    const me = staffOf(c);
    // The body is optional: the phone's queue sends when he tapped, a plain call none.
    const { at } = c.req.header("content-type")
      ? await readJson(c, arrivalSchema)
      : { at: undefined };
    return c.json(
      await reminders.arrivedVisit(
        id,
        { ...actorOfRequest(c), staffId: me.staffId, role: me.role },
        at,
      ),
    );
  });

  return routes;
}
