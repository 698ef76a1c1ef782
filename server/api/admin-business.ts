/**
 * /api/admin routes of the business (issue 11): visits, payments and receipts, the dashboard.
 * Mounted by adminRoutes after its access check, so each answers 401 without a session and 403
 * without its permission like every other admin route; changes carry the signed-in person.
 */
import { Hono } from "hono";
import {
  itemAdjustmentSchema,
  paymentSchema,
  visitCreateSchema,
  visitsQuerySchema,
  visitUpdateSchema,
} from "../../domain/back-office-schema";
import { centsToAmount } from "../../domain/money";
import type { AppServices } from "../context";
import { type AdminEnv, actorOfRequest } from "./admin-access";
import { adminOrderToJson } from "./presenters/admin-orders";
import { idParam, parseInput, readJson } from "./validation";

export function adminBusinessRoutes(services: AppServices) {
  const { visits, payments, dashboard, adjustments, admin } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/dashboard", async (c) => c.json(await dashboard.dashboard()));

  routes.get("/visits", async (c) => {
    const range = parseInput(visitsQuerySchema, c.req.query());
    return c.json(await visits.listVisits(range));
  });

  routes.get("/orders/:id/visits", async (c) =>
    c.json(await visits.visitsForOrder(idParam(c, "id", "Order"))),
  );

  routes.post("/orders/:id/visits", async (c) => {
    const id = idParam(c, "id", "Order");
    const input = await readJson(c, visitCreateSchema);
    return c.json(await visits.scheduleVisit(id, input, actorOfRequest(c)), 201);
  });

  routes.patch("/visits/:id", async (c) => {
    const id = idParam(c, "id", "Visit");
    const input = await readJson(c, visitUpdateSchema);
    return c.json(await visits.updateVisit(id, input, actorOfRequest(c)));
  });

  routes.patch("/orders/:id/items/:itemId", async (c) => {
    const id = idParam(c, "id", "Order");
    const itemId = idParam(c, "itemId", "Item");
    const input = await readJson(c, itemAdjustmentSchema);
    const result = await adjustments.adjustItem(id, itemId, input, actorOfRequest(c));
    return c.json({
      adjustment: {
        summary: result.summary,
        totalBefore: centsToAmount(result.totalBeforeCents),
        total: centsToAmount(result.totalAfterCents),
        paid: centsToAmount(result.paidCents),
        refundOwed: centsToAmount(result.refundOwedCents),
      },
      order: adminOrderToJson(await admin.getOrder(id)),
    });
  });

  routes.get("/orders/:id/payments", async (c) =>
    c.json(await payments.paymentSummary(idParam(c, "id", "Order"))),
  );

  routes.post("/orders/:id/payments", async (c) => {
    const id = idParam(c, "id", "Order");
    const input = await readJson(c, paymentSchema);
    return c.json(await payments.recordPayment(id, input, actorOfRequest(c)), 201);
  });

  routes.post("/orders/:id/receipt", async (c) => {
    await payments.emailReceipt(idParam(c, "id", "Order"), actorOfRequest(c));
    return c.json({ emailed: true }, 202);
  });

  return routes;
}
