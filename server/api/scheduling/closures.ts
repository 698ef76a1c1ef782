/**
 * /api/admin/closures: storm days (decision 551). Owners and office close days, see the visits
 * on them with the window proposed for each, move them all, and reopen. Mounted by adminRoutes
 * after its access check.
 */
import { Hono } from "hono";
import { closureSchema } from "../../../domain/scheduling/closures";
import type { AppServices } from "../../context";
import { type AdminEnv, actorOfRequest } from "../people/admin-access";
import { idParam, readJson } from "../validation";

export function adminClosureRoutes(services: AppServices) {
  const { closures } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/closures", async (c) => c.json({ closures: await closures.list() }));

  routes.post("/closures", async (c) => {
    const input = await readJson(c, closureSchema);
    const closure = await closures.close(input, actorOfRequest(c));
    return c.json(closure, 201);
  });

  routes.get("/closures/:id", async (c) => c.json(await closures.get(idParam(c, "id", "Closure"))));

  routes.post("/closures/:id/move-all", async (c) =>
    c.json(await closures.moveAll(idParam(c, "id", "Closure"), actorOfRequest(c))),
  );

  routes.delete("/closures/:id", async (c) => {
    await closures.reopen(idParam(c, "id", "Closure"), actorOfRequest(c));
    return c.body(null, 204);
  });

  return routes;
}
