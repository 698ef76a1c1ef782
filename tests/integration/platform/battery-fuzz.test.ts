/**
 * Reliability battery, fuzz: at least 300 generated bad requests for every state-changing /api
 * endpoint the app registers (enumerated from the Hono app, so a new endpoint is covered the day
 * it lands). No answer may be ≥ 500, no body may carry a stack trace or engine detail, every
 * 4xx has the error shape, and Object.prototype is unpolluted afterwards.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type ApiRoute,
  fillParams,
  GENERIC_SAMPLE,
  PROMISED_ROUTES,
  routeKey,
  SAMPLE_BODIES,
  stateChangingApiRoutes,
} from "../../support/api-routes";
import { BAD_PATH_PARAMS, type FuzzCase, fuzzCases, LEAK_PATTERN } from "../../support/fuzz";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { createTestStore, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const CASES_PER_ENDPOINT = 300;
const TRUST_PROXY = { TRUST_PROXY: "true" };

// The route table does not depend on the database: read it once from a throwaway store.
const probe = await createTestStore("sqlite");
const registered = stateChangingApiRoutes(probe.app);
await probe.close();
const registeredKeys = new Set(registered.map(routeKey));
const endpoints: ApiRoute[] = [
  ...registered,
  ...PROMISED_ROUTES.filter((r) => !registeredKeys.has(routeKey(r))),
];

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

function assertPrototypeClean() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  const probeObject: Record<string, unknown> = {};
  expect(probeObject.polluted).toBeUndefined();
  expect(probeObject.isAdmin).toBeUndefined();
}

describeEachDialect("fuzz battery on %s", (dialect) => {
  let store: TestStore;
  let address = 0;
  let adminCookie: string | undefined;
  let sessionId: string | undefined;
  let itemId = "1";

  const nextAddress = () => {
    address++;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  beforeAll(async () => {
    store = await createTestStore(dialect, TRUST_PROXY);
    // A real admin session and a real cart item, so the fuzz reaches past 401 and 404. Either
    // failing (a renamed login or cart route included) stops the battery here.
    const login = await store.app.request("/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
      body: JSON.stringify({
        email: store.config.adminEmail,
        password: store.config.adminPassword,
      }),
    });
    expect(login.status, "admin login for the fuzz").toBe(200);
    adminCookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(adminCookie, "admin session cookie").toContain("=");
    const res = await store.app.request("/api/cart", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.2" },
      body: JSON.stringify(SAMPLE_ITEM),
    });
    expect(res.status, "sample item added for the fuzz").toBe(201);
    const cart = (await res.json()) as { sessionId: string; items: { id: number }[] };
    sessionId = cart.sessionId;
    expect(cart.items).toHaveLength(1);
    itemId = String(cart.items[0]?.id);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function send(route: ApiRoute, path: string, fuzz: FuzzCase) {
    // Login runs scrypt for every attempt that is not refused: a pool of ten addresses hits the
    // failed-login limit after ~100 attempts and keeps the test bounded in time.
    const from = path === "/api/admin/login" ? `10.255.0.${address++ % 10}` : nextAddress();
    const headers: Record<string, string> = { "x-forwarded-for": from };
    if (fuzz.contentType !== undefined) headers["content-type"] = fuzz.contentType;
    if (sessionId) headers["x-session-id"] = sessionId;
    // Authenticated, so admin handlers see the input instead of stopping at 401. Logout is
    // fuzzed without the session so that it does not end it for the others.
    if (adminCookie && path.startsWith("/api/admin/") && !path.endsWith("/logout")) {
      headers.cookie = adminCookie;
    }
    const res = await store.app.request(path, {
      method: route.method,
      headers,
      body: fuzz.body,
    });
    return { status: res.status, text: await res.text() };
  }

  function problemsOf(
    label: string,
    answer: { status: number; text: string },
    problems: string[],
  ): void {
    if (answer.status >= 500) {
      problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    if (LEAK_PATTERN.test(answer.text)) {
      problems.push(`${label}: leaks internals: ${answer.text.slice(0, 300)}`);
    }
    if (answer.status >= 400) {
      let shape = false;
      try {
        const body = JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown } };
        shape = typeof body.error?.code === "string" && typeof body.error?.message === "string";
      } catch {
        shape = false;
      }
      if (!shape) problems.push(`${label}: ${answer.status} without the error shape`);
    }
  }

  it.for(endpoints.map((r) => [routeKey(r), r] as const))(
    "%s: 300+ bad requests, no 5xx, no leaks",
    { timeout: 120_000 },
    async ([key, route]) => {
      // A promised endpoint that is renamed or missing fails here instead of being skipped.
      expect(registeredKeys.has(key), `${key} is registered`).toBe(true);
      const logStart = store.logLines.length;
      const sample = SAMPLE_BODIES[key] ?? GENERIC_SAMPLE;
      const seed = [...key].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
      const cases = fuzzCases(sample, CASES_PER_ENDPOINT, seed);
      const problems: string[] = [];
      const path = fillParams(route.path, itemId);
      let sent = 0;
      for (const fuzz of cases) {
        const answer = await send(route, path, fuzz);
        problemsOf(`${fuzz.label} → ${path}`, answer, problems);
        sent++;
      }
      if (route.path.includes(":")) {
        const body = JSON.stringify(sample);
        for (const param of BAD_PATH_PARAMS) {
          const bad = fillParams(route.path, param);
          const answer = await send(route, bad, {
            label: "bad path parameter",
            body: route.method === "DELETE" ? undefined : body,
            contentType: "application/json",
          });
          problemsOf(
            `bad path parameter ${param.slice(0, 20)} → ${route.method}`,
            answer,
            problems,
          );
          sent++;
        }
      }
      expect(sent).toBeGreaterThanOrEqual(CASES_PER_ENDPOINT);
      expect(problems).toEqual([]);
      const unhandled = store.logLines
        .slice(logStart)
        .filter((l) => l.includes('"unhandled error"'));
      expect(unhandled).toEqual([]);
      assertPrototypeClean();
    },
  );

  it("an unrouted POST under /api takes the same abuse without a 5xx", async () => {
    const problems: string[] = [];
    const route = { method: "POST", path: "/api/no-such-endpoint" };
    for (const fuzz of fuzzCases(GENERIC_SAMPLE, CASES_PER_ENDPOINT, 99)) {
      problemsOf(fuzz.label, await send(route, route.path, fuzz), problems);
    }
    expect(problems).toEqual([]);
    assertPrototypeClean();
  }, 120_000);

  it("registers every endpoint spec §7 promises, so each is fuzzed", () => {
    const missing = PROMISED_ROUTES.filter((r) => !registeredKeys.has(routeKey(r))).map(routeKey);
    expect(missing, "promised endpoints missing from the app").toEqual([]);
    expect(endpoints.length).toBeGreaterThanOrEqual(PROMISED_ROUTES.length);
  });
});
