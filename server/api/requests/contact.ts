/** POST /api/contact: the same schema and service as the /contact page action. */
import { Hono } from "hono";
import { contactInputSchema } from "../../../domain/requests/contact-schema";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import { readJson } from "../validation";

export function contactRoutes(services: AppServices) {
  const routes = new Hono();

  routes.post("/contact", async (c) => {
    const input = await readJson(c, contactInputSchema);
    await services.contact.submit(input, clientAddress(c, services.config.trustProxy));
    return c.json(
      {
        status: "received",
        message: `Thank you! We received your message and will reply within ${services.business.contactReplyHours} hours.`,
      },
      201,
    );
  });

  return routes;
}
