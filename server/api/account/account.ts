/**
 * The customer's own page over JSON: POST /api/account/link asks for a one-time
 * link (202, the same answer for every email), GET /api/account answers the signed-in email's
 * orders, quotes and bookings (401 without the session), POST /api/account/logout ends it.
 * Every answer is private and never stored.
 */
import { Hono } from "hono";
import { accountLinkRequestSchema } from "../../../domain/account/account-schema";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { clientAddress } from "../../middleware/rate-limit";
import { ACCOUNT_LINK_SENT } from "../../services/account/account";
import { accountSessionToken, clearedAccountCookie } from "../../sessions";
import { readJson } from "../validation";
import { accountOverviewToJson } from "./account-presenter";

export function accountRoutes(services: AppServices) {
  const routes = new Hono();
  const trustProxy = services.config.trustProxy;

  routes.use("/account/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  routes.use("/account", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });

  routes.post("/account/link", async (c) => {
    const input = await readJson(c, accountLinkRequestSchema);
    await services.account.requestLink(input.email, clientAddress(c, trustProxy), input.language);
    return c.json({ status: "accepted", message: ACCOUNT_LINK_SENT }, 202);
  });

  routes.get("/account", async (c) => {
    const email = await services.account.sessionEmail(accountSessionToken(c.req.raw));
    if (!email) {
      throw new AppError(
        "unauthorized",
        "Sign in first: ask for a one-time link at /account with your email.",
      );
    }
    return c.json(accountOverviewToJson(await services.account.overview(email)));
  });

  routes.post("/account/logout", async (c) => {
    await services.account.endSession(accountSessionToken(c.req.raw));
    c.header("Set-Cookie", clearedAccountCookie(c.req.raw, trustProxy));
    return c.json({ status: "signed_out" });
  });

  return routes;
}
