/**
 * /api/admin routes of two-factor sign-in: the signed-in person's own enrolment
 * (/two-factor/*, open while owners require two-factor and it is not set up yet), the owners'
 * back-office settings and their reset of one person's two-factor. Mounted by adminRoutes after
 * its access check, which has already refused what the person's role does not allow.
 */
import { Hono } from "hono";
import {
  twoFactorCodeSchema,
  twoFactorDisableSchema,
} from "../../../domain/people/two-factor-schema";
import { adminSettingsSchema } from "../../../domain/sales/quote-schema";
import type { AppServices } from "../../context";
import { idParam, readJson } from "../validation";
import { type AdminEnv, actorOfRequest, staffOf } from "./admin-access";

export function adminTwoFactorRoutes(services: AppServices) {
  const { twoFactor, salesSettings } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/two-factor", async (c) => c.json(await twoFactor.status(staffOf(c).staffId)));

  routes.post("/two-factor/setup", async (c) =>
    c.json(await twoFactor.startSetup(actorOfRequest(c), staffOf(c).staffId)),
  );

  routes.post("/two-factor/confirm", async (c) => {
    const { code } = await readJson(c, twoFactorCodeSchema);
    return c.json(await twoFactor.confirm(actorOfRequest(c), staffOf(c).staffId, code));
  });

  routes.post("/two-factor/recovery-codes", async (c) => {
    const { code } = await readJson(c, twoFactorCodeSchema);
    const staffId = staffOf(c).staffId;
    return c.json(await twoFactor.regenerateRecoveryCodes(actorOfRequest(c), staffId, code));
  });

  routes.post("/two-factor/disable", async (c) => {
    const input = await readJson(c, twoFactorDisableSchema);
    return c.json(await twoFactor.disable(actorOfRequest(c), staffOf(c).staffId, input));
  });

  // The back office's settings: the two-factor switch and the sales settings.
  routes.get("/settings", async (c) =>
    c.json({ ...(await twoFactor.settings()), ...(await salesSettings.get()) }),
  );

  routes.patch("/settings", async (c) => {
    const { requireTwoFactor, ...sales } = await readJson(c, adminSettingsSchema);
    const actor = actorOfRequest(c);
    if (requireTwoFactor !== undefined) await twoFactor.updateSettings(actor, { requireTwoFactor });
    const salesAfter = await salesSettings.update(actor, sales);
    return c.json({ ...(await twoFactor.settings()), ...salesAfter });
  });

  routes.post("/staff/:id/two-factor/reset", async (c) => {
    const id = idParam(c, "id", "Staff member");
    return c.json(await twoFactor.reset(actorOfRequest(c), id));
  });

  return routes;
}
