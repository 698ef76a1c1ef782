/**
 * Security battery: every state-changing /api route (enumerated from the app) refuses
 * cross-site requests with 403 and never answers with a CORS wildcard; reviews, contact, orders
 * and admin login answer 429 with Retry-After past their limits, and X-Forwarded-For decides
 * the client's address only when TRUST_PROXY is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiRoute,
  fillParams,
  routeKey,
  SAMPLE_BODIES,
  stateChangingApiRoutes,
} from "../../support/api-routes";
import { placeOneOrder, type Send, type WireAnswer } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const FOREIGN: readonly Record<string, string>[] = [
  { origin: "https://evil.example" },
  { origin: "null" },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { origin: "http://127.0.0.1.evil.example", "sec-fetch-site": "cross-site" },
];

function sendTo(store: TestStore): Send {
  return (method, path, body, headers) => request(store, method, path, body, headers);
}

describeEachDialect("cross-site battery on %s", (dialect) => {
  let store: TestStore;
  let routes: ApiRoute[];
  beforeAll(async () => {
    store = await createTestStore(dialect);
    routes = stateChangingApiRoutes(store.app);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("refuses every state-changing /api route from another site with 403", async () => {
    const targets = [...routes, { method: "POST", path: "/api/no-such-endpoint" }];
    const wrong: string[] = [];
    for (const route of targets) {
      const path = fillParams(route.path, "1");
      const body = JSON.stringify(SAMPLE_BODIES[routeKey(route)] ?? {});
      for (const headers of FOREIGN) {
        const res = await store.app.request(`http://shop.example${path}`, {
          method: route.method,
          headers: { host: "shop.example", "content-type": "application/json", ...headers },
          body: route.method === "DELETE" ? undefined : body,
        });
        const text = await res.text();
        if (res.status !== 403 || !text.includes('"forbidden"')) {
          wrong.push(`${routeKey(route)} ${JSON.stringify(headers)} → ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets the store's own pages through (same Origin, Sec-Fetch-Site same-origin)", async () => {
    const res = await store.app.request("http://shop.example/api/no-such-endpoint", {
      method: "POST",
      headers: {
        host: "shop.example",
        origin: "http://shop.example",
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(res.status).toBe(404);
  });

  it("never answers with a CORS wildcard or credentials for a foreign origin", async () => {
    const paths = ["/api/products", "/api/services", "/api/cart", "/api/reviews", "/healthz"];
    const offenders: string[] = [];
    for (const path of paths) {
      for (const method of ["GET", "OPTIONS"]) {
        const res = await store.app.request(path, {
          method,
          headers: {
            origin: "https://evil.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type, x-session-id",
          },
        });
        await res.text();
        const allow = res.headers.get("access-control-allow-origin");
        if (allow === "*" || allow === "https://evil.example") {
          offenders.push(`${method} ${path}: Access-Control-Allow-Origin ${allow}`);
        }
        if (res.headers.get("access-control-allow-credentials")) {
          offenders.push(`${method} ${path}: Access-Control-Allow-Credentials`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

/** A request that counts against an endpoint's limit; `n` makes each one distinct. */
type Attempt = (send: Send, n: number, headers: Record<string, string>) => Promise<WireAnswer>;

const LIMITED: { name: string; route: ApiRoute; maxAttempts: number; attempt: Attempt }[] = [
  {
    name: "reviews",
    route: { method: "POST", path: "/api/reviews" },
    maxAttempts: 30,
    attempt: async (send, n, headers) => {
      const body = {
        ...SAMPLE_BODIES["POST /api/reviews"],
        customerEmail: `rate${n}@example.org`,
      };
      return send("POST", "/api/reviews", body, headers);
    },
  },
  {
    name: "contact",
    route: { method: "POST", path: "/api/contact" },
    maxAttempts: 30,
    attempt: async (send, n, headers) => {
      const body = { ...SAMPLE_BODIES["POST /api/contact"], email: `rate${n}@example.org` };
      return send("POST", "/api/contact", body, headers);
    },
  },
  {
    name: "admin login",
    route: { method: "POST", path: "/api/admin/login" },
    maxAttempts: 30,
    attempt: (send, n, headers) =>
      send(
        "POST",
        "/api/admin/login",
        // A different account each time: failed logins also count per account,
        // and this battery is about the address's count.
        { email: `guess-${n}@example.com`, password: `wrong-password-${n}` },
        headers,
      ),
  },
  {
    name: "orders",
    route: { method: "POST", path: "/api/orders" },
    maxAttempts: 150,
    attempt: async (send, n, headers) =>
      (await placeOneOrder(send, n, headers, { tag: "ratelimit" })).answer,
  },
];

describeEachDialect("rate-limit battery on %s", (dialect) => {
  for (const limited of LIMITED) {
    describe(limited.name, () => {
      let plain: TestStore;
      let proxied: TestStore;
      beforeAll(async () => {
        plain = await createTestStore(dialect);
        proxied = await createTestStore(dialect, { TRUST_PROXY: "true" });
      });

      it(`${routeKey(limited.route)} is registered (a renamed route fails, never skips)`, () => {
        const keys = stateChangingApiRoutes(plain.app).map(routeKey);
        expect(keys).toContain(routeKey(limited.route));
      });
      afterAll(async () => {
        await plain?.close();
        await proxied?.close();
      });

      /** Attempts until 429; returns the 429 answer and how many attempts passed before it. */
      async function exhaust(store: TestStore, headersFor: (n: number) => Record<string, string>) {
        const send = sendTo(store);
        for (let n = 1; n <= limited.maxAttempts; n++) {
          const answer = await limited.attempt(send, n, headersFor(n));
          expect(answer.status, `attempt ${n}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
          if (answer.status === 429) return { passed: n - 1, answer };
          expect(answer.status, `attempt ${n}: ${JSON.stringify(answer.body)}`).toBeLessThan(
            limited.name === "admin login" ? 402 : 300,
          );
        }
        throw new Error(`no 429 within ${limited.maxAttempts} attempts`);
      }

      it("answers 429 with Retry-After past the limit, whatever X-Forwarded-For says (no TRUST_PROXY)", async () => {
        // Without TRUST_PROXY a client cannot pose as many clients by rotating the header.
        const { passed, answer } = await exhaust(plain, (n) => ({
          "x-forwarded-for": `198.51.100.${n}`,
        }));
        expect(passed).toBeGreaterThan(0);
        expect((answer.body as { error: { code: string } }).error.code).toBe("rate_limited");
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }, 120_000);

      it("counts per forwarded address when TRUST_PROXY is set: the proxy's entry, not the client's", async () => {
        await exhaust(proxied, () => ({ "x-forwarded-for": "203.0.113.7" }));
        // The proxy appends the address it saw (right-most); what the client wrote before it
        // (left) picks no bucket: the limited client cannot escape by prepending an address …
        const prepended = await limited.attempt(sendTo(proxied), 9_998, {
          "x-forwarded-for": "198.51.100.99, 203.0.113.7",
        });
        expect(prepended.status).toBe(429);
        // … nor lock out another address by naming it (the owner's, say) …
        const framed = await limited.attempt(sendTo(proxied), 9_999, {
          "x-forwarded-for": "203.0.113.7, 203.0.113.8",
        });
        expect(framed.status).not.toBe(429);
        expect(framed.status).toBeLessThan(500);
        // … and another spelling of the limited address is the same client.
        const mapped = await limited.attempt(sendTo(proxied), 10_000, {
          "x-forwarded-for": "[::ffff:203.0.113.7]:61000",
        });
        expect(mapped.status).toBe(429);
      }, 120_000);
    });
  }
});
