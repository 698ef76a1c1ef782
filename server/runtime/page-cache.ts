/**
 * Anonymous pages from memory. A page that is the same for every visitor (home,
 * product pages, zebra, track, information pages, 404) is rendered once per version of what it
 * shows and then served from memory, already compressed (brotli, gzip and plain), until that
 * version changes.
 *
 * - Kept on the one cache primitive (server/runtime/kept.ts, docs/caching.md), keyed by path:
 *   under the catalog's version (its invalidate() bumps it and clears this cache at once) and
 *   this cache's own generation (invalidate()); business facts and the build are fixed for the
 *   life of a process. An entry rendered under an older version is never served; a render that
 *   finishes after a change is not stored. With CACHES=off there is no page cache at all.
 * - What differs per visitor never reaches the cached bytes: the cart badge is filled in the
 *   browser after hydration (app/root.tsx), and cacheable pages are rendered without a CSP
 *   nonce; their Content-Security-Policy lists the SHA-256 hashes of their inline scripts
 *   instead (script-src 'self' 'sha256-…': as strict as the nonce, and valid for every copy).
 * - Never cached: anything but GET/HEAD, any URL with a query string, /cart, /checkout,
 *   /order-confirmation, /orders/*, /admin*, /api/*, any answer with Set-Cookie or a
 *   Cache-Control that says private or no-store, any status but 200 and 404, anything not HTML.
 *   Pages outside the list below are stored only when they answer 404.
 * - Paint first: these pages carry their stylesheet inline, and, like every
 *   document, no `<link rel="modulepreload">` hints (app/entry.server.tsx drops them as it
 *   renders, decision 331), so nothing but the HTML is fetched before the first paint; the
 *   hydration scripts are fetched from the module script at the end of the body.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, Next } from "hono";
import { bodyOf, chooseEncoding, type Encoding } from "../middleware/accept-encoding";
import { pageCsp } from "../middleware/security";
import type { Caches } from "../services/caching";

/** Pages that are the same for every visitor. */
const CACHEABLE_EXACT = new Set([
  "/",
  "/zebra-shades",
  "/track-replacement",
  "/contact",
  "/faq",
  "/maintenance-tips",
  "/returns",
  "/warranty",
  "/samples",
  "/estimate",
]);
const CACHEABLE_PATTERN = /^\/product\/[a-z0-9-]{1,60}$/;
/** Pages with personal data or a cart, and the API. */
const PERSONAL =
  /^\/(?:cart|checkout|order-confirmation|orders|quotes|admin|api)(?:\/|$)|^\/healthz$/i;

export type PageKind = "page" | "not-found-only" | "never";

/** How the cache treats a path (the query string is checked separately). */
export function pageKind(path: string): PageKind {
  // A Spanish page (/es, /es/faq) is kept like its English twin, under its own path.
  if (path === "/es") return "page";
  if (path.startsWith("/es/")) return pageKind(path.slice(3));
  if (PERSONAL.test(path)) return "never";
  if (CACHEABLE_EXACT.has(path) || CACHEABLE_PATTERN.test(path)) return "page";
  // Other paths (typos, old links) render the 404 page; files and .data requests never.
  if (path.length <= 200 && !path.includes(".") && /^[\x21-\x7e]*$/.test(path)) {
    return "not-found-only";
  }
  return "never";
}

interface Variant {
  body: Buffer;
  /** The answer's headers when served from memory, and on the render that stored it. */
  hit: Record<string, string>;
  miss: Record<string, string>;
}

interface Entry {
  status: number;
  variants: Record<Encoding | "identity", Variant>;
  bytes: number;
}

export interface PageCacheOptions {
  caches: Caches;
  /** The version of the data pages show (the catalog's); read on every lookup, so cheap. */
  dataVersion: () => number | string;
  /** Subscribe to data changes: the cache empties itself at once. */
  onDataChange?: (listener: () => void) => unknown;
  /** Upper bound on the bytes held (all three encodings of every page). */
  maxBytes?: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const brotliAt = (html: Buffer, quality: number) =>
  brotli(html, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
/**
 * The brotli quality of a stored page (milliseconds, in zlib's thread pool). No later upgrade
 * to quality 11: it saved 10 % of the bytes (home 16.3 → 14.7 KB) but each took ~4.5 MB in a
 * thread pool thread's malloc arena, kept after it, 12–13 MB of the serving process's peak
 * under the throughput bench.
 */
const BROTLI_QUALITY = 5;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*["']?([^"'\s>]*)/i;
const SCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** A script element the browser runs (not a data block such as JSON-LD). */
function isExecutable(attributes: string): boolean {
  const type = TYPE_ATTRIBUTE.exec(attributes);
  return !type || SCRIPT_TYPES.has((type[1] ?? "").toLowerCase());
}

/** The 'sha256-…' sources of every inline script of an HTML document, in order, once each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || !isExecutable(attributes)) continue;
    const digest = createHash("sha256")
      .update(match[2] ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

export function createPageCache(options: PageCacheOptions) {
  const kept = options.caches.keep<Entry | null>({
    name: "pages",
    // Paths that render the 404 page are kept too: the bytes bound the typos, not the keys.
    maxKeys: 4_096,
    maxAgeMs: Number.POSITIVE_INFINITY,
    maxBytes: options.maxBytes ?? 24 * 1024 * 1024,
    sizeOf: (entry) => entry?.bytes ?? 0,
    version: options.dataVersion,
    keepIf: (entry) => entry !== null,
  });
  options.onDataChange?.(() => kept.invalidate());

  function respond(c: Context, entry: Entry, state: "hit" | "miss") {
    const encoding = chooseEncoding(c.req.header("accept-encoding")) ?? "identity";
    const variant = entry.variants[encoding];
    const headers = state === "hit" ? variant.hit : variant.miss;
    // Hono would merge the previous c.res's headers into a new one: start from none.
    c.res = undefined;
    c.res = new Response(c.req.method === "HEAD" ? null : bodyOf(variant.body), {
      status: entry.status,
      headers,
    });
  }

  /** Reads a rendered answer into an entry, or null when it must not be cached. */
  async function capture(c: Context, kind: PageKind): Promise<Entry | null> {
    const res = c.res;
    const status = res.status;
    if (status !== 200 && status !== 404) return null;
    if (kind === "not-found-only" && status !== 404) return null;
    const headers = res.headers;
    if (headers.has("Set-Cookie") || headers.has("Content-Encoding")) return null;
    if (/private|no-store|no-cache/i.test(headers.get("Cache-Control") ?? "")) return null;
    if (!/^text\/html\b/i.test(headers.get("Content-Type") ?? "")) return null;
    const html = Buffer.from(await res.text(), "utf8");
    return build(status, headers, html);
  }

  async function build(status: number, rendered: Headers, html: Buffer): Promise<Entry> {
    const base: Record<string, string> = {};
    for (const [name, value] of rendered) {
      if (/^(content-length|content-encoding|content-security-policy|vary)$/i.test(name)) continue;
      base[name] = value;
    }
    base["Content-Security-Policy"] = pageCsp(inlineScriptHashes(html.toString("utf8")).join(" "));
    base.Vary = "Accept-Encoding";
    // Compressed in zlib's thread pool: the event loop keeps serving meanwhile.
    const [br, gz] = await Promise.all([brotliAt(html, BROTLI_QUALITY), gzip(html, { level: 9 })]);
    const variant = (body: Buffer, encoding?: Encoding): Variant => {
      const headers = encoding ? { ...base, "Content-Encoding": encoding } : base;
      return {
        body,
        hit: { ...headers, "X-Page-Cache": "hit" },
        miss: { ...headers, "X-Page-Cache": "miss" },
      };
    };
    return {
      status,
      bytes: html.length + br.length + gz.length,
      variants: { identity: variant(html), br: variant(br, "br"), gzip: variant(gz, "gzip") },
    };
  }

  /**
   * The cache as a step of the app's combined middleware: answers from memory when it can,
   * otherwise renders (without a nonce, through `next`) and keeps the result when allowed.
   * Concurrent misses for one page wait for a single render.
   */
  async function handle(c: Context, next: Next): Promise<void> {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const url = c.req.url;
    if (url.includes("?")) return next();
    const path = c.req.path;
    const kind = pageKind(path);
    if (kind === "never") return next();

    const cached = kept.peek(path);
    if (cached) {
      respond(c, cached, "hit");
      return;
    }
    // A HEAD answer has no body to keep: served from memory when there, else rendered as usual.
    if (method === "HEAD") return next();
    // Rendered for everyone: no nonce in the markup; the CSP carries the scripts' hashes.
    c.set("cspNonce", "");
    // Concurrent misses for one page wait for a single render (this request's, or another's).
    let rendered = false;
    let entry: Entry | null;
    try {
      entry = await kept.get(path, async () => {
        rendered = true;
        await next();
        return capture(c, kind);
      });
    } catch (error) {
      if (rendered) throw error;
      entry = null;
    }
    if (entry) {
      respond(c, entry, rendered ? "miss" : "hit");
      return;
    }
    // Not cacheable after all (a cookie, an error, a redirect…), or another request's render
    // was not: this one renders (if it has not) and, with no nonce in the markup, gets the
    // hash-based policy too.
    if (!rendered) await next();
    await withHashPolicy(c);
  }

  async function withHashPolicy(c: Context) {
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    if (!/^text\/html\b/i.test(type) || res.headers.has("Content-Encoding") || !res.body) {
      return;
    }
    const html = await res.text();
    const headers = new Headers(res.headers);
    headers.set("Content-Security-Policy", pageCsp(inlineScriptHashes(html).join(" ")));
    headers.delete("Content-Length");
    c.res = undefined;
    c.res = new Response(html, { status: res.status, headers });
  }

  return {
    handle,
    /** Empties the cache now (the multi-process work calls this on a change elsewhere). */
    invalidate: () => kept.invalidate(),
    stats: () => {
      const { keys, bytes, hits, misses } = kept.stats();
      return { entries: keys, bytes, hits, misses };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
