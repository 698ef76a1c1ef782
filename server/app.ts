/**
 * createApp(deps): the whole HTTP surface: security middleware, /api, /healthz, static
 * assets and the React Router request handler. Tests call it in-process with app.request().
 */

import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { PRODUCT_PHOTO_BYTES_MAX, PRODUCT_PHOTO_PATH } from "../domain/storefront/product-photos";
import { accountRoutes } from "./api/account/account";
import { adminRoutes } from "./api/admin";
import { ordersRoutes } from "./api/orders/orders";
import { contactRoutes } from "./api/requests/contact";
import { requestRoutes } from "./api/requests/requests";
import { quoteRoutes } from "./api/sales/quotes";
import { bookingRoutes } from "./api/scheduling/booking";
import { calendarRoutes } from "./api/scheduling/calendar";
import { cartRoutes } from "./api/storefront/cart";
import { catalogRoutes } from "./api/storefront/catalog";
import { pricingRoutes } from "./api/storefront/pricing";
import { productPhotoRoutes } from "./api/storefront/product-photos";
import { reviewsRoutes } from "./api/storefront/reviews";
import type { AppServices } from "./context";
import { answerForError, errorBody } from "./errors";
import { pageServices } from "./load-context";
import { logRequest } from "./logger";
import { compressResponse } from "./middleware/compression";
import { clientAddress } from "./middleware/rate-limit";
import { type SecurityEnv, sameOriginOnly, securityHeaders } from "./middleware/security";
import { createPageCache, type PageCache } from "./runtime/page-cache";

export const MAX_BODY_BYTES = 100 * 1024;
/** The estimate's photos: 5 × 8 MB and the form around them (DECISIONS.md). */
export const MAX_UPLOAD_BODY_BYTES = 41 * 1024 * 1024;
/** One product photo (decision 250) and the form around it. */
export const MAX_PRODUCT_PHOTO_BODY_BYTES = PRODUCT_PHOTO_BYTES_MAX + 256 * 1024;
/** The only paths that take photos, with what each may carry: the API and the pages' actions. */
const ESTIMATE_UPLOAD_PATHS = new Set(["/api/estimates", "/estimate", "/estimate.data"]);
/** The installer's close-out takes photos too (decision 223). */
const CLOSE_OUT_PATH = /^\/api\/admin\/visits\/\d+\/close-out$/;
const PRODUCT_PHOTO_UPLOAD_PATH =
  /^\/(api\/admin\/products\/[1-9]\d{0,8}\/photos|admin\/catalog(\.data)?)$/;

/** The most a multipart form posted to `path` may hold, or null where no photos are taken. */
function uploadLimit(path: string): number | null {
  if (ESTIMATE_UPLOAD_PATHS.has(path) || CLOSE_OUT_PATH.test(path)) return MAX_UPLOAD_BODY_BYTES;
  if (PRODUCT_PHOTO_UPLOAD_PATH.test(path)) return MAX_PRODUCT_PHOTO_BODY_BYTES;
  return null;
}
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
  const uploadTooLarge = (c: Context) =>
    c.json(
      errorBody(
        "payload_too_large",
        "photos: the photos together are larger than 40 MB. Send at most 5 photos of 8 MB or less.",
      ),
      413,
    );
  const productPhotoTooLarge = (c: Context) =>
    c.json(
      errorBody(
        "payload_too_large",
        "photo: the photo is larger than 8 MB. Export it smaller (a long edge of 3000 px is plenty).",
        undefined,
        {
          photo:
            "The photo is larger than 8 MB. Export it smaller (a long edge of 3000 px is plenty).",
        },
      ),
      413,
    );
  const streamedBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const streamedUploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BODY_BYTES,
    onError: uploadTooLarge,
  });
  const streamedProductPhotoLimit = bodyLimit({
    maxSize: MAX_PRODUCT_PHOTO_BODY_BYTES,
    onError: productPhotoTooLarge,
  });
  const pageCache =
    deps.pageCache === false || !deps.build || deps.dev || !services.caches.enabled
      ? null
      : (deps.pageCache ??
        createPageCache({
          caches: services.caches,
          dataVersion: services.catalog.version,
          onDataChange: services.catalog.onInvalidate,
        }));
  const guardBody = (c: Context, next: Next) => {
    // Touching c.req.raw.body makes @hono/node-server build a full Request per call (bench:api):
    // requests without a body skip the check, and a declared Content-Length (which Node's
    // parser enforces) is checked without reading; only chunked bodies are counted as they come.
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    // Only a multipart form on an upload path takes photos; any other body there (JSON above
    // all: 41 MB of it once took the server to 1.9 GB) has the 100 KB limit (decision 197).
    const limit =
      method === "POST" && /^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")
        ? uploadLimit(c.req.path)
        : null;
    const max = limit ?? MAX_BODY_BYTES;
    const refuse =
      limit === null
        ? tooLarge
        : limit === MAX_UPLOAD_BODY_BYTES
          ? uploadTooLarge
          : productPhotoTooLarge;
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number(length) > max ? refuse(c) : next();
    }
    const streamed =
      limit === null
        ? streamedBodyLimit
        : limit === MAX_UPLOAD_BODY_BYTES
          ? streamedUploadLimit
          : streamedProductPhotoLimit;
    return streamed(c, next);
  };
  // Request log, security headers, same-origin check, body limit, then the page cache (answers
  // from memory or renders) and compression of the answer, in this order, as ONE
  // middleware: each Hono middleware layer costs a dispatch and a promise per request
  // (bench:api, decision 060). An inner step that answers by itself (403, 413) sets c.res.
  app.use("*", async (c, next) => {
    const started = performance.now();
    await security(c, async () => {
      const refused = await sameOrigin(c, async () => {
        const limited = await guardBody(c, pageCache ? () => pageCache.handle(c, next) : next);
        if (limited instanceof Response) c.res = limited;
        await compressResponse(c);
      });
      if (refused instanceof Response) c.res = refused;
    });
    logRequest(logger, c.req.method, c.req.path, started, c.res.status);
  });

  app.onError((error, c) => {
    const answer = answerForError(error, { phone: services.business.phone, logger });
    return c.json(
      errorBody(answer.code, answer.message, answer.details, answer.fields),
      answer.status,
      answer.headers,
    );
  });

  app.get("/healthz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  const api = new Hono<SecurityEnv>();
  api.route("/", catalogRoutes(services));
  api.route("/", pricingRoutes(services));
  api.route("/", cartRoutes(services));
  api.route("/", ordersRoutes(services));
  api.route("/", reviewsRoutes(services));
  api.route("/", contactRoutes(services));
  api.route("/", calendarRoutes(services));
  api.route("/", requestRoutes(services));
  api.route("/", bookingRoutes(services));
  api.route("/", quoteRoutes(services));
  api.route("/", accountRoutes(services));
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
    app.all("*", (c) => {
      // A method no page serves (OPTIONS, PROPFIND, …) is answered here, plainly (decision 198).
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
