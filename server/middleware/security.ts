/** Security headers with a per-request CSP nonce, and refusal of cross-site state changes. */
import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../errors";

export type SecurityEnv = { Variables: { cspNonce: string } };

// 128-bit nonces cut from a batch of crypto-random bytes: one randomBytes call per 256
// requests instead of one per request (a measurable share of bench:api's CPU time).
const NONCE_BYTES = 16;
const BATCH = 256;
let pool = Buffer.alloc(0);
let offset = 0;
function nextNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * BATCH);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

/** Node's ServerResponse when served by @hono/node-server (absent under app.request()). */
type NodeBindings = { outgoing?: { setHeader(name: string, value: string): unknown } };

/**
 * Security headers on every answer. With @hono/node-server they go straight onto Node's
 * ServerResponse before the handler runs (setHeader: a plain property store; Node merges them
 * with the handler's own headers when the head is written, the handler's winning), so an
 * answer keeps @hono/node-server's fast path instead of building a WHATWG Headers object and
 * re-validating eight headers per request (decision 060). In-process (app.request(), tests)
 * there is no ServerResponse and the same headers are set on the Response afterwards.
 * A Content-Security-Policy a handler puts on its own Response (e.g. a future prerendered page
 * with hash-based script-src) takes precedence on both paths.
 */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<SecurityEnv> {
  // Vite's dev client injects inline scripts without a nonce; production never relaxes this.
  const cspHead = options.dev
    ? "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : "default-src 'self'; script-src 'self' 'nonce-";
  const cspTail = [
    options.dev ? "" : "'",
    "; style-src 'self' 'unsafe-inline'",
    "; img-src 'self' data:",
    "; font-src 'self'",
    options.dev ? "; connect-src 'self' ws: wss:" : "; connect-src 'self'",
    "; object-src 'none'",
    "; base-uri 'none'",
    "; frame-ancestors 'none'",
    "; form-action 'self'",
  ].join("");
  const csp = (nonce: string) => (options.dev ? `${cspHead}${cspTail}` : cspHead + nonce + cspTail);
  const STATIC_HEADERS: ReadonlyArray<readonly [string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  const HSTS = "max-age=31536000; includeSubDomains";
  const isHttps = (c: Context) =>
    c.req.header("x-forwarded-proto") === "https" || c.req.url.startsWith("https:");

  return async (c, next) => {
    // JSON answers are never rendered as documents: they get a deny-all CSP and only the
    // headers that matter for a non-document (no nonce, COOP or Permissions-Policy to send).
    const api = isApiPath(c.req.path);
    const nonce = api ? "" : nextNonce();
    c.set("cspNonce", nonce);
    const headers = api ? API_HEADERS : STATIC_HEADERS;
    const policy = api ? API_CSP : csp(nonce);
    const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === "function") {
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

/** HTTPS directly, or behind a proxy we trust (TRUST_PROXY) that says so. */
export function isSecureRequest(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return trustProxy && request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/** /api/* and /healthz answer JSON only. */
export function isApiPath(path: string): boolean {
  return path.startsWith("/api/") || path === "/api" || path === "/healthz";
}

/** CSP for JSON answers: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests from another site get 403: the browser tells us through
 * Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server) pass; they carry
 * no victim's cookies.
 */
export function sameOriginOnly(
  options: { trustProxy?: boolean; publicUrl?: string } = {},
): MiddlewareHandler {
  // Behind a proxy the Host header may name the upstream (127.0.0.1:3000) while the browser's
  // Origin names the public site: PUBLIC_URL's host, and X-Forwarded-Host when the proxy is
  // trusted, count as our own too.
  let publicHost: string | undefined;
  try {
    publicHost = options.publicUrl ? new URL(options.publicUrl).host : undefined;
  } catch {
    publicHost = undefined;
  }
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    let foreign = site === "cross-site" || site === "same-site" || origin === "null";
    if (!foreign && origin) {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      const forwardedHost = options.trustProxy
        ? c.req.header("x-forwarded-host")?.split(",")[0]?.trim()
        : undefined;
      foreign =
        originHost === undefined ||
        (originHost !== c.req.header("host") &&
          originHost !== publicHost &&
          originHost !== forwardedHost);
    }
    if (foreign) {
      return c.json(
        errorBody("forbidden", "Cross-site requests are not allowed. Use the store's own pages."),
        403,
      );
    }
    return next();
  };
}
