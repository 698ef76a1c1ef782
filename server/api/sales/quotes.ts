/**
 * The customer's quote: GET /api/quotes/:token (and its PDF), POST
 * /api/quotes/:token/accept|decline|question|cancel. Personal: every answer is
 * `Cache-Control: private, no-store`; the token is masked in the request log.
 */
import { type Context, Hono } from "hono";
import {
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteQuestionSchema,
} from "../../../domain/sales/quote-schema";
import { centsToAmount } from "../../../domain/shared/money";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import { readJson } from "../validation";
import { acceptedOrderToJson, customerQuoteToJson, publicQuoteToJson } from "./quotes-presenter";

export function quoteRoutes(services: AppServices) {
  const { quoteAnswers, config } = services;
  const routes = new Hono();
  const token = (c: Context) => c.req.param("token") ?? "";

  routes.use("/quotes/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });

  routes.get("/quotes/:token", async (c) =>
    c.json(customerQuoteToJson(await quoteAnswers.open(token(c), { countView: false }))),
  );

  routes.get("/quotes/:token/pdf", async (c) => {
    const { label, pdf } = await quoteAnswers.pdf(token(c));
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="quote-${label}.pdf"`,
    });
  });

  routes.post("/quotes/:token/accept", async (c) => {
    const input = await readJson(c, quoteAcceptSchema);
    const { created, order } = await quoteAnswers.accept(token(c), input, {
      address: clientAddress(c, config.trustProxy),
      userAgent: c.req.header("user-agent") ?? "",
    });
    return c.json(acceptedOrderToJson(order), created ? 201 : 200);
  });

  routes.post("/quotes/:token/decline", async (c) => {
    const { reason } = await readJson(c, quoteDeclineSchema);
    return c.json(publicQuoteToJson(await quoteAnswers.decline(token(c), reason)));
  });

  routes.post("/quotes/:token/question", async (c) => {
    const { message } = await readJson(c, quoteQuestionSchema);
    return c.json(
      await quoteAnswers.question(token(c), message, clientAddress(c, config.trustProxy)),
      201,
    );
  });

  routes.post("/quotes/:token/cancel", async (c) => {
    const result = await quoteAnswers.cancel(token(c));
    return c.json({
      orderNumber: result.orderNumber,
      status: "cancelled",
      refundDue: centsToAmount(result.refundDueCents),
    });
  });

  return routes;
}
