/**
 * /api/admin: the back office API. Every route declares the permission it needs in
 * ADMIN_API_PERMISSIONS (domain/permissions.ts) and passes the one access check (admin-access.ts)
 * before its handler; only the login is public. Every answer carries Cache-Control: no-store.
 */
import { Hono } from "hono";
import { orderTaxExemptionSchema } from "../../domain/books/tax-exemption-schema";
import {
  messagesQuerySchema,
  orderNoteSchema,
  orderStatusChangeSchema,
  ordersQuerySchema,
  requestsQuerySchema,
  reviewsQuerySchema,
} from "../../domain/people/admin-schema";
import { ADMIN_API_PERMISSIONS, PUBLIC } from "../../domain/people/permissions";
import {
  CODE_REQUIRED_MESSAGE,
  staffLoginSchema,
  WRONG_CODE_MESSAGE,
  WRONG_LOGIN_MESSAGE,
} from "../../domain/people/staff-schema";
import { storeToday } from "../../domain/scheduling/visit-time";
import type { AppServices } from "../context";
import { AppError } from "../errors";
import { clientAddress } from "../middleware/rate-limit";
import {
  adminSessionCookie,
  adminTokenOf,
  clearedAdminSessionCookie,
  deviceCookieHeader,
  deviceTokensOf,
} from "../sessions";
import { booksRoutes } from "./books/reports";
import { adminBusinessRoutes } from "./orders/admin-business";
import { adminOrderPageToJson, adminOrderToJson } from "./orders/admin-orders-presenter";
import { ordersToCsv, orderTotalsToCsv } from "./orders/orders-csv";
import { type AdminEnv, actorOfRequest, adminAccess, staffOf } from "./people/admin-access";
import { adminStaffRoutes } from "./people/admin-staff";
import { adminTwoFactorRoutes } from "./people/admin-two-factor";
import { IDEMPOTENT_ADMIN_ROUTES, idempotencyKeys } from "./platform/idempotency";
import { etagOfAnswer, ifMatchRevision, REVISED_ADMIN_ROUTES } from "./platform/revisions";
import { adminPurchasingRoutes } from "./purchasing/admin-purchasing";
import { purchaseOrderStateToJson } from "./purchasing/purchase-order-presenter";
import { adminTextRoutes } from "./requests/admin-texts";
import { adminQuoteRoutes } from "./sales/admin-quotes";
import { adminSchedulingRoutes } from "./scheduling/admin-scheduling";
import { adminClosureRoutes } from "./scheduling/closures";
import { adminCatalogRoutes } from "./storefront/admin-catalog";
import { idParam, parseInput, readJson } from "./validation";

/** "METHOD /path" of the routes answered without a session: only the login itself. */
export const PUBLIC_ADMIN_ROUTES: readonly string[] = Object.entries(ADMIN_API_PERMISSIONS)
  .filter(([, permission]) => permission === PUBLIC)
  .map(([route]) => route);

function query(c: { req: { query(): Record<string, string> } }) {
  return c.req.query();
}

/** "POST /visits/:id/arrived" → ["POST", "/visits/:id/arrived"]. */
function methodAndPath(route: string): [string, string] {
  const space = route.indexOf(" ");
  return [route.slice(0, space), route.slice(space + 1)];
}

export function adminRoutes(services: AppServices) {
  const { admin, config } = services;
  const routes = new Hono<AdminEnv>();

  routes.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });

  routes.post("/login", async (c) => {
    const input = await readJson(c, staffLoginSchema);
    const result = await admin.login(
      input,
      clientAddress(c, config.trustProxy),
      c.req.header("user-agent") ?? "",
      deviceTokensOf(c.req.raw),
    );
    if (result.status === "limited") {
      throw new AppError(
        "rate_limited",
        result.perAccount
          ? "Too many failed logins or wrong codes for this account. Wait and try again later."
          : result.perBrowser
            ? "Too many failed logins from this browser. Wait and try again later."
            : "Too many failed logins from this address. Wait and try again later.",
        { headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    if (result.status === "busy") {
      throw new AppError("unavailable", "Too many logins at once. Try again in a few seconds.", {
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    }
    if (result.status === "wrong") throw new AppError("unauthorized", WRONG_LOGIN_MESSAGE);
    if (result.status === "code_required") {
      const message = result.codeWasWrong ? WRONG_CODE_MESSAGE : CODE_REQUIRED_MESSAGE;
      throw new AppError("code_required", message, { fields: { code: message } });
    }
    // The session's cookie first: clients that keep one cookie keep the session.
    c.header("Set-Cookie", adminSessionCookie(c.req.raw, result.token, config.trustProxy));
    c.header("Set-Cookie", deviceCookieHeader(c.req.raw, result.device, config.trustProxy), {
      append: true,
    });
    return c.json({ authenticated: true });
  });

  // Registered after /login and before everything else: Hono runs matching handlers in order
  // of registration, so every route below passes through this check.
  routes.use("*", adminAccess(services));
  // After the access check (a key belongs to the signed-in person), before the handlers.
  const idempotent = idempotencyKeys(services.idempotency);
  for (const route of IDEMPOTENT_ADMIN_ROUTES) {
    const [method, path] = methodAndPath(route);
    routes.on(method, path, idempotent);
  }
  // If-Match after the key: a repeat is answered from the key, not refused as stale by the
  // revision its own first run moved (decision 581).
  for (const [route, thing] of REVISED_ADMIN_ROUTES) {
    const [method, path] = methodAndPath(route);
    routes.on(method, path, ifMatchRevision(services, thing));
  }
  routes.get("/orders/:id", etagOfAnswer("order"));
  routes.get("/quotes/:id", etagOfAnswer("quote"));
  routes.get("/visits/:id", etagOfAnswer("visit"));

  routes.post("/logout", async (c) => {
    await admin.logout(adminTokenOf(c.req.raw));
    c.header("Set-Cookie", clearedAdminSessionCookie(c.req.raw, services.config.trustProxy));
    return c.json({ authenticated: false });
  });

  routes.get("/session", async (c) => {
    const session = staffOf(c);
    return c.json({
      authenticated: true,
      expiresAt: session.expiresAt,
      staff: {
        id: session.staffId,
        name: session.name,
        email: session.email,
        role: session.role,
        mustChangePassword: session.mustChangePassword,
        twoFactorEnabled: session.twoFactorEnabled,
        twoFactorRequired: session.twoFactorRequired,
      },
    });
  });

  routes.get("/orders", async (c) => {
    const page = await admin.listOrders(parseInput(ordersQuerySchema, query(c)));
    // The answer is the list itself; paging travels in headers.
    c.header("X-Total-Count", String(page.total));
    c.header("X-Page", String(page.page));
    c.header("X-Page-Size", String(page.pageSize));
    c.header("X-Page-Count", String(page.pageCount));
    return c.json(adminOrderPageToJson(page).orders);
  });

  // ?rows=orders: one row per order with its totals; otherwise one row per item.
  routes.get("/orders.csv", async (c) => {
    const perOrder = c.req.query("rows") === "orders";
    const orders = await admin.listOrdersForExport(parseInput(ordersQuerySchema, query(c)));
    const csv = perOrder ? orderTotalsToCsv(orders) : ordersToCsv(orders);
    // The store's day, not UTC's: after 19:00 (20:00 in summer) UTC is already tomorrow.
    const day = storeToday();
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${perOrder ? "order-totals" : "orders"}-${day}.csv"`,
    });
  });

  // With purchasing's part: ready to
  // install once every item arrived, and each purchase order's state.
  routes.get("/orders/:id", async (c) => {
    const order = await admin.getOrder(idParam(c, "id", "Order"));
    const supply = await services.purchaseOrders.orderSupply(order);
    return c.json({
      ...adminOrderToJson(order),
      readyToInstall: supply.readyToInstall,
      purchaseOrders: supply.purchaseOrders.map(purchaseOrderStateToJson),
    });
  });

  // The tax exemption (office and owners), before production; answers the order as GET does.
  routes.patch("/orders/:id", async (c) => {
    const id = idParam(c, "id", "Order");
    const { taxExemption } = await readJson(c, orderTaxExemptionSchema);
    await services.taxExemptions.changeOrder(id, taxExemption, actorOfRequest(c));
    return c.json(adminOrderToJson(await admin.getOrder(id)));
  });

  routes.post("/orders/:id/status", async (c) => {
    const id = idParam(c, "id", "Order");
    const change = await readJson(c, orderStatusChangeSchema);
    return c.json(adminOrderToJson(await admin.changeOrderStatus(id, change, actorOfRequest(c))));
  });

  routes.post("/orders/:id/notes", async (c) => {
    const id = idParam(c, "id", "Order");
    const { body } = await readJson(c, orderNoteSchema);
    return c.json(adminOrderToJson(await admin.addOrderNote(id, body, actorOfRequest(c))), 201);
  });

  routes.get("/reviews", async (c) => {
    const { status } = parseInput(reviewsQuerySchema, query(c));
    return c.json(await admin.listReviews(status));
  });

  routes.post("/reviews/:id/approve", async (c) =>
    c.json(await admin.moderateReview(idParam(c, "id", "Review"), "approved", actorOfRequest(c))),
  );

  routes.post("/reviews/:id/reject", async (c) =>
    c.json(await admin.moderateReview(idParam(c, "id", "Review"), "rejected", actorOfRequest(c))),
  );

  routes.get("/messages", async (c) => {
    const { status } = parseInput(messagesQuerySchema, query(c));
    return c.json(await admin.listMessages(status));
  });

  routes.get("/messages/:id", async (c) =>
    c.json(await admin.getMessage(idParam(c, "id", "Message"))),
  );

  routes.post("/messages/:id/handled", async (c) =>
    c.json(await admin.markMessageHandled(idParam(c, "id", "Message"), actorOfRequest(c))),
  );

  routes.route("/", adminBusinessRoutes(services));
  routes.route("/", booksRoutes(services));
  routes.route("/", adminCatalogRoutes(services));
  routes.route("/", adminStaffRoutes(services));
  routes.route("/", adminSchedulingRoutes(services));
  routes.route("/", adminClosureRoutes(services));
  routes.route("/", adminTwoFactorRoutes(services));
  routes.route("/", adminPurchasingRoutes(services));
  routes.route("/", adminQuoteRoutes(services));
  routes.route("/", adminTextRoutes(services));
  routes.get("/samples", async (c) => {
    const { status } = parseInput(requestsQuerySchema, query(c));
    return c.json(await services.samples.list(status === "all" ? undefined : status));
  });

  routes.post("/samples/:id/handled", async (c) =>
    c.json(
      await services.samples.markHandled(idParam(c, "id", "Sample request"), actorOfRequest(c)),
    ),
  );

  routes.get("/estimates", async (c) => {
    const { status } = parseInput(requestsQuerySchema, query(c));
    return c.json(await services.estimates.list(status === "all" ? undefined : status));
  });

  routes.get("/estimates/:id", async (c) =>
    c.json(await services.estimates.get(idParam(c, "id", "Estimate request"))),
  );

  routes.post("/estimates/:id/handled", async (c) =>
    c.json(
      await services.estimates.markHandled(idParam(c, "id", "Estimate request"), actorOfRequest(c)),
    ),
  );

  // The photos leave the data folder only here, behind the access check above.
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
