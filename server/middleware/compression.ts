/**
 * Compression of every dynamic answer (HTML pages, JSON, React Router's .data, XML, text) by
 * the request's Accept-Encoding: brotli when accepted, else gzip, at cheap levels (brotli 4,
 * 2 for a rendered page, gzip 6: all cost less CPU than they save on the wire for a page);
 * `Vary: Accept-Encoding` on every compressible answer, compressed or not. A page rendered
 * whole is one buffer, compressed in one call; a streamed one (a Suspense boundary still
 * pending) stays streamed: each burst of chunks is flushed through the compressor as it arrives.
 * Answers that
 * already carry a Content-Encoding (precompressed assets, cached pages) pass untouched, as do
 * bodies under 512 bytes (compressing them saves nothing worth the CPU), and answers to a POST
 * (or another method that is not GET/HEAD) under 1 KB. Decisions 140 and 401.
 */
import zlib from "node:zlib";
import type { Context } from "hono";

export type Encoding = "br" | "gzip";

/** Below this many bytes an answer is sent as it is (it would still fit one packet). */
export const MIN_COMPRESS_BYTES = 512;
/**
 * The same for an answer to a POST, PUT…: its body is the caller's own (a new cart, an order),
 * compressed anew each time where a GET's repeated body is compressed once (the memo below).
 * Under 1 KB it fits one 1,460-byte TCP segment with its ~400 bytes of headers as it is, so
 * compressing saves no packet, only a few hundred bytes, for 20–25 µs of brotli 4 each time (a
 * new cart's 802-byte answer: 25 µs to save 392 bytes). Decision 401.
 */
export const MIN_COMPRESS_BYTES_UNIQUE = 1024;

function minimumFor(method: string): number {
  return method === "GET" || method === "HEAD" ? MIN_COMPRESS_BYTES : MIN_COMPRESS_BYTES_UNIQUE;
}

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|javascript|x-javascript|[a-z0-9.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/** Most clients send the same few header values: remember their answer. */
const chosen = new Map<string, Encoding | null>();

/** br when accepted (q > 0), else gzip, else none. `*` counts as br. */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const known = chosen.get(acceptEncoding);
  if (known !== undefined) return known;
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br" || name === "*") br = true;
    else if (name === "gzip" || name === "x-gzip") gzip = true;
  }
  const result: Encoding | null = br ? "br" : gzip ? "gzip" : null;
  if (chosen.size < 64) chosen.set(acceptEncoding, result);
  return result;
}

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
/**
 * A page rendered per request (the cart, checkout, an order, a quote, the back office) is
 * compressed once per view, mostly the same inline stylesheet: brotli 2 costs about half the
 * CPU of 4 on those documents for ~5 % more bytes (15.1 → 15.8 KB for a cart; decision 372).
 */
const RENDERED_PAGE_BROTLI_QUALITY = 2;

export function compressSync(data: Buffer | Uint8Array, encoding: Encoding, quality?: number) {
  return encoding === "br"
    ? zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality ?? BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      })
    : zlib.gzipSync(data, { level: quality ?? GZIP_LEVEL });
}

/**
 * Identical bodies (GET /api/products, /api/services: one pre-serialised string per catalog
 * version) are compressed once: a small map from body text to its compressed forms. Only
 * bodies up to 16 KB, at most 64 of them (≈ 1 MB at worst); the oldest goes first.
 */
const MEMO_MAX_ENTRIES = 64;
const MEMO_MAX_CHARS = 16 * 1024;
const memo = new Map<string, Partial<Record<Encoding, Buffer>>>();

export function compressText(text: string, encoding: Encoding): Buffer {
  if (text.length > MEMO_MAX_CHARS) return compressSync(Buffer.from(text), encoding);
  let entry = memo.get(text);
  const known = entry?.[encoding];
  if (known) return known;
  const compressed = compressSync(Buffer.from(text), encoding);
  if (!entry) {
    const oldest = memo.keys().next();
    if (memo.size >= MEMO_MAX_ENTRIES && !oldest.done) memo.delete(oldest.value);
    entry = {};
    memo.set(text, entry);
  }
  entry[encoding] = compressed;
  return compressed;
}

/**
 * A text answer compressed: a GET's through the memo (its body comes back the same: the
 * catalog); another method's body is the caller's own, and keeping it would only push the
 * repeated ones out of the memo (decision 401).
 */
function compressAnswer(text: string, encoding: Encoding, method: string): Buffer {
  return method === "GET"
    ? compressText(text, encoding)
    : compressSync(Buffer.from(text), encoding);
}

/**
 * A stream compressed as it flows: chunks are written to the compressor and flushed once no
 * more arrive in the same turn of the event loop, so the shell of a streamed page reaches the
 * browser at once while a burst of small chunks still compresses as one.
 */
function isRenderedPage(headers: Headers): boolean {
  return /^text\/html/i.test(headers.get("Content-Type") ?? "");
}

export function compressStream(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RENDERED_PAGE_BROTLI_QUALITY },
        })
      : zlib.createGzip({ level: GZIP_LEVEL });
  const reader = body.getReader();
  // A burst's chunks (React writes ~2 KB at a time) go to the compressor as one write: each
  // write is a trip to zlib's thread pool and a compressor call of its own (bench:render's
  // profile: a third of the compression's CPU).
  let burst: Uint8Array[] = [];
  const writeBurst = () => {
    const [first] = burst;
    if (!first) return;
    compressor.write(burst.length === 1 ? first : Buffer.concat(burst));
    burst = [];
  };
  let flushPending = false;
  const flush = () => {
    flushPending = false;
    if (!compressor.destroyed && compressor.writable) {
      writeBurst();
      compressor.flush(
        encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH,
      );
    }
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      compressor.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      compressor.once("end", () => controller.close());
      compressor.once("error", (error) => controller.error(error));
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) {
              if (!compressor.destroyed) writeBurst();
              compressor.end();
              return;
            }
            burst.push(value);
            if (!flushPending) {
              flushPending = true;
              setImmediate(flush);
            }
          }
        } catch (error) {
          compressor.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    cancel(reason) {
      compressor.destroy();
      return reader.cancel(reason);
    },
  });
}

/**
 * @hono/node-server's lightweight Response keeps [status, body, headers] under a private
 * symbol until something reads it as a real Response: reading body and headers from there
 * avoids building a WHATWG Response and Headers per JSON answer (the adaptor's fast path,
 * decision 060). Absent (in-process tests, other runtimes), the standard way is used.
 */
type RawCache = [number, unknown, unknown];
let cacheSymbol: symbol | null | undefined;
function rawCache(res: Response): RawCache | undefined {
  if (cacheSymbol === undefined) {
    cacheSymbol = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache") ?? null;
  }
  if (!cacheSymbol) return undefined;
  return Reflect.get(res, cacheSymbol);
}

type PlainHeaders = Record<string, string>;
function isPlainHeaders(h: unknown): h is PlainHeaders {
  return typeof h === "object" && h !== null && !(h instanceof Headers) && !Array.isArray(h);
}
function plainGet(h: PlainHeaders, name: string): string | undefined {
  for (const key in h) if (key.toLowerCase() === name) return h[key];
  return undefined;
}

function withVary(vary: string | null | undefined): string {
  if (!vary) return "Accept-Encoding";
  return /accept-encoding|\*/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/** A Buffer as a Response body (it is a Uint8Array; the DOM typings want ArrayBuffer-backed). */
export function bodyOf(data: Buffer | ReadableStream<Uint8Array>): BodyInit {
  return data as unknown as BodyInit;
}

/** Sets a new c.res without Hono's header merge (which would rebuild the Response). */
function replace(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/**
 * Compresses c.res in place when the request accepts it and the answer is worth it. Call
 * after the handler (it is a step of the app's one combined middleware, server/app.ts).
 */
export async function compressResponse(c: Context): Promise<void> {
  const res = c.res;
  const raw = rawCache(res);
  const method = c.req.method;
  // Small answers to POST/PUT/… (price quotes): nothing to compress, and no shared cache
  // stores them, so not even a Vary header to add.
  if (raw && method !== "GET" && method !== "HEAD" && typeof raw[1] === "string") {
    if (raw[1].length < MIN_COMPRESS_BYTES / 3) return;
  }
  // Already encoded (a cached page, a precompressed file): nothing to do, and no Headers
  // object to build for finding out.
  if (raw && isPlainHeaders(raw[2]) && plainGet(raw[2], "content-encoding") !== undefined) return;
  const status = res.status;
  if (status === 204 || status === 304 || status < 200) return;

  // Fast path: a string body with plain-object headers (c.json, c.text, c.html).
  if (raw && typeof raw[1] === "string" && isPlainHeaders(raw[2])) {
    const text = raw[1];
    const plain = raw[2];
    if (plainGet(plain, "content-encoding") !== undefined) return;
    if (!isCompressible(plainGet(plain, "content-type"))) return;
    const out: PlainHeaders = {};
    let vary: string | undefined;
    for (const key in plain) {
      const lower = key.toLowerCase();
      if (lower === "vary") vary = plain[key];
      else if (lower !== "content-length") out[key] = plain[key] as string;
    }
    out.Vary = withVary(vary);
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (
      encoding &&
      method !== "HEAD" &&
      text.length >= minimumFor(method) / 3 &&
      Buffer.byteLength(text) >= minimumFor(method)
    ) {
      out["Content-Encoding"] = encoding;
      replace(
        c,
        new Response(bodyOf(compressAnswer(text, encoding, method)), { status, headers: out }),
      );
    } else {
      replace(c, new Response(text, { status, headers: out }));
    }
    return;
  }

  const headers = res.headers;
  if (headers.has("Content-Encoding") || !isCompressible(headers.get("Content-Type"))) return;
  headers.set("Vary", withVary(headers.get("Vary")));
  const encoding = chooseEncoding(c.req.header("accept-encoding"));
  if (!encoding || method === "HEAD") return;
  const minimum = minimumFor(method);
  const length = headers.get("Content-Length");
  if (length !== null && Number(length) < minimum) return;

  const body = raw ? raw[1] : res.body;
  if (body === null || body === undefined) return;
  let compressed: Buffer | ReadableStream<Uint8Array>;
  if (typeof body === "string") {
    if (Buffer.byteLength(body) < minimum) return;
    compressed = compressAnswer(body, encoding, method);
  } else if (body instanceof Uint8Array) {
    if (body.byteLength < minimum) return;
    // A page rendered whole (app/entry.server.tsx) is one buffer.
    const page = encoding === "br" && isRenderedPage(headers);
    compressed = compressSync(body, encoding, page ? RENDERED_PAGE_BROTLI_QUALITY : undefined);
  } else if (body instanceof ReadableStream && isRenderedPage(headers)) {
    // Server-rendered pages stream: keep streaming. Other answers are small and whole.
    compressed = compressStream(body as ReadableStream<Uint8Array>, encoding);
  } else {
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength < minimum) {
      replace(c, new Response(bytes, { status, headers }));
      return;
    }
    compressed = compressSync(bytes, encoding);
  }
  headers.delete("Content-Length");
  headers.set("Content-Encoding", encoding);
  replace(c, new Response(bodyOf(compressed), { status, headers }));
}
