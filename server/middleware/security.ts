/** Security headers with a per-request CSP nonce, and refusal of cross-site state changes. */
import { randomBytes } from "node:crypto";
import { ServerResponse } from "node:http";
import { Http2ServerResponse } from "node:http2";
import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../errors";
import { forwardedEntry } from "./proxy";

export type SecurityEnv = { Variables: { cspNonce: string } };

const NONCE_BYTES = 16;

/** Node's response when served by @hono/node-server (its env's `outgoing`; absent under app.request()). */
function nodeOutgoing(env: unknown): ServerResponse | Http2ServerResponse | undefined {
  if (typeof env !== "object" || env === null || !("outgoing" in env)) return undefined;
  const { outgoing } = env;
  return outgoing instanceof ServerResponse || outgoing instanceof Http2ServerResponse
    ? outgoing
    : undefined;
}

/**
 * Security headers on every answer. With @hono/node-server they go straight onto Node's
 * ServerResponse before the handler runs (setHeader: a plain property store; Node merges them
 * with the handler's own headers when the head is written, the handler's winning), so an
 * answer keeps @hono/node-server's fast path instead of building a WHATWG Headers object and
 * re-validating eight headers per request. In-process (app.request(), tests)
 * there is no ServerResponse and the same headers are set on the Response afterwards.
 * A Content-Security-Policy a handler puts on its own Response (e.g. a future prerendered page
 * with hash-based script-src) takes precedence on both paths.
 */
export function securityHeaders(options: {
  dev: boolean;
  trustProxy?: number;
}): MiddlewareHandler<SecurityEnv> {
  // Vite's dev client injects inline scripts without a nonce; production never relaxes this.
  const cspHead = options.dev
    ? "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : "default-src 'self'; script-src 'self' 'nonce-";
  const cspTail = options.dev
    ? PAGE_CSP_TAIL.replace("; connect-src 'self'", "; connect-src 'self' ws: wss:")
    : `'${PAGE_CSP_TAIL}`;
  const csp = (nonce: string) => (options.dev ? `${cspHead}${cspTail}` : cspHead + nonce + cspTail);
  const STATIC_HEADERS: ReadonlyArray<readonly [string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  const HSTS = "max-age=31536000; includeSubDomains";
  const trustProxy = options.trustProxy ?? 0;
  // A browser keeps HSTS for a year: only when the connection really is HTTPS, or a trusted
  // proxy says so (anyone can send X-Forwarded-Proto).
  const isHttps = (c: Context) => requestScheme(c, trustProxy) === "https";

  return async (c, next) => {
    // JSON answers are never rendered as documents: they get a deny-all CSP and only the
    // headers that matter for a non-document (no nonce, COOP or Permissions-Policy to send).
    const path = c.req.path;
    // Built scripts, styles and fonts are never documents either: only nosniff matters, and
    // the document headers would cost ~450 bytes on each of a page's dozen scripts.
    if (BUILT_CODE.test(path)) {
      c.set("cspNonce", "");
      const outgoing = nodeOutgoing(c.env);
      if (outgoing) {
        outgoing.setHeader("X-Content-Type-Options", "nosniff");
        await next();
        return;
      }
      await next();
      c.res.headers.set("X-Content-Type-Options", "nosniff");
      return;
    }
    const api = isApiPath(path);
    const nonce = api ? "" : randomBytes(NONCE_BYTES).toString("base64");
    c.set("cspNonce", nonce);
    const headers = api ? API_HEADERS : STATIC_HEADERS;
    const policy = api ? API_CSP : csp(nonce);
    const outgoing = nodeOutgoing(c.env);
    if (outgoing) {
      outgoing.setHeader("Content-Security-Policy", policy);
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      if (isHttps(c)) outgoing.setHeader("Strict-Transport-Security", HSTS);
      await next();
      return;
    }
    await next();
    const h = c.res.headers;
    if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", policy);
    for (const [name, value] of headers) h.set(name, value);
    if (isHttps(c)) h.set("Strict-Transport-Security", HSTS);
    h.delete("X-Powered-By");
  };
}

/** Vite's hashed build output: scripts, styles and fonts. */
const BUILT_CODE = /^\/assets\/[\w.-]+\.(?:js|css|woff2?)$/;

/** Every directive of a page's CSP after script-src. */
const PAGE_CSP_TAIL = [
  "; style-src 'self' 'unsafe-inline'",
  "; img-src 'self' data:",
  "; font-src 'self'",
  "; connect-src 'self'",
  "; object-src 'none'",
  "; base-uri 'none'",
  "; frame-ancestors 'none'",
  "; form-action 'self'",
].join("");

/**
 * The production page CSP with other script sources than the per-response nonce: the hashes
 * of a cached page's inline scripts (server/runtime/page-cache.ts, decision 141).
 */
export function pageCsp(scriptSources: string): string {
  return `default-src 'self'; script-src 'self'${scriptSources ? ` ${scriptSources}` : ""}${PAGE_CSP_TAIL}`;
}

/** HTTPS directly, or behind a proxy we trust (TRUST_PROXY) that says so. */
export function isSecureRequest(request: Request, trustProxy: number): boolean {
  return schemeOf(request.url, request.headers.get("x-forwarded-proto"), trustProxy) === "https";
}

/** The scheme the browser used: the URL's, or what the outermost trusted proxy reports. */
function schemeOf(
  url: string,
  forwardedProto: string | null | undefined,
  trustProxy: number,
): "http" | "https" {
  if (url.startsWith("https:")) return "https";
  const forwarded = trustProxy > 0 ? forwardedEntry(forwardedProto, trustProxy) : undefined;
  return forwarded?.toLowerCase() === "https" ? "https" : "http";
}

/** schemeOf for a Hono context, without building a full Request (the hot path). */
function requestScheme(c: Context, trustProxy: number): "http" | "https" {
  return schemeOf(
    c.req.url,
    trustProxy > 0 ? c.req.header("x-forwarded-proto") : undefined,
    trustProxy,
  );
}

/** /api/* and the health paths (/livez, /healthz, /readyz; /metrics is text) answer data only. */
export function isApiPath(path: string): boolean {
  return (
    path.startsWith("/api/") ||
    path === "/api" ||
    path === "/healthz" ||
    path === "/livez" ||
    path === "/readyz" ||
    path === "/metrics"
  );
}

/** CSP for JSON answers: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the same-origin test reads of a request. */
export interface OriginFacts {
  /** Sec-Fetch-Site, as the browser sent it. */
  site: string | undefined;
  /** Origin, as the browser sent it. */
  origin: string | undefined;
  /** Host, as the connection received it. */
  host: string | undefined;
  /** The scheme the browser used (the connection's, or a trusted proxy's). */
  scheme: "http" | "https";
  /** PUBLIC_URL's origin, when set. */
  publicOrigin?: string | undefined;
  /** The trusted proxy's X-Forwarded-Host entry, with TRUST_PROXY. */
  forwardedHost?: string | undefined;
}

/**
 * Whether a state-changing request comes from another site, as the browser tells us through
 * Sec-Fetch-Site and Origin. An Origin must name our own scheme and host: the request's own
 * (its Host, with the scheme the connection or a trusted proxy reports), PUBLIC_URL's, or the
 * trusted proxy's X-Forwarded-Host. A request without either header (curl, server-to-server)
 * is not: it carries no victim's cookies.
 */
export function isCrossSite(request: OriginFacts): boolean {
  const { site, origin, scheme } = request;
  if (site === "cross-site" || site === "same-site" || origin === "null") return true;
  if (!origin) return false;
  const claimed = originOf(origin);
  return (
    claimed === undefined ||
    (claimed !== originOf(request.host && `${scheme}://${request.host}`) &&
      claimed !== request.publicOrigin &&
      claimed !== originOf(request.forwardedHost && `${scheme}://${request.forwardedHost}`))
  );
}

/** State-changing requests from another site (isCrossSite) get 403. */
export function sameOriginOnly(
  options: { trustProxy?: number; publicUrl?: string } = {},
): MiddlewareHandler {
  const trustProxy = options.trustProxy ?? 0;
  const publicOrigin = originOf(options.publicUrl);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const foreign = isCrossSite({
      site: c.req.header("sec-fetch-site"),
      origin: c.req.header("origin"),
      host: c.req.header("host"),
      scheme: requestScheme(c, trustProxy),
      publicOrigin,
      forwardedHost: forwardedEntry(c.req.header("x-forwarded-host"), trustProxy),
    });
    if (foreign) {
      return c.json(
        errorBody("forbidden", "Cross-site requests are not allowed. Use the store's own pages."),
        403,
      );
    }
    return next();
  };
}

/** scheme://host[:port] with default ports dropped and the host lower-cased; undefined if none. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
