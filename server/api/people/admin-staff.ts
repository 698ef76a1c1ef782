/**
 * /api/admin routes of the people of the back office: staff accounts, one's own
 * password, every account's sessions, and the audit log. Mounted by adminRoutes after its access
 * check, which has already refused what the person's role does not allow.
 */
import { Hono } from "hono";
import { roleHas } from "../../../domain/people/permissions";
import {
  auditQuerySchema,
  passwordChangeSchema,
  staffCreateSchema,
  staffUpdateSchema,
} from "../../../domain/people/staff-schema";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { clientAddress } from "../../middleware/rate-limit";
import { deviceTokensOf } from "../../sessions";
import { idParam, parseInput, readJson } from "../validation";
import { type AdminEnv, actorOfRequest, staffOf } from "./admin-access";

export function adminStaffRoutes(services: AppServices) {
  const { staff, visits, audit } = services;
  const routes = new Hono<AdminEnv>();

  // The office sees the list to book visits; what each person costs is the owners' (staff) only.
  routes.get("/staff", async (c) => {
    const list = await staff.listStaff();
    if (roleHas(staffOf(c).role, "staff")) return c.json(list);
    return c.json(list.map(({ hourlyCost: _h, commissionPercent: _c, ...person }) => person));
  });

  routes.post("/staff", async (c) => {
    const input = await readJson(c, staffCreateSchema);
    return c.json(await staff.addStaff(input, actorOfRequest(c)), 201);
  });

  routes.patch("/staff/:id", async (c) => {
    const id = idParam(c, "id", "Staff member");
    const input = await readJson(c, staffUpdateSchema);
    return c.json(await staff.updateStaff(id, input, actorOfRequest(c)));
  });

  routes.post("/staff/:id/calendar-feed", async (c) =>
    c.json(await visits.createCalendarFeed(idParam(c, "id", "Staff member")), 201),
  );

  routes.delete("/staff/:id/calendar-feed", async (c) => {
    await visits.revokeCalendarFeed(idParam(c, "id", "Staff member"));
    return c.json({ revoked: true });
  });

  routes.post("/password", async (c) => {
    await staff.changeOwnPassword(
      staffOf(c),
      await readJson(c, passwordChangeSchema),
      clientAddress(c, services.config.trustProxy),
      deviceTokensOf(c.req.raw),
    );
    return c.json({ changed: true });
  });

  routes.get("/sessions", async (c) => c.json(await staff.listSessions(staffOf(c))));

  routes.delete("/sessions/:id", async (c) => {
    const id = c.req.param("id") ?? "";
    if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError("not_found", "Session not found.");
    await staff.revokeSession(id, actorOfRequest(c));
    return c.json({ revoked: true });
  });

  routes.get("/audit", async (c) =>
    c.json(await audit.list(parseInput(auditQuerySchema, c.req.query()))),
  );

  return routes;
}
