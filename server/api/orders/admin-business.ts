/**
 * /api/admin routes of the business: visits, payments and receipts, the dashboard.
 * Mounted by adminRoutes after its access check, so each answers 401 without a session and 403
 * without its permission like every other admin route; changes carry the signed-in person.
 */
import { Hono } from "hono";
import {
  itemAdjustmentPreviewSchema,
  itemAdjustmentSchema,
  paymentSchema,
  visitCreateSchema,
  visitsQuerySchema,
  visitUpdateSchema,
} from "../../../domain/shared/back-office-schema";
import { centsToAmount } from "../../../domain/shared/money";
import type { AppServices } from "../../context";
import { type AdminEnv, actorOfRequest, staffOf } from "../people/admin-access";
import { idParam, parseInput, readJson } from "../validation";
import { adminOrderToJson } from "./admin-orders-presenter";
import { dashboardToJson, paymentSummaryToJson } from "./payments-presenter";

export function adminBusinessRoutes(services: AppServices) {
  const { visits, payments, dashboard, adjustments, admin, fieldAccess } = services;
  const routes = new Hono<AdminEnv>();

  // An installer's dashboard is his own visits, not the business's figures.
  routes.get("/dashboard", async (c) => {
    const me = staffOf(c);
    if (fieldAccess.ownVisitsOnly(me)) return c.json(await dashboard.ownVisits(me.staffId));
    // Purchasing's part: orders ready to install and overdue purchase orders.
    const supply = await services.purchaseOrders.dashboardLists();
    return c.json({
      ...dashboardToJson(await dashboard.dashboard()),
      readyToInstall: supply.readyToInstall,
      overduePurchaseOrders: supply.overdue,
    });
  });

  routes.get("/visits", async (c) => {
    const range = parseInput(visitsQuerySchema, c.req.query());
    return c.json(
      await visits.listVisits({ ...range, staffId: fieldAccess.visitFilter(staffOf(c)) }),
    );
  });

  routes.get("/orders/:id/visits", async (c) => {
    const id = idParam(c, "id", "Order");
    const me = staffOf(c);
    await fieldAccess.assertOrder(me, id);
    const own = fieldAccess.visitFilter(me);
    const list = await visits.visitsForOrder(id);
    return c.json(own === undefined ? list : list.filter((v) => v.staffId === own));
  });

  routes.post("/orders/:id/visits", async (c) => {
    const id = idParam(c, "id", "Order");
    const input = await readJson(c, visitCreateSchema);
    return c.json(await visits.scheduleVisit(id, input, actorOfRequest(c)), 201);
  });

  routes.patch("/visits/:id", async (c) => {
    const id = idParam(c, "id", "Visit");
    const input = await readJson(c, visitUpdateSchema);
    await fieldAccess.assertVisitUpdate(staffOf(c), id, input);
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

  // What the adjustment would do (new price, total and balance), nothing saved.
  routes.post("/orders/:id/items/:itemId/preview", async (c) => {
    const id = idParam(c, "id", "Order");
    const itemId = idParam(c, "itemId", "Item");
    const input = await readJson(c, itemAdjustmentPreviewSchema);
    return c.json({ preview: await adjustments.previewItem(id, itemId, input) });
  });

  routes.get("/orders/:id/payments", async (c) => {
    const id = idParam(c, "id", "Order");
    await fieldAccess.assertOrder(staffOf(c), id);
    return c.json(paymentSummaryToJson(await payments.paymentSummary(id)));
  });

  routes.post("/orders/:id/payments", async (c) => {
    const id = idParam(c, "id", "Order");
    await fieldAccess.assertOrder(staffOf(c), id);
    const input = await readJson(c, paymentSchema);
    const summary = await payments.recordPayment(id, input, actorOfRequest(c));
    return c.json(paymentSummaryToJson(summary), 201);
  });

  routes.post("/orders/:id/receipt", async (c) => {
    const id = idParam(c, "id", "Order");
    await fieldAccess.assertOrder(staffOf(c), id);
    await payments.emailReceipt(id, actorOfRequest(c));
    return c.json({ emailed: true }, 202);
  });

  return routes;
}
