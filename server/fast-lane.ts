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
import type { z } from "zod";
import {
  blindsPriceInputSchema,
  servicePriceInputSchema,
  zebraPriceInputSchema,
} from "../domain/shared/schemas";
import type { PricingContext } from "../domain/storefront/pricing";
import {
  CATALOG_CACHE_CONTROL,
  type CatalogJson,
  catalogEtag,
  catalogJson,
  matchesEtag,
} from "./api/storefront/catalog-presenter";
import { blindsPriceAnswer, servicePriceAnswer, zebraPriceAnswer } from "./api/storefront/pricing";
import { JSON_TYPE as JSON_REQUEST, mayHoldNul } from "./api/validation";
import { MAX_BODY_BYTES } from "./app";
import { type Logger, logRequest } from "./logger";
import {
  chooseEncoding,
  compressText,
  type Encoding,
  MIN_COMPRESS_BYTES,
} from "./middleware/compression";
import { API_CSP, isCrossSite } from "./middleware/security";
import type { CatalogSnapshot } from "./services/storefront/catalog";

const JSON_TYPE = "application/json; charset=UTF-8";

interface CatalogSource {
  version(): number;
  snapshot(): Promise<Pick<CatalogSnapshot, "products" | "services">>;
  pricing(): Promise<PricingContext>;
}

/** What the lane does with a request: answered it, or `next` (Hono) has it. */
type Lane = (req: IncomingMessage, res: ServerResponse, next: RequestListener) => boolean;

/** The security headers of every API answer (security.ts's, for a request without a proxy). */
const API_HEADERS = [
  "Content-Security-Policy",
  API_CSP,
  "X-Content-Type-Options",
  "nosniff",
  "Referrer-Policy",
  "no-referrer",
];

/** A price POST's headers, but for the value of its Content-Length (last). */
const PRICE_HEADERS = [
  ...API_HEADERS,
  "Content-Type",
  "application/json", // Hono's c.json
  "Content-Length",
];

/** One catalog answer of one version: its bytes in every encoding and their headers. */
interface Kept {
  version: number;
  etag: string;
  /** Body and complete header list for no encoding, br and gzip, made once per version. */
  answers: Map<Encoding | null, { body: Buffer; headers: string[] }>;
  /** The 304's headers. */
  notModified: string[];
}

/** The headers both catalog answers carry besides the security step's (decision 360). */
function catalogHeaders(etag: string): string[] {
  return ["ETag", etag, "Cache-Control", CATALOG_CACHE_CONTROL];
}

/** What the full path sends for `text` (compression.ts's rule and bytes), built once. */
function keep(version: number, text: string): Kept {
  const etag = catalogEtag(text);
  const answers = new Map<Encoding | null, { body: Buffer; headers: string[] }>();
  const encodings: (Encoding | null)[] = [null];
  if (Buffer.byteLength(text) >= MIN_COMPRESS_BYTES) encodings.push("br", "gzip");
  for (const encoding of encodings) {
    const body = encoding ? compressText(text, encoding) : Buffer.from(text);
    const headers = [
      ...API_HEADERS,
      ...catalogHeaders(etag),
      "Content-Type",
      JSON_TYPE,
      "Vary",
      "Accept-Encoding",
      ...(encoding ? ["Content-Encoding", encoding] : []),
      "Content-Length",
      String(body.length),
    ];
    answers.set(encoding, { body, headers });
  }
  const notModified = [...API_HEADERS, ...catalogHeaders(etag), "Vary", "Accept-Encoding"];
  return { version, etag, answers, notModified };
}

const PATHS = {
  "/api/products": "products",
  "/api/services": "services",
} as const satisfies Record<string, keyof CatalogJson>;
type FastPath = keyof typeof PATHS;
const FAST_PATHS: readonly FastPath[] = ["/api/products", "/api/services"];

/** A price POST's answer from its parsed input, or undefined when the schema refuses it. */
type PriceAnswer = (input: unknown) => ((ctx: PricingContext) => unknown) | undefined;

function priceRoute<T>(
  schema: z.ZodType<T>,
  answer: (ctx: PricingContext, input: T) => unknown,
): PriceAnswer {
  return (input) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? (ctx) => answer(ctx, parsed.data) : undefined;
  };
}

/**
 * The price POSTs the lane answers (decisions 311, 342): each with its route's own schema and
 * answer, so a refusal is always the full path's.
 */
const PRICE_ROUTES = new Map<string, PriceAnswer>([
  ["/api/calculate-price", priceRoute(blindsPriceInputSchema, blindsPriceAnswer)],
  ["/api/calculate-zebra-shade-price", priceRoute(zebraPriceInputSchema, zebraPriceAnswer)],
  ["/api/calculate-service-price", priceRoute(servicePriceInputSchema, servicePriceAnswer)],
]);

/** The route's answer to the body `text`, or undefined when it is not JSON or not the schema's. */
function parsedPrice(route: PriceAnswer, text: string) {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return undefined;
  }
  return route(input);
}

/** A price POST whose body was read: what its answer or its hand-over to Hono needs. */
interface ReadPrice {
  req: IncomingMessage;
  res: ServerResponse;
  next: RequestListener;
  raw: Buffer;
  path: string;
  started: number;
}

/** Hono answers it, with the body already read (Node's `rawBody`, which @hono/node-server reads). */
function handOver({ req, res, next, raw }: ReadPrice) {
  next(Object.assign(req, { rawBody: raw }), res);
}

/**
 * Writes the price and its log line, or hands the request over when the answer throws (a
 * refusal: Hono answers it the one way it answers everything). Module functions and one record
 * per request, not closures made per request (decision 405).
 */
function sendPrice(
  read: ReadPrice,
  answer: (ctx: PricingContext) => unknown,
  ctx: PricingContext,
  logger: Logger,
) {
  let body: string;
  try {
    body = JSON.stringify(answer(ctx));
  } catch {
    return handOver(read);
  }
  // A string body: Node writes it with the head in one write (a Buffer takes a writev).
  read.res.writeHead(200, [...PRICE_HEADERS, String(Buffer.byteLength(body))]);
  read.res.end(body);
  logRequest(logger, "POST", read.path, read.started);
}

/** The lane itself: true when it answered or handed the request to `next` itself. */
export function createFastLane(deps: { catalog: CatalogSource; logger: Logger }): Lane {
  const { catalog, logger } = deps;
  const kept = new Map<FastPath, Kept>();
  let pricing: { version: number; ctx: PricingContext } | undefined;
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
        for (const path of FAST_PATHS) kept.set(path, keep(version, json[PATHS[path]]));
      },
      () => {
        refreshing = undefined;
      },
    );
  }

  /**
   * The price POSTs (PRICE_ROUTES; decisions 311, 342), the live price of every configurator
   * change. The lane takes only a request every check of the full path would pass as it stands:
   * not cross site by security.ts's own test (isCrossSite, decision 321) with what the lane
   * knows, an http connection and no proxy (an Origin that only PUBLIC_URL or a trusted proxy's
   * host vouches for goes to Hono, which knows them), a JSON content type, a declared length
   * within the body limit. It reads the body, and answers only when the JSON parses, holds no
   * NUL, fits the route's schema and names what is on sale; anything else goes to Hono with the
   * body already read (Node's
   * `rawBody`, which @hono/node-server reads as the request's body), which answers it the one
   * way it answers everything: the same 400 with the same message.
   */
  function price(req: IncomingMessage, res: ServerResponse, next: RequestListener): boolean {
    const path = req.url ?? "";
    const route = PRICE_ROUTES.get(path);
    if (!route) return false;
    const h = req.headers;
    if (
      isCrossSite({ site: h["sec-fetch-site"], origin: h.origin, host: h.host, scheme: "http" })
    ) {
      return false;
    }
    if (h["x-forwarded-proto"] !== undefined || h["transfer-encoding"] !== undefined) return false;
    if (!JSON_REQUEST.test(h["content-type"] ?? "")) return false;
    const length = Number(h["content-length"]);
    if (!(length >= 0 && length <= MAX_BODY_BYTES)) return false;
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const read: ReadPrice = { req, res, next, raw, path, started };
      const text = raw.toString("utf8");
      const answer = mayHoldNul(text) ? undefined : parsedPrice(route, text);
      if (!answer) return handOver(read);
      // The catalog's pricing context of this version, held once it was loaded: no promise
      // and no turn of the microtask queue per price (decision 360).
      const version = catalog.version();
      if (pricing?.version === version) return sendPrice(read, answer, pricing.ctx, logger);
      catalog.pricing().then(
        (ctx) => {
          if (catalog.version() === version) pricing = { version, ctx };
          sendPrice(read, answer, ctx, logger);
        },
        () => handOver(read),
      );
    });
    req.on("error", () => res.destroy());
    return true;
  }

  return function answer(req: IncomingMessage, res: ServerResponse, next): boolean {
    if (req.method === "POST") return price(req, res, next);
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
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      logRequest(logger, "GET", path, started, 304);
      return true;
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const chosen = entry.answers.get(encoding) ?? entry.answers.get(null);
    if (!chosen) return false;
    res.writeHead(200, chosen.headers);
    res.end(chosen.body);
    logRequest(logger, "GET", path, started);
    return true;
  };
}

/**
 * For @hono/node-server's `serve({ createServer })`: Node's HTTP server whose listener tries the
 * fast lane first and hands everything else to Hono's listener.
 */
export function serverWithFastLane(lane: Lane): typeof http.createServer {
  return ((options: ServerOptions | RequestListener, listener?: RequestListener) => {
    const next = (typeof options === "function" ? options : listener) ?? (() => {});
    return http.createServer(typeof options === "function" ? {} : options, (req, res) => {
      if (!lane(req, res, next)) next(req, res);
    });
  }) as typeof http.createServer;
}
