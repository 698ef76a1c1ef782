/**
 * /api/projects: a shopper's saved projects (decision 523). POST saves windows under a name and
 * answers the token; GET /:token shows them with today's prices; POST /:token/cart adds them all
 * to the caller's cart; POST /:token/email sends the link. Private: never cached, and the token
 * is masked in every log line.
 */
import { type Context, Hono } from "hono";
import { centsToDecimalString } from "../../../domain/shared/money";
import { projectEmailSchema, projectInputSchema } from "../../../domain/storefront/project-schema";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import { isSecureRequest } from "../../middleware/security";
import type { ProjectView } from "../../services/storefront/projects";
import { cartSessionCookie, cartSessionOf } from "../../sessions";
import { readJson } from "../validation";
import { cartToJson } from "./cart-presenter";

export function projectToJson(project: ProjectView) {
  return {
    name: project.name,
    savedAt: project.savedAt,
    items: project.items.map(
      ({ unitPriceCents: _u, lineTotalCents: _l, savedPriceCents, todayPriceCents, ...item }) => ({
        ...item,
        savedPrice: centsToDecimalString(savedPriceCents),
        calculatedPrice: todayPriceCents === null ? null : centsToDecimalString(todayPriceCents),
      }),
    ),
  };
}

export function projectRoutes(services: AppServices) {
  const routes = new Hono();
  const { projects } = services;

  routes.use("/projects/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  routes.use("/projects", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });

  routes.post("/projects", async (c) => {
    const input = await readJson(c, projectInputSchema);
    return c.json(await projects.create(input), 201);
  });

  routes.get("/projects/:token", async (c) =>
    c.json(projectToJson(await projects.get(c.req.param("token")))),
  );

  routes.post("/projects/:token/cart", async (c) => {
    const client = clientAddress(c, services.config.trustProxy);
    const view = await projects.addToCart(c.req.param("token"), cartSessionOf(c.req.raw), client);
    const secure = isSecureRequest(c.req.raw, services.config.trustProxy);
    c.header("Set-Cookie", cartSessionCookie(view.sessionId, secure));
    return c.json(cartToJson(view));
  });

  routes.post("/projects/:token/email", async (c: Context) => {
    const { email } = await readJson(c, projectEmailSchema);
    await projects.email(c.req.param("token") ?? "", email);
    return c.json({ message: `We sent the link to ${email}.` }, 202);
  });

  return routes;
}
