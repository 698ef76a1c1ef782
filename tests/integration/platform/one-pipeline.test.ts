/**
 * One request pipeline: the catalog's JSON and the price POSTs are answered by Hono through the
 * same middleware as every other route (request log, security headers, cross-site refusal, body
 * limits, content type and NUL checks), served over HTTP by @hono/node-server as server/main.ts
 * serves it, and nothing in the server answers a request before Hono does.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_SERVER_OPTIONS } from "../../../server/http-options";
import { ZEBRA_MOTORIZED } from "../../support/sample-items";
import { createTestStore, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const JSON_HEADERS = { "content-type": "application/json" };
const BLINDS = JSON.stringify({
  productType: "vinyl",
  width: 36.5,
  height: 48.25,
  includeInstallation: true,
});
const ZEBRA = JSON.stringify({ productType: "zebra-shades", ...ZEBRA_MOTORIZED.configuration });
const TRACK = JSON.stringify({ serviceType: "track-replacement", width: 96.5 });
const PRICES: [string, string][] = [
  ["/api/calculate-price", BLINDS],
  ["/api/calculate-zebra-shade-price", ZEBRA],
  ["/api/calculate-service-price", TRACK],
];
const API_CSP = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";

describeEachDialect("one request pipeline on %s", (dialect) => {
  let store: TestStore;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "1" });
    const server = serve({
      fetch: store.app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      serverOptions: HTTP_SERVER_OPTIONS,
    });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
    await store?.close();
  });

  /** The raw answer (fetch would decode the body), with `chunked` sending the body in parts. */
  function send(
    method: string,
    target: string,
    headers: Record<string, string> = {},
    body?: string,
    chunked = false,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      // A length of its own: Node's client sends a DELETE's body neither with one nor chunked.
      const length =
        body !== undefined && !chunked ? { "content-length": String(Buffer.byteLength(body)) } : {};
      const req = http.request(
        `${url}${target}`,
        { method, headers: { ...length, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on("error", reject);
      if (body !== undefined && chunked) {
        for (let at = 0; at < body.length; at += 16 * 1024)
          req.write(body.slice(at, at + 16 * 1024));
        req.end();
      } else req.end(body);
    });
  }

  /** The request log lines written while `run` ran. */
  async function logged<T>(run: () => Promise<T>): Promise<[T, Record<string, unknown>[]]> {
    const from = store.logLines.length;
    const result = await run();
    const lines = store.logLines
      .slice(from)
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === "request");
    return [result, lines];
  }

  function expectApiHeaders(answer: Answer) {
    expect(answer.headers["content-security-policy"]).toBe(API_CSP);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    expect(answer.headers["x-powered-by"]).toBeUndefined();
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  }

  it("routes with Hono's RegExpRouter: no static route beside a parameter that makes it fall back", async () => {
    // SmartRouter picks its router at the first match; RegExpRouter refuses a static path beside
    // a parameter at the same place (GET /quotes/summary beside /quotes/:id once) and the whole
    // app then matches every request with the slower TrieRouter.
    expect((await send("GET", "/api/products")).status).toBe(200);
    expect(store.app.router.name).toBe("SmartRouter + RegExpRouter");
  });

  describe("GET /api/products and /api/services", () => {
    it("send the kept bytes in every encoding with the API's headers and one log line each", async () => {
      expect((await send("GET", "/api/products")).body.length).toBeGreaterThan(512);
      for (const target of ["/api/products", "/api/services"]) {
        const [plain, lines] = await logged(() => send("GET", target));
        expect(plain.status).toBe(200);
        expectApiHeaders(plain);
        expect(plain.headers["content-type"]).toBe("application/json; charset=UTF-8");
        expect(plain.headers["cache-control"]).toBe("no-cache");
        expect(plain.headers.vary).toBe("Accept-Encoding");
        expect(plain.headers["content-length"]).toBe(String(plain.body.length));
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(Array.isArray(JSON.parse(plain.body.toString()))).toBe(true);
        expect(lines).toEqual([
          {
            level: "info",
            time: expect.any(String),
            msg: "request",
            method: "GET",
            path: target,
            status: 200,
            ms: expect.any(Number),
          },
        ]);
        // Under 512 bytes (the services) an answer goes as it is, whatever is accepted.
        const small = plain.body.length < 512;
        for (const [accept, encoding, decode] of [
          ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
          ["gzip", "gzip", zlib.gunzipSync],
        ] as const) {
          const packed = await send("GET", target, { "accept-encoding": accept });
          if (small) {
            expect(packed.headers["content-encoding"]).toBeUndefined();
            expect(packed.body.equals(plain.body)).toBe(true);
            continue;
          }
          expect(packed.headers["content-encoding"]).toBe(encoding);
          expect(packed.headers.etag).toBe(plain.headers.etag);
          expect(packed.headers["content-length"]).toBe(String(packed.body.length));
          expectApiHeaders(packed);
          expect(decode(packed.body).equals(plain.body)).toBe(true);
        }
        const refused = await send("GET", target, { "accept-encoding": "br;q=0, gzip;q=0" });
        expect(refused.body.equals(plain.body)).toBe(true);
      }
    });

    it("answer 304 to a client holding the bytes, logged as 304; a changed catalog gets another tag", async () => {
      const first = await send("GET", "/api/products");
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, "*"]) {
        const [held, lines] = await logged(() =>
          send("GET", "/api/products", { "if-none-match": ifNoneMatch, "accept-encoding": "br" }),
        );
        expect(held.status, ifNoneMatch).toBe(304);
        expect(held.body.length).toBe(0);
        expect(held.headers.etag).toBe(etag);
        expect(held.headers.vary).toBe("Accept-Encoding");
        expectApiHeaders(held);
        expect(lines).toMatchObject([{ method: "GET", path: "/api/products", status: 304 }]);
      }
      await store.services.db
        .updateTable("products")
        .set({ description: "Changed for the pipeline test" })
        .where("type", "=", "vinyl")
        .execute();
      store.services.catalog.invalidate();
      const after = await send("GET", "/api/products", { "if-none-match": etag });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body.toString()).toContain("Changed for the pipeline test");
    });

    it("carry HSTS only when the trusted proxy reports HTTPS", async () => {
      const forwarded = await send("GET", "/api/products", { "x-forwarded-proto": "https" });
      expect(forwarded.status).toBe(200);
      expect(forwarded.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
    });
  });

  describe("the price POSTs", () => {
    it("answer with the API's headers, uncompressed, and one log line each", async () => {
      for (const [target, body] of PRICES) {
        const [answer, lines] = await logged(() =>
          send("POST", target, { ...JSON_HEADERS, "accept-encoding": "gzip, br" }, body),
        );
        expect(answer.status, target).toBe(200);
        expectApiHeaders(answer);
        expect(answer.headers["content-type"]).toMatch(/^application\/json/);
        expect(answer.headers["content-encoding"]).toBeUndefined();
        expect(JSON.parse(answer.body.toString())).toMatchObject({
          totalPrice: expect.any(Number),
        });
        expect(lines).toMatchObject([{ method: "POST", path: target, status: 200 }]);
      }
    });

    it("refuse cross-site requests with 403 by the one same-origin test", async () => {
      const port = new URL(url).port;
      const cases: [Record<string, string>, number][] = [
        [{}, 200],
        [{ "sec-fetch-site": "same-origin", origin: url }, 200],
        [{ "sec-fetch-site": "none" }, 200],
        [{ "sec-fetch-site": "same-site" }, 403],
        [{ "sec-fetch-site": "cross-site", origin: url }, 403],
        [{ "sec-fetch-site": "same-origin", origin: "http://evil.example" }, 403],
        [{ origin: "null" }, 403],
        [{ origin: "garbage" }, 403],
        [{ origin: `https://127.0.0.1:${port}` }, 403],
        [{ host: "shop.example", origin: "http://SHOP.example:80" }, 200],
        [{ host: "shop.example", origin: "http://shop.example:8080" }, 403],
      ];
      for (const [target, body] of PRICES) {
        for (const [headers, status] of cases) {
          const label = `${target} ${JSON.stringify(headers)}`;
          const [answer, lines] = await logged(() =>
            send("POST", target, { ...JSON_HEADERS, ...headers }, body),
          );
          expect(answer.status, label).toBe(status);
          expectApiHeaders(answer);
          expect(lines, label).toMatchObject([{ method: "POST", path: target, status }]);
          if (status === 403) {
            expect(JSON.parse(answer.body.toString()).error.code).toBe("forbidden");
          }
        }
      }
    });

    it("refuse what they can't read with a 4xx that says why, logged with its status", async () => {
      const tooLarge = JSON.stringify({ note: "x".repeat(101 * 1024) });
      const cases: [string, Record<string, string>, boolean, number, RegExp][] = [
        ["{not json", JSON_HEADERS, false, 400, /JSON/i],
        [BLINDS.replace("36.5", "-3"), JSON_HEADERS, false, 400, /width/i],
        [BLINDS.replace("vinyl", "no-such-blind"), JSON_HEADERS, false, 400, /productType/],
        [BLINDS.replace("vinyl", "vin\\u0000yl"), JSON_HEADERS, false, 400, /./],
        [BLINDS, { "content-type": "text/plain" }, false, 415, /JSON/i],
        [tooLarge, JSON_HEADERS, false, 413, /100 KB/],
        [tooLarge, JSON_HEADERS, true, 413, /100 KB/],
      ];
      for (const [body, headers, chunked, status, message] of cases) {
        const label = `${body.slice(0, 40)} ${JSON.stringify(headers)} chunked=${chunked}`;
        const [answer, lines] = await logged(() =>
          send("POST", "/api/calculate-price", headers, body, chunked),
        );
        expect(answer.status, label).toBe(status);
        expectApiHeaders(answer);
        expect(JSON.parse(answer.body.toString()).error.message, label).toMatch(message);
        expect(lines, label).toMatchObject([
          { method: "POST", path: "/api/calculate-price", status },
        ]);
      }
      expect(store.logLines.join("")).not.toMatch(/"level":"error"/);
    });

    it("refuses every state-changing method from another site, and its body past 100 KB", async () => {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const [foreign, lines] = await logged(() =>
          send(method, "/api/cart/1", { ...JSON_HEADERS, "sec-fetch-site": "cross-site" }, "{}"),
        );
        expect(foreign.status, `${method} ${foreign.body.toString()}`).toBe(403);
        expect(lines).toMatchObject([{ method, path: "/api/cart/1", status: 403 }]);
        const large = JSON.stringify({ quantity: 1, note: "x".repeat(101 * 1024) });
        expect((await send(method, "/api/cart/1", JSON_HEADERS, large)).status, method).toBe(413);
      }
    });

    it("price from the catalog of the moment", async () => {
      const before = (await send("POST", "/api/calculate-service-price", JSON_HEADERS, TRACK)).body;
      await store.services.db
        .updateTable("services")
        .set((eb) => ({ price_cents_per_unit: eb("price_cents_per_unit", "+", 100) }))
        .where("type", "=", "track-replacement")
        .execute();
      store.services.catalog.invalidate();
      const after = (await send("POST", "/api/calculate-service-price", JSON_HEADERS, TRACK)).body;
      expect(after.toString()).not.toBe(before.toString());
    });
  });
});

describe("nothing answers before Hono", () => {
  it("the server processes hand Node's requests to Hono alone", () => {
    for (const file of ["server/main.ts", "tests/support/api-server.ts"]) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      expect(source, file).toMatch(/serve\(\s*\{\s*fetch: app\.fetch,/);
      expect(source, file).not.toMatch(/createServer|\.on\("request"/);
    }
    expect(fs.existsSync(path.join(ROOT, "server/fast-lane.ts"))).toBe(false);
  });
});
