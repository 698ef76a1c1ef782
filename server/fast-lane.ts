/**
 * The catalog's JSON (GET /api/products, GET /api/services) answered from memory before Hono
 * (decision 261). Both are the same bytes for every caller until the catalog changes, like a
 * cached page, but each cost a Hono context, routing, the combined middleware and a Response
 * (bench:api: 0.41 of a bare node:http server sending the same bytes). Here Node's
 * request listener writes the kept bytes itself, with exactly the headers the full path sends
 * (the API's CSP, nosniff, no-referrer, content type, Vary, the encoding chosen from
 * Accept-Encoding by the same rule and the same compressed bytes: compression.ts's memo) and
 * the same request log line.
 *
 * Only a plain GET of the exact path takes this lane, and only while the kept answer is of the
 * catalog's current version; anything else (HEAD, a query string, X-Forwarded-Proto, whose
 * HSTS answer the security step decides, a catalog changed since) goes the full way, which
 * also refreshes what is kept here.
 */
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from "node:http";
import http from "node:http";
import { type CatalogJson, catalogJson } from "./api/storefront/catalog-presenter";
import type { Logger } from "./logger";
import {
  chooseEncoding,
  compressText,
  type Encoding,
  MIN_COMPRESS_BYTES,
} from "./middleware/compression";
import { API_CSP } from "./middleware/security";
import type { CatalogSnapshot } from "./services/storefront/catalog";

const JSON_TYPE = "application/json; charset=UTF-8";

interface CatalogSource {
  version(): number;
  snapshot(): Promise<Pick<CatalogSnapshot, "products" | "services">>;
}

interface Kept {
  version: number;
  plain: Buffer;
  text: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

const PATHS = {
  "/api/products": "products",
  "/api/services": "services",
} as const satisfies Record<string, keyof CatalogJson>;
type FastPath = keyof typeof PATHS;
const FAST_PATHS: readonly FastPath[] = ["/api/products", "/api/services"];

/** The lane itself: true when it answered. */
export function createFastLane(deps: { catalog: CatalogSource; logger: Logger }) {
  const { catalog, logger } = deps;
  const kept = new Map<FastPath, Kept>();
  let refreshing: number | undefined;

  function refresh(): void {
    const version = catalog.version();
    if (refreshing === version) return;
    refreshing = version;
    catalog.snapshot().then(
      (snapshot) => {
        refreshing = undefined;
        // A change while it loaded: the next request starts another refresh.
        if (catalog.version() !== version) return;
        const json = catalogJson(snapshot);
        for (const path of FAST_PATHS) {
          const text = json[PATHS[path]];
          kept.set(path, { version, text, plain: Buffer.from(text), compressed: {} });
        }
      },
      () => {
        refreshing = undefined;
      },
    );
  }

  return function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const path = req.url;
    if (path !== "/api/products" && path !== "/api/services") return false;
    if (req.headers["x-forwarded-proto"] !== undefined) return false;
    const entry = kept.get(path);
    if (!entry || entry.version !== catalog.version()) {
      refresh();
      return false;
    }
    const started = performance.now();
    const encoding =
      entry.plain.length >= MIN_COMPRESS_BYTES
        ? chooseEncoding(req.headers["accept-encoding"])
        : null;
    let body = entry.plain;
    const headers: string[] = [
      "Content-Security-Policy",
      API_CSP,
      "X-Content-Type-Options",
      "nosniff",
      "Referrer-Policy",
      "no-referrer",
      "Content-Type",
      JSON_TYPE,
      "Vary",
      "Accept-Encoding",
    ];
    if (encoding) {
      body = entry.compressed[encoding] ??= compressText(entry.text, encoding);
      headers.push("Content-Encoding", encoding);
    }
    headers.push("Content-Length", String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    logger.info("request", {
      method: "GET",
      path,
      status: 200,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return true;
  };
}

/**
 * For @hono/node-server's `serve({ createServer })`: Node's HTTP server whose listener tries the
 * fast lane first and hands everything else to Hono's listener.
 */
export function serverWithFastLane(
  lane: (req: IncomingMessage, res: ServerResponse) => boolean,
): typeof http.createServer {
  return ((options: ServerOptions | RequestListener, listener?: RequestListener) => {
    const next = typeof options === "function" ? options : listener;
    return http.createServer(typeof options === "function" ? {} : options, (req, res) => {
      if (!lane(req, res)) next?.(req, res);
    });
  }) as typeof http.createServer;
}
