/** GET /api/reviews (approved only) and POST /api/reviews (stored pending). */
import { Hono } from "hono";
import { reviewInputSchema } from "../../../domain/storefront/review-schema";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import { readJson } from "../validation";

export const REVIEW_RECEIVED_MESSAGE =
  "Thank you! Your review has been submitted and will be published after verification.";

export function reviewsRoutes(services: AppServices) {
  const routes = new Hono();

  routes.get("/reviews", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await services.reviews.listApproved());
  });

  routes.post("/reviews", async (c) => {
    const input = await readJson(c, reviewInputSchema);
    await services.reviews.submit(input, clientAddress(c, services.config.trustProxy));
    // The same answer whether stored or dropped by the honeypot: bots learn nothing.
    return c.json({ status: "pending", message: REVIEW_RECEIVED_MESSAGE }, 201);
  });

  return routes;
}
