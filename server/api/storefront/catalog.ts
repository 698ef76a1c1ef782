/**
 * GET /api/products and GET /api/services: the catalog, served from memory, with an ETag and
 * a 304 for a client that already holds these bytes. Both answers are the same
 * bytes for every caller until the catalog changes, so each is compressed once per catalog
 * version (brotli and gzip) and sent as it is kept; the app's compression leaves the API alone.
 */
import zlib from "node:zlib";
import { type Context, Hono } from "hono";
import type { AppServices } from "../../context";
import { chooseEncoding, type Encoding } from "../../middleware/accept-encoding";
import {
  CATALOG_CACHE_CONTROL,
  type CatalogJson,
  catalogEtag,
  catalogJson,
  matchesEtag,
} from "./catalog-presenter";

/** Below this many bytes an answer goes as it is: it fits one packet with its headers. */
const MIN_COMPRESS_BYTES = 512;
const BROTLI_QUALITY = 5;

/** One answer of one catalog version: its bytes in every encoding and their headers. */
interface Kept {
  etag: string;
  bodies: Map<Encoding | null, { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }>;
  notModified: Record<string, string>;
}

function keep(json: string): Kept {
  const etag = catalogEtag(json);
  const common = { ETag: etag, "Cache-Control": CATALOG_CACHE_CONTROL, Vary: "Accept-Encoding" };
  const plain = Buffer.from(json);
  const contentType = { "Content-Type": "application/json; charset=UTF-8" };
  const bodies: Kept["bodies"] = new Map([
    [null, { body: new Uint8Array(plain), headers: { ...common, ...contentType } }],
  ]);
  if (plain.length >= MIN_COMPRESS_BYTES) {
    const compressed: [Encoding, Buffer][] = [
      [
        "br",
        zlib.brotliCompressSync(plain, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
      ],
      ["gzip", zlib.gzipSync(plain, { level: 9 })],
    ];
    for (const [encoding, body] of compressed) {
      bodies.set(encoding, {
        body: new Uint8Array(body),
        headers: { ...common, ...contentType, "Content-Encoding": encoding },
      });
    }
  }
  return { etag, bodies, notModified: common };
}

export function catalogRoutes(services: AppServices) {
  const routes = new Hono();
  const kept = new Map<string, Kept>();
  const keptFor = (json: string) => {
    let answer = kept.get(json);
    if (!answer) {
      // Two answers per catalog version: start again rather than grow.
      if (kept.size >= 8) kept.clear();
      answer = keep(json);
      kept.set(json, answer);
    }
    return answer;
  };
  async function answer(c: Context, part: keyof CatalogJson) {
    const { etag, bodies, notModified } = keptFor(
      catalogJson(await services.catalog.snapshot())[part],
    );
    // A Response of kept headers: c.body() would copy them into a new Headers per request.
    if (matchesEtag(c.req.header("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers: notModified });
    }
    const chosen = bodies.get(chooseEncoding(c.req.header("accept-encoding"))) ?? bodies.get(null);
    if (!chosen) throw new Error("the catalog's plain answer is always kept");
    return new Response(chosen.body, { status: 200, headers: chosen.headers });
  }
  routes.get("/products", (c) => answer(c, "products"));
  routes.get("/services", (c) => answer(c, "services"));
  return routes;
}
