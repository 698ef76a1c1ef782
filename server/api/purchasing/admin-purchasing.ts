/**
 * /api/admin routes of purchasing and the close-out. Mounted by adminRoutes after its
 * access check; every route's permission is in domain/permissions.ts.
 */
import { Hono } from "hono";
import { priceGridQuerySchema } from "../../../domain/purchasing/price-grid";
import {
  closeOutFromForm,
  closeOutSchema,
  purchaseOrdersQuerySchema,
  purchaseOrderUpdateSchema,
  receiveSchema,
  remakeSchema,
  remakesQuerySchema,
  supplierCreateSchema,
  supplierUpdateSchema,
} from "../../../domain/purchasing/purchasing";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { centsToAmount } from "../../../domain/shared/money";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { type AdminEnv, actorOfRequest, staffOf } from "../people/admin-access";
import { photosFromForm } from "../requests/requests";
import { idParam, parseInput, readFormRequest, readJson } from "../validation";
import { purchaseOrderToJson } from "./purchase-order-presenter";

export function adminPurchasingRoutes(services: AppServices) {
  const { suppliers, priceGrids, purchaseOrders, closeOuts, fieldAccess } = services;
  const routes = new Hono<AdminEnv>();

  routes.get("/suppliers", async (c) => c.json(await suppliers.list()));

  routes.post("/suppliers", async (c) => {
    const input = await readJson(c, supplierCreateSchema);
    return c.json(await suppliers.create(input, actorOfRequest(c)), 201);
  });

  routes.patch("/suppliers/:id", async (c) => {
    const id = idParam(c, "id", "Supplier");
    const input = await readJson(c, supplierUpdateSchema);
    return c.json(await suppliers.update(id, input, actorOfRequest(c)));
  });

  // text/csv, header productType,maxWidth,maxHeight,cost; ?preview=true answers the changes unsaved.
  routes.post("/suppliers/:id/price-grid", async (c) => {
    const id = idParam(c, "id", "Supplier");
    if (!/^text\/csv\b/i.test(c.req.header("content-type") ?? "")) {
      throw new AppError("unsupported_media_type", "Send the price grid as text/csv.");
    }
    const { preview } = parseInput(priceGridQuerySchema, c.req.query());
    const result = await priceGrids.importCsv(
      id,
      await c.req.text(),
      { preview },
      actorOfRequest(c),
    );
    return c.json(result);
  });

  routes.post("/orders/:id/purchase-orders", async (c) => {
    const id = idParam(c, "id", "Order");
    const list = await purchaseOrders.createForOrder(id, actorOfRequest(c));
    return c.json({ purchaseOrders: list.map(purchaseOrderToJson) }, 201);
  });

  routes.get("/purchase-orders", async (c) => {
    const filter = parseInput(purchaseOrdersQuerySchema, c.req.query());
    return c.json((await purchaseOrders.listPurchaseOrders(filter)).map(purchaseOrderToJson));
  });

  routes.get("/purchase-orders/:id", async (c) =>
    c.json(
      purchaseOrderToJson(
        await purchaseOrders.getPurchaseOrder(idParam(c, "id", "Purchase order")),
      ),
    ),
  );

  routes.get("/purchase-orders/:id/pdf", async (c) => {
    const { data, fileName } = await purchaseOrders.pdf(idParam(c, "id", "Purchase order"));
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
    });
  });

  routes.post("/purchase-orders/:id/send", async (c) =>
    c.json(
      purchaseOrderToJson(
        await purchaseOrders.send(idParam(c, "id", "Purchase order"), actorOfRequest(c)),
      ),
      202,
    ),
  );

  routes.patch("/purchase-orders/:id", async (c) => {
    const id = idParam(c, "id", "Purchase order");
    const input = await readJson(c, purchaseOrderUpdateSchema);
    return c.json(purchaseOrderToJson(await purchaseOrders.update(id, input, actorOfRequest(c))));
  });

  routes.post("/purchase-orders/:id/receive", async (c) => {
    const id = idParam(c, "id", "Purchase order");
    const input = await readJson(c, receiveSchema);
    return c.json(purchaseOrderToJson(await purchaseOrders.receive(id, input, actorOfRequest(c))));
  });

  routes.post("/orders/:id/items/:itemId/remake", async (c) => {
    const id = idParam(c, "id", "Order");
    const itemId = idParam(c, "itemId", "Item");
    const input = await readJson(c, remakeSchema);
    const made = await purchaseOrders.remake(id, itemId, input, actorOfRequest(c));
    return c.json({ ...made, purchaseOrder: purchaseOrderToJson(made.purchaseOrder) }, 201);
  });

  routes.get("/remakes", async (c) => {
    const { month } = parseInput(remakesQuerySchema, c.req.query());
    return c.json(await purchaseOrders.remakesForMonth(month ?? storeToday().slice(0, 7)));
  });

  // multipart: items (JSON), photos (≤ 10), signature (PNG), signerName.
  routes.post("/visits/:id/close-out", async (c) => {
    const id = idParam(c, "id", "Visit");
    await fieldAccess.assertVisit(staffOf(c), id);
    if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) {
      throw new AppError("unsupported_media_type", "Send the close-out as multipart/form-data.");
    }
    const form = await readFormRequest(c.req.raw);
    const input = parseInput(closeOutSchema, closeOutFromForm(form));
    const signature = form.get("signature");
    const signatureBytes =
      signature && typeof signature !== "string"
        ? new Uint8Array(await signature.arrayBuffer())
        : null;
    const result = await closeOuts.closeOut(
      id,
      input,
      await photosFromForm(form),
      signatureBytes,
      actorOfRequest(c),
    );
    const { balanceDueCents, ...closed } = result;
    return c.json({ ...closed, balanceDue: centsToAmount(balanceDueCents) }, 201);
  });

  routes.get("/visits/:id/close-out/photos/:photoId", async (c) => {
    const id = idParam(c, "id", "Visit");
    await fieldAccess.assertVisit(staffOf(c), id);
    const data = await closeOuts.file(id, idParam(c, "photoId", "Photo"));
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": "image/jpeg",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    });
  });

  routes.get("/visits/:id/close-out/signature", async (c) => {
    const id = idParam(c, "id", "Visit");
    await fieldAccess.assertVisit(staffOf(c), id);
    const data = await closeOuts.file(id, "signature");
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": "image/png",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return routes;
}
