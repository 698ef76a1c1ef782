/**
 * /api/admin/quotes: build, change, list, send, PDF; the dashboard's figures;
 * the quotes of an estimate request. Mounted by adminRoutes after its access check.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  quoteCreateSchema,
  quoteFromMeasurementsSchema,
  quotesQuerySchema,
  quoteUpdateSchema,
} from "../../../domain/sales/quote-schema";
import { centsToAmount } from "../../../domain/shared/money";
import { propertyOf } from "../../../domain/shared/property-of";
import type { AppServices } from "../../context";
import { type AdminEnv, actorOfRequest, staffOf } from "../people/admin-access";
import { idParam, parseInput, readJson } from "../validation";
import { quoteDetailToJson, quoteListToJson, quoteToJson } from "./quotes-presenter";

export function adminQuoteRoutes(services: AppServices) {
  const { quotes } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/quotes", async (c) => {
    const { status } = parseInput(quotesQuerySchema, c.req.query());
    return c.json(quoteListToJson(await quotes.list(status, staffOf(c))));
  });

  routes.get("/quote-summary", async (c) => {
    const s = await quotes.summary();
    const { waitingCents, ...rest } = s;
    return c.json({ ...rest, waitingValue: centsToAmount(waitingCents) });
  });

  routes.post("/quotes", async (c) => {
    const body = await readJson(c, z.unknown());
    if (propertyOf(body, "fromMeasurements") === true) {
      const input = parseInput(quoteFromMeasurementsSchema, body);
      return c.json(
        quoteToJson(await quotes.fromMeasurements(input, actorOfRequest(c), staffOf(c))),
        201,
      );
    }
    const input = parseInput(quoteCreateSchema, body);
    return c.json(quoteToJson(await quotes.create(input, actorOfRequest(c), staffOf(c))), 201);
  });

  routes.get("/quotes/:id", async (c) =>
    c.json(quoteDetailToJson(await quotes.get(idParam(c, "id", "Quote"), staffOf(c)))),
  );

  routes.patch("/quotes/:id", async (c) => {
    const id = idParam(c, "id", "Quote");
    const input = await readJson(c, quoteUpdateSchema);
    return c.json(quoteToJson(await quotes.update(id, input, actorOfRequest(c), staffOf(c))));
  });

  routes.post("/quotes/:id/send", async (c) => {
    const id = idParam(c, "id", "Quote");
    return c.json(quoteToJson(await quotes.send(id, actorOfRequest(c), staffOf(c))));
  });

  routes.get("/quotes/:id/pdf", async (c) => {
    const { label, pdf } = await quotes.pdf(idParam(c, "id", "Quote"), staffOf(c));
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="quote-${label}.pdf"`,
    });
  });

  routes.get("/estimates/:id/quotes", async (c) =>
    c.json(await quotes.forEstimate(idParam(c, "id", "Estimate request"))),
  );

  return routes;
}
