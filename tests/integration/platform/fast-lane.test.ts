/**
 * Decision 261: the catalog's JSON answered from memory before Hono sends what the full path
 * sends (status, headers that matter, bytes in every encoding), logs the same request line, and
 * follows a catalog change at once.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFastLane, serverWithFastLane } from "../../../server/fast-lane";
import { ZEBRA_MOTORIZED } from "../../support/sample-items";
import { createTestStore, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("catalog JSON from the fast lane on %s", (dialect) => {
  let store: TestStore;
  let url: string;
  let close: () => Promise<void>;
  let laneAnswers = 0;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    const lane = createFastLane({ catalog: store.services.catalog, logger: store.services.logger });
    const server = serve({
      fetch: store.app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      createServer: serverWithFastLane((req, res, next) => {
        const answered = lane(req, res, next);
        if (answered) laneAnswers++;
        return answered;
      }),
    });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
    await store?.close();
  });

  const HEADERS = [
    "content-type",
    "content-encoding",
    "content-length",
    "vary",
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "strict-transport-security",
    "cache-control",
    "set-cookie",
    "etag",
  ];
  function get(path: string, headers: Record<string, string> = {}) {
    return send("GET", path, headers);
  }
  async function send(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ) {
    // fetch would decode the body: ask node for the raw bytes instead.
    const http = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        http
          .request(`${url}${path}`, { method, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: Object.fromEntries(HEADERS.map((h) => [h, res.headers[h]])),
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on("error", reject)
          .end(body);
      },
    );
  }

  it("answers exactly as the full path does, in every encoding, with the log line", async () => {
    for (const path of ["/api/products", "/api/services"]) {
      // The first request goes the full way and fills the lane; wait until the lane answers.
      for (let tries = 0; tries < 50; tries++) {
        const before = laneAnswers;
        await get(path);
        if (laneAnswers > before) break;
      }
      for (const encoding of ["", "br, gzip", "gzip", "identity"]) {
        const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
        // The full path (a query string never takes the lane) and then the lane.
        const full = await get(`${path}?full=1`, headers);
        const before = laneAnswers;
        const lines = store.logLines.length;
        const fast = await get(path, headers);
        expect(laneAnswers, `${path} ${encoding}`).toBe(before + 1);
        expect(fast.status).toBe(full.status);
        expect(fast.headers).toEqual(full.headers);
        expect(fast.body.equals(full.body)).toBe(true);
        const line = JSON.parse(
          store.logLines.slice(lines).join("\n").trim().split("\n")[0] ?? "{}",
        );
        expect(line).toMatchObject({ msg: "request", method: "GET", path, status: 200 });
      }
    }
  });

  it("answers 304 to a client holding the bytes, as the full path does (decision 360)", async () => {
    for (const path of ["/api/products", "/api/services"]) {
      const first = await get(path);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers["cache-control"]).toBe("no-cache");
      for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, "*"]) {
        for (const encoding of ["", "br, gzip"]) {
          const headers: Record<string, string> = { "if-none-match": ifNoneMatch };
          if (encoding) headers["accept-encoding"] = encoding;
          const full = await get(`${path}?full=1`, headers);
          const before = laneAnswers;
          const lines = store.logLines.length;
          const fast = await get(path, headers);
          expect(laneAnswers, ifNoneMatch).toBe(before + 1);
          expect(fast.status, ifNoneMatch).toBe(304);
          expect(full.status, ifNoneMatch).toBe(304);
          expect(fast.headers).toEqual(full.headers);
          expect(fast.body.length).toBe(0);
          const line = JSON.parse(store.logLines[lines] ?? "{}");
          expect(line).toMatchObject({ msg: "request", method: "GET", path, status: 304 });
        }
      }
      // Another tag: the whole answer, from the lane and the full path alike.
      const stale = { "if-none-match": 'W/"not-this-catalog"' };
      expect((await get(path, stale)).status).toBe(200);
      expect((await get(`${path}?full=1`, stale)).status).toBe(200);
    }
  });

  it("gives a changed catalog another tag", async () => {
    const before = String((await get("/api/products")).headers.etag);
    await store.services.db
      .updateTable("products")
      .set({ description: "Changed for the ETag test" })
      .where("type", "=", "vinyl")
      .execute();
    store.services.catalog.invalidate();
    const after = await get("/api/products", { "if-none-match": before });
    expect(after.status).toBe(200);
    expect(String(after.headers.etag)).not.toBe(before);
    expect(after.body.toString()).toContain("Changed for the ETag test");
  });

  it("leaves HEAD, queries and forwarded HTTPS to the full path", async () => {
    await get("/api/products");
    const before = laneAnswers;
    await get("/api/products?x=1");
    await get("/api/products", { "x-forwarded-proto": "https" });
    expect(laneAnswers).toBe(before);
  });

  it("never answers from an older catalog", async () => {
    await get("/api/products");
    const before = laneAnswers;
    store.services.catalog.invalidate();
    await get("/api/products");
    expect(laneAnswers).toBe(before);
  });

  describe("POST /api/calculate-price (decision 311)", () => {
    const JSON_HEADERS = { "content-type": "application/json" };
    const price = (body: string, headers: Record<string, string> = JSON_HEADERS) =>
      send("POST", "/api/calculate-price", headers, body);
    // A forwarded plain-HTTP request: the same checks and answer, never the lane.
    const full = (body: string, headers: Record<string, string> = JSON_HEADERS) =>
      price(body, { ...headers, "x-forwarded-proto": "http" });
    const GOOD = JSON.stringify({
      productType: "vinyl",
      width: 36.5,
      height: 48.25,
      includeInstallation: true,
    });

    it("answers a good request as the full path does, with the log line", async () => {
      for (const headers of [
        JSON_HEADERS,
        { ...JSON_HEADERS, "sec-fetch-site": "same-origin", origin: url },
      ]) {
        const before = laneAnswers;
        const lines = store.logLines.length;
        const fast = await price(GOOD, headers);
        expect(laneAnswers).toBe(before + 1);
        const slow = await full(GOOD, headers);
        expect(laneAnswers).toBe(before + 1);
        expect(fast.status).toBe(200);
        expect(fast.headers).toEqual(slow.headers);
        expect(fast.body.toString()).toBe(slow.body.toString());
        expect(JSON.parse(fast.body.toString())).toMatchObject({ totalPrice: expect.any(Number) });
        const line = JSON.parse(store.logLines[lines] ?? "{}");
        expect(line).toMatchObject({ msg: "request", method: "POST", status: 200 });
        expect(line.path).toBe("/api/calculate-price");
      }
    });

    it("takes a request only when security.ts's same-origin test passes it (isCrossSite)", async () => {
      const port = new URL(url).port;
      const cases: [Record<string, string>, boolean][] = [
        // request headers, taken by the lane
        [{}, true],
        [{ "sec-fetch-site": "same-origin", origin: url }, true],
        [{ "sec-fetch-site": "none" }, true],
        [{ "sec-fetch-site": "same-site" }, false],
        [{ "sec-fetch-site": "cross-site", origin: url }, false],
        [{ "sec-fetch-site": "same-origin", origin: "http://evil.example" }, false],
        [{ origin: "null" }, false],
        [{ origin: "garbage" }, false],
        [{ origin: `https://127.0.0.1:${port}` }, false],
        [{ host: "shop.example", origin: "http://SHOP.example:80" }, true],
        [{ host: "shop.example", origin: "http://shop.example:8080" }, false],
        [{ host: "evil.example", origin: "http://evil.example" }, true],
      ];
      for (const [headers, taken] of cases) {
        const before = laneAnswers;
        const fast = await price(GOOD, { ...JSON_HEADERS, ...headers });
        const slow = await full(GOOD, { ...JSON_HEADERS, ...headers });
        const label = JSON.stringify(headers);
        expect(laneAnswers - before, label).toBe(taken ? 1 : 0);
        expect(fast.status, label).toBe(slow.status);
        expect(fast.status, label).toBe(taken ? 200 : 403);
      }
    });

    it("gives every refusal the full path's answer", async () => {
      const cases: [string, Record<string, string>, number][] = [
        ["{not json", JSON_HEADERS, 400],
        [GOOD.replace("36.5", "-3"), JSON_HEADERS, 400],
        [GOOD.replace("vinyl", "no-such-blind"), JSON_HEADERS, 400],
        [GOOD.replace("vinyl", "vin\\u0000yl"), JSON_HEADERS, 400],
        [GOOD, { "content-type": "text/plain" }, 415],
        [GOOD, { ...JSON_HEADERS, origin: "http://evil.example" }, 403],
        [GOOD, { ...JSON_HEADERS, "sec-fetch-site": "cross-site" }, 403],
        ["x".repeat(200 * 1024), JSON_HEADERS, 413],
      ];
      for (const [body, headers, status] of cases) {
        const fast = await price(body, headers);
        const slow = await full(body, headers);
        expect(fast.status, `${body.slice(0, 40)} ${JSON.stringify(headers)}`).toBe(status);
        expect(fast.headers).toEqual(slow.headers);
        expect(fast.body.toString()).toBe(slow.body.toString());
      }
    });
  });
  it("prices from the catalog of the moment: a held pricing context follows a change (decision 360)", async () => {
    const TRACK = JSON.stringify({ serviceType: "track-replacement", width: 96.5 });
    const headers = { "content-type": "application/json" };
    const path = "/api/calculate-service-price";
    const before = (await send("POST", path, headers, TRACK)).body.toString();
    await store.services.db
      .updateTable("services")
      .set((eb) => ({ price_cents_per_unit: eb("price_cents_per_unit", "+", 100) }))
      .where("type", "=", "track-replacement")
      .execute();
    store.services.catalog.invalidate();
    const answered = laneAnswers;
    const fast = await send("POST", path, headers, TRACK);
    const full = await send("POST", path, { ...headers, "x-forwarded-proto": "http" }, TRACK);
    expect(laneAnswers).toBe(answered + 1);
    expect(fast.body.toString()).toBe(full.body.toString());
    expect(fast.body.toString()).not.toBe(before);
  });

  describe("the zebra and track price POSTs (decision 342)", () => {
    const JSON_HEADERS = { "content-type": "application/json" };
    const ZEBRA = JSON.stringify({
      productType: "zebra-shades",
      ...ZEBRA_MOTORIZED.configuration,
    });
    const TRACK = JSON.stringify({ serviceType: "track-replacement", width: 96.5 });
    const cases: [string, string, number][] = [
      ["/api/calculate-zebra-shade-price", ZEBRA, 200],
      ["/api/calculate-zebra-shade-price", ZEBRA.replace('"palm"', '"no-such-fabric"'), 400],
      ["/api/calculate-zebra-shade-price", ZEBRA.replace('"tropic"', '"no-such-line"'), 400],
      ["/api/calculate-zebra-shade-price", ZEBRA.replace('"width":36', '"width":-1'), 400],
      ["/api/calculate-zebra-shade-price", "{not json", 400],
      ["/api/calculate-service-price", TRACK, 200],
      ["/api/calculate-service-price", TRACK.replace("96.5", "0"), 400],
      ["/api/calculate-service-price", TRACK.replace("track-replacement", "other"), 400],
    ];

    it("answers as the full path does: the good ones itself, the refused ones handed to Hono", async () => {
      for (const [path, body, status] of cases) {
        const before = laneAnswers;
        const lines = store.logLines.length;
        const fast = await send("POST", path, JSON_HEADERS, body);
        expect(laneAnswers).toBe(before + 1);
        const slow = await send(
          "POST",
          path,
          { ...JSON_HEADERS, "x-forwarded-proto": "http" },
          body,
        );
        expect(fast.status, `${path} ${body.slice(0, 60)}`).toBe(status);
        expect(fast.headers).toEqual(slow.headers);
        expect(fast.body.toString()).toBe(slow.body.toString());
        expect(laneAnswers).toBe(before + 1);
        const line = JSON.parse(store.logLines[lines] ?? "{}");
        expect(line).toMatchObject({ msg: "request", method: "POST", path, status });
      }
    });
  });
});
