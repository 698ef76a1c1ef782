/**
 * /api/admin: the back office API. Every route needs a valid admin session (401 otherwise)
 * except those in PUBLIC_ADMIN_ROUTES; every answer carries Cache-Control: no-store.
 */
import { Hono, type MiddlewareHandler } from "hono";
import {
  adminLoginSchema,
  messagesQuerySchema,
  orderNoteSchema,
  orderStatusChangeSchema,
  ordersQuerySchema,
  requestsQuerySchema,
  reviewsQuerySchema,
} from "../../domain/admin-schema";
import type { AppServices } from "../context";
import { AppError } from "../errors";
import { clientAddress } from "../middleware/rate-limit";
import { adminBusinessRoutes } from "./admin-business";
import { adminCatalogRoutes } from "./admin-catalog";
import { adminOrderPageToJson, adminOrderToJson } from "./presenters/admin-orders";
import { ordersToCsv, orderTotalsToCsv } from "./presenters/orders-csv";
import { idParam, parseInput, readJson } from "./validation";

/** "METHOD /path" of the routes answered without a session: only the login itself. */
export const PUBLIC_ADMIN_ROUTES: readonly string[] = ["POST /login"];

const WRONG_PASSWORD = "Incorrect password";

function query(c: { req: { query(): Record<string, string> } }) {
  return c.req.query();
}

export function adminRoutes(services: AppServices) {
  const { admin, config } = services;
  const routes = new Hono();

  routes.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });

  routes.post("/login", async (c) => {
    const { password } = await readJson(c, adminLoginSchema);
    const result = await admin.login(password, clientAddress(c, config.trustProxy));
    if (result.status === "limited") {
      throw new AppError(
        "rate_limited",
        "Too many failed logins from this address. Wait and try again later.",
        { headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    if (result.status === "busy") {
      throw new AppError("unavailable", "Too many logins at once. Try again in a few seconds.", {
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    }
    if (result.status === "wrong") throw new AppError("unauthorized", WRONG_PASSWORD);
    c.header("Set-Cookie", admin.sessionCookie(c.req.raw, result.token));
    return c.json({ authenticated: true });
  });

  // Registered after /login and before everything else: Hono runs matching handlers in order
  // of registration, so every route below passes through this check.
  const requireSession: MiddlewareHandler = async (c, next) => {
    const session = await admin.sessionFromRequest(c.req.raw);
    if (!session) {
      throw new AppError("unauthorized", "Log in to the admin to continue.", {
        headers: { "Set-Cookie": admin.clearedSessionCookie(c.req.raw) },
      });
    }
    return next();
  };
  routes.use("*", requireSession);

  routes.post("/logout", async (c) => {
    await admin.logout(admin.tokenFromRequest(c.req.raw));
    c.header("Set-Cookie", admin.clearedSessionCookie(c.req.raw));
    return c.json({ authenticated: false });
  });

  routes.get("/session", async (c) => {
    const session = await admin.sessionFromRequest(c.req.raw);
    return c.json({ authenticated: true, expiresAt: session?.expiresAt });
  });

  routes.get("/orders", async (c) => {
    const page = await admin.listOrders(parseInput(ordersQuerySchema, query(c)));
    // SPEC.md §7: the answer is the list itself; paging travels in headers.
    c.header("X-Total-Count", String(page.total));
    c.header("X-Page", String(page.page));
    c.header("X-Page-Size", String(page.pageSize));
    c.header("X-Page-Count", String(page.pageCount));
    return c.json(adminOrderPageToJson(page).orders);
  });

  // ?rows=orders: one row per order with its totals; otherwise one row per item (issue 11).
  routes.get("/orders.csv", async (c) => {
    const perOrder = c.req.query("rows") === "orders";
    const orders = await admin.listOrdersForExport(parseInput(ordersQuerySchema, query(c)));
    const csv = perOrder ? orderTotalsToCsv(orders) : ordersToCsv(orders);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${perOrder ? "order-totals" : "orders"}-${day}.csv"`,
    });
  });

  routes.get("/orders/:id", async (c) =>
    c.json(adminOrderToJson(await admin.getOrder(idParam(c, "id", "Order")))),
  );

  routes.post("/orders/:id/status", async (c) => {
    const id = idParam(c, "id", "Order");
    const change = await readJson(c, orderStatusChangeSchema);
    return c.json(adminOrderToJson(await admin.changeOrderStatus(id, change)));
  });

  routes.post("/orders/:id/notes", async (c) => {
    const id = idParam(c, "id", "Order");
    const { body } = await readJson(c, orderNoteSchema);
    return c.json(adminOrderToJson(await admin.addOrderNote(id, body)), 201);
  });

  routes.get("/reviews", async (c) => {
    const { status } = parseInput(reviewsQuerySchema, query(c));
    return c.json(await admin.listReviews(status));
  });

  routes.post("/reviews/:id/approve", async (c) =>
    c.json(await admin.moderateReview(idParam(c, "id", "Review"), "approved")),
  );

  routes.post("/reviews/:id/reject", async (c) =>
    c.json(await admin.moderateReview(idParam(c, "id", "Review"), "rejected")),
  );

  routes.get("/messages", async (c) => {
    const { status } = parseInput(messagesQuerySchema, query(c));
    return c.json(await admin.listMessages(status));
  });

  routes.get("/messages/:id", async (c) =>
    c.json(await admin.getMessage(idParam(c, "id", "Message"))),
  );

  routes.post("/messages/:id/handled", async (c) =>
    c.json(await admin.markMessageHandled(idParam(c, "id", "Message"))),
  );

  routes.route("/", adminBusinessRoutes(services));
  routes.route("/", adminCatalogRoutes(services));
  routes.get("/samples", async (c) => {
    const { status } = parseInput(requestsQuerySchema, query(c));
    return c.json(await services.samples.list(status === "all" ? undefined : status));
  });

  routes.post("/samples/:id/handled", async (c) =>
    c.json(await services.samples.markHandled(idParam(c, "id", "Sample request"))),
  );

  routes.get("/estimates", async (c) => {
    const { status } = parseInput(requestsQuerySchema, query(c));
    return c.json(await services.estimates.list(status === "all" ? undefined : status));
  });

  routes.get("/estimates/:id", async (c) =>
    c.json(await services.estimates.get(idParam(c, "id", "Estimate request"))),
  );

  routes.post("/estimates/:id/handled", async (c) =>
    c.json(await services.estimates.markHandled(idParam(c, "id", "Estimate request"))),
  );

  // The photos leave the data folder only here, behind the session check above.
  routes.get("/estimates/:id/photos/:photoId", async (c) => {
    const photo = await services.estimates.photo(
      idParam(c, "id", "Estimate request"),
      idParam(c, "photoId", "Photo"),
    );
    return c.body(new Uint8Array(photo.data), 200, {
      "Content-Type": photo.contentType,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return routes;
}
