/**
 * createApp(deps): the whole HTTP surface: security middleware, /api, /healthz, static
 * assets and the React Router request handler. Tests call it in-process with app.request().
 */

import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { routePath } from "hono/route";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { PRODUCT_PHOTO_PATH } from "../domain/storefront/product-photos";
import { accountRoutes } from "./api/account/account";
import { adminRoutes } from "./api/admin";
import { ordersRoutes } from "./api/orders/orders";
import { healthRoutes } from "./api/platform/health";
import { contactRoutes } from "./api/requests/contact";
import { requestRoutes } from "./api/requests/requests";
import { textRoutes } from "./api/requests/texts";
import { quoteRoutes } from "./api/sales/quotes";
import { bookingRoutes } from "./api/scheduling/booking";
import { calendarRoutes } from "./api/scheduling/calendar";
import { cartRoutes } from "./api/storefront/cart";
import { catalogRoutes } from "./api/storefront/catalog";
import { pricingRoutes } from "./api/storefront/pricing";
import { productPhotoRoutes } from "./api/storefront/product-photos";
import { projectRoutes } from "./api/storefront/projects";
import { reviewsRoutes } from "./api/storefront/reviews";
import type { AppServices } from "./context";
import { answerForError, errorBody } from "./errors";
import { pageServices } from "./load-context";
import { logRequest } from "./logger";
import { clientAddress } from "./middleware/rate-limit";
import { type SecurityEnv, sameOriginOnly, securityHeaders } from "./middleware/security";
import { createPageCache, type PageCache } from "./runtime/page-cache";
import {
  CLOSE_OUT_UPLOAD,
  ESTIMATE_UPLOAD,
  PRODUCT_PHOTO_UPLOAD,
  type UploadLimit,
  uploadLimitOfRequest,
} from "./uploads/upload-limits";

export const MAX_BODY_BYTES = 100 * 1024;
/** The methods that change state and carry a body: the cross-site refusal and body limits. */
const STATE_CHANGING_METHODS = ["POST", "PUT", "PATCH", "DELETE"];
/** The methods pages answer (loaders and actions); any other is a 405 without a render. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

export interface AppDeps {
  services: AppServices;
  /** The React Router server build, or a loader for it (dev). Omit to serve /api only. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory holding the client build (assets), when serving it. */
  clientDir?: string;
  dev?: boolean;
  /**
   * Anonymous pages from memory (server/runtime/page-cache.ts): on by default with a production
   * page build, following the catalog's invalidate(); `false` (or CACHES=off) turns it off.
   */
  pageCache?: PageCache | false;
}

export function createApp(deps: AppDeps) {
  const { services } = deps;
  const { logger } = services;
  const app = new Hono<SecurityEnv>();

  const security = securityHeaders({
    dev: deps.dev ?? false,
    trustProxy: services.config.trustProxy,
  });
  const sameOrigin = sameOriginOnly({
    trustProxy: services.config.trustProxy,
    publicUrl: services.config.publicUrl,
  });
  const tooLarge = (c: Context) =>
    c.json(errorBody("payload_too_large", "The request body is larger than 100 KB."), 413);
  // Each upload's 413 speaks of its own limits (the close-out's are not the estimate's).
  const uploadGuards = new Map(
    [ESTIMATE_UPLOAD, CLOSE_OUT_UPLOAD, PRODUCT_PHOTO_UPLOAD].map((limit) => {
      const refuse = (c: Context) =>
        c.json(
          errorBody("payload_too_large", limit.message, undefined, {
            [limit.field]: limit.message.slice(limit.field.length + 2),
          }),
          413,
        );
      return [limit, { refuse, streamed: bodyLimit({ maxSize: limit.maxBytes, onError: refuse }) }];
    }),
  );
  const bodyGuard = {
    refuse: tooLarge,
    streamed: bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }),
  };
  const pageCache =
    deps.pageCache === false || !deps.build || deps.dev || !services.caches.enabled
      ? null
      : (deps.pageCache ??
        createPageCache({
          caches: services.caches,
          dataVersion: services.catalog.version,
          onDataChange: services.catalog.onInvalidate,
        }));
  const guardBody: MiddlewareHandler = async (c, next) => {
    // Touching c.req.raw.body makes @hono/node-server build a full Request per call (bench:api):
    // requests without a body skip the check, and a declared Content-Length (which Node's
    // parser enforces) is checked without reading; only chunked bodies are counted as they come.
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    // Only a multipart form on an upload path takes photos; any other body there (JSON above
    // all: 41 MB of it once took the server to 1.9 GB) has the 100 KB limit.
    const limit: UploadLimit | null = uploadLimitOfRequest(
      method,
      c.req.path,
      c.req.header("content-type"),
    );
    const max = limit?.maxBytes ?? MAX_BODY_BYTES;
    const guard = (limit && uploadGuards.get(limit)) || bodyGuard;
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number(length) > max ? guard.refuse(c) : next();
    }
    return guard.streamed(c, next);
  };
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logRequest(logger, c.req.method, c.req.path, started, c.res.status);
    // By the route that answered (its pattern, "/api/orders/:reference"), never the raw path:
    // the series stay few whatever paths are asked for.
    services.metrics.observeRequest(
      c.req.method,
      routePath(c) || "unmatched",
      c.res.status,
      (performance.now() - started) / 1000,
    );
  });
  app.use(security);
  // Only a request that may change something can come from another site with a body: a GET
  // (the catalog, every page) is spared two steps of the pipeline.
  app.on(STATE_CHANGING_METHODS, "*", sameOrigin, guardBody);

  app.onError((error, c) => {
    const answer = answerForError(error, {
      phone: services.business.phone,
      logger,
      outage: services.outage,
    });
    return c.json(
      errorBody(answer.code, answer.message, answer.details, answer.fields),
      answer.status,
      answer.headers,
    );
  });

  app.route("/", healthRoutes(services));
  if (services.config.role === "worker") {
    // A worker runs the jobs: beside health and metrics it answers nothing.
    app.all("*", (c) =>
      c.json(
        errorBody("not_found", "This store process is a worker (ROLE=worker): it serves no pages."),
        404,
      ),
    );
    return app;
  }

  const api = new Hono<SecurityEnv>();
  api.route("/", catalogRoutes(services));
  api.route("/", pricingRoutes(services));
  api.route("/", cartRoutes(services));
  api.route("/", projectRoutes(services));
  api.route("/", ordersRoutes(services));
  api.route("/", reviewsRoutes(services));
  api.route("/", contactRoutes(services));
  api.route("/", calendarRoutes(services));
  api.route("/", requestRoutes(services));
  api.route("/", bookingRoutes(services));
  api.route("/", quoteRoutes(services));
  api.route("/", accountRoutes(services));
  api.route("/", textRoutes(services));
  api.route("/admin", adminRoutes(services));
  api.all("*", (c) =>
    c.json(
      errorBody("not_found", `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`),
      404,
    ),
  );
  app.route("/api", api);
  app.route(PRODUCT_PHOTO_PATH, productPhotoRoutes(services));

  if (deps.clientDir) {
    const root = path.relative(process.cwd(), deps.clientDir) || ".";
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        precompressed: true,
        // Only real files with an extension; pages go to React Router.
        rewriteRequestPath: (p) => (/\.[a-z0-9]+$/i.test(p) ? p : "/__no_such_file__"),
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  if (deps.build) {
    const handler = createRequestHandler(deps.build, deps.dev ? "development" : "production");
    const forPages = pageServices(services);
    // Pages are compressed as they leave (hono/compress); anonymous ones come from the page
    // cache already compressed. The API is not: the catalog keeps its own compressed bytes,
    // every other JSON answer is small.
    const fromCache: MiddlewareHandler = pageCache ? pageCache.handle : (_c, next) => next();
    app.all("*", compress(), fromCache, (c) => {
      // A method no page serves (OPTIONS, PROPFIND, …) is answered here, plainly.
      if (!PAGE_METHODS.has(c.req.method)) {
        return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD, POST" });
      }
      const context: AppLoadContext = {
        services: forPages,
        cspNonce: c.get("cspNonce"),
        clientAddress: clientAddress(c, services.config.trustProxy),
        dataRequest: c.req.path.endsWith(".data"),
      };
      return handler(c.req.raw, context);
    });
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
