/** Security headers with a per-request CSP nonce, and refusal of cross-site state changes. */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
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

export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<SecurityEnv> {
  return async (c, next) => {
    const nonce = nextNonce();
    c.set("cspNonce", nonce);
    await next();
    const h = c.res.headers;
    // Vite's dev client injects inline scripts without a nonce; production never relaxes this.
    const scriptSrc = options.dev
      ? "'self' 'unsafe-inline' 'unsafe-eval'"
      : `'self' 'nonce-${nonce}'`;
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ].join("; "),
    );
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    const forwardedProto = c.req.header("x-forwarded-proto");
    if (new URL(c.req.url).protocol === "https:" || forwardedProto === "https") {
      h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    h.delete("X-Powered-By");
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests from another site get 403: the browser tells us through
 * Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server) pass; they carry
 * no victim's cookies.
 */
export function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const host = c.req.header("host");
    let foreign = site === "cross-site" || site === "same-site";
    if (!foreign && origin && origin !== "null") {
      try {
        foreign = new URL(origin).host !== host;
      } catch {
        foreign = true;
      }
    } else if (origin === "null") {
      foreign = true;
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
