/**
 * Decision 540 (roles, health, metrics): /livez (no dependency), /healthz (unchanged),
 * /readyz (database, migrations, drain) and /metrics (Prometheus text, parsed by a strict
 * parser; loopback or METRICS_TOKEN only), on both databases. The loopback tests use a real
 * HTTP server on 127.0.0.1; a remote peer is the socket address the Node adapter hands Hono.
 */
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../../server/app";
import { type MetricFamily, parsePrometheusText } from "../../support/prometheus-text";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const TOKEN = "metrics-token-for-the-test-0123456789";

/** app.request() as if from `address` (what getConnInfo reads of the Node adapter's bindings). */
function fromPeer(app: TestStore["app"], path: string, address: string, headers = {}) {
  return app.request(path, { headers }, { incoming: { socket: { remoteAddress: address } } });
}

describeEachDialect("health and metrics on %s", (dialect) => {
  let store: TestStore;
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    server = serve({ fetch: store.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await store?.close();
  });

  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/metrics`, { headers });
    return { res, text: await res.text() };
  };
  const parsed = async () => {
    const { res, text } = await scrape();
    expect(res.status).toBe(200);
    return parsePrometheusText(text);
  };
  const family = (families: Map<string, MetricFamily>, name: string) => {
    const f = families.get(name);
    if (!f) throw new Error(`no metric family ${name}`);
    return f;
  };

  it("answers /readyz 503 while a migration this release knows has not run", async () => {
    const row = await store.services.db
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .where("name" as never, "=", "0022-close-out-balance" as never)
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = '0022-close-out-balance'`.execute(
      store.services.db,
    );
    try {
      const res = await request(store, "GET", "/readyz");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: "unavailable",
        reason: "migrations",
        pending: ["0022-close-out-balance"],
      });
    } finally {
      await store.services.db
        .insertInto("kysely_migration" as never)
        .values(row as never)
        .execute();
    }
    const res = await request(store, "GET", "/readyz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ready" });
  });

  it("answers /livez 200 whatever the database does, /healthz and /readyz 503 without it", async () => {
    const ping = store.services.database.ping;
    store.services.database.ping = async () => {
      throw new Error("connection refused");
    };
    try {
      const live = await request(store, "GET", "/livez");
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: "ok" });
      const health = await request(store, "GET", "/healthz");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "unavailable" });
      const ready = await request(store, "GET", "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: "unavailable", reason: "database" });
    } finally {
      store.services.database.ping = ping;
    }
    expect((await request(store, "GET", "/healthz")).body).toEqual({ status: "ok" });
    expect((await request(store, "GET", "/readyz")).status).toBe(200);
  });

  it("scrapes from loopback: well-formed text with HELP and TYPE for every family", async () => {
    const { res, text } = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const families = parsePrometheusText(text);
    for (const [name, type] of [
      ["store_http_requests_total", "counter"],
      ["store_http_request_duration_seconds", "histogram"],
      ["store_job_runs_total", "counter"],
      ["store_job_failures_total", "counter"],
      ["store_email_outbox_depth", "gauge"],
      ["store_email_outbox_oldest_age_seconds", "gauge"],
      ["store_text_outbox_depth", "gauge"],
      ["store_text_outbox_oldest_age_seconds", "gauge"],
      ["process_resident_memory_bytes", "gauge"],
      ["nodejs_heap_size_used_bytes", "gauge"],
    ] as const) {
      const f = family(families, name);
      expect(f.type, name).toBe(type);
      expect(f.help, name).toMatch(/\S/);
    }
    expect(family(families, "process_resident_memory_bytes").samples[0]?.value).toBeGreaterThan(
      1_000_000,
    );
    // The pool's use where there is a pool (PostgreSQL); SQLite has one connection.
    if (dialect === "postgres") {
      const pool = family(families, "store_db_pool_connections");
      expect(pool.type).toBe("gauge");
      const max = pool.samples.find((s) => s.labels.state === "max");
      expect(max?.value).toBe(10);
      const total = pool.samples.find((s) => s.labels.state === "total")?.value ?? -1;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(10);
    } else {
      expect(families.has("store_db_pool_connections")).toBe(false);
    }
  });

  it("counts requests by route pattern and status, never by raw path", async () => {
    await request(store, "GET", "/api/products");
    await request(store, "GET", "/api/products");
    const missing = await request(store, "GET", "/api/bookings/NO-SUCH-BOOKING-1");
    expect(missing.status).toBe(404);
    await request(store, "GET", "/api/no-such-thing/12345");
    const families = await parsed();
    const requests = family(families, "store_http_requests_total").samples;
    const count = (route: string, status: string) =>
      requests.find(
        (s) => s.labels.route === route && s.labels.status === status && s.labels.method === "GET",
      )?.value;
    expect(count("/api/products", "200")).toBe(2);
    expect(count("/api/bookings/:reference", "404")).toBe(1);
    expect(count("/api/*", "404")).toBe(1);
    for (const s of requests) {
      expect(s.labels.route).not.toMatch(/NO-SUCH|12345|no-such-thing/);
    }
    const histogram = family(families, "store_http_request_duration_seconds").samples;
    const productsCount = histogram.find(
      (s) =>
        s.name === "store_http_request_duration_seconds_count" &&
        s.labels.route === "/api/products" &&
        s.labels.status === "200",
    );
    expect(productsCount?.value).toBe(2);
  });

  it("reports the outboxes' depth and oldest age, read from the database on each scrape", async () => {
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const before = await parsed();
    const depthOf = (families: Map<string, MetricFamily>, name: string) =>
      family(families, name).samples[0]?.value ?? Number.NaN;
    const emailsBefore = depthOf(before, "store_email_outbox_depth");
    await store.services.db
      .insertInto("email_outbox")
      .values({
        kind: "metrics_test",
        to_address: "someone@example.com",
        subject: "Waiting",
        text_body: "waiting",
        html_body: "<p>waiting</p>",
        related_type: null,
        related_id: null,
        attempts: 0,
        last_error: null,
        // Not due for an hour: it stays queued while the test reads it.
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        sent_at: null,
        created_at: minuteAgo,
      })
      .execute();
    await store.services.db
      .insertInto("text_outbox")
      .values({
        kind: "reminder",
        to_phone: "+12395550142",
        body: "waiting",
        related_type: null,
        related_id: null,
        status: "pending",
        attempts: 0,
        claimed_by: null,
        claimed_until: null,
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        last_error: null,
        created_at: minuteAgo,
        sent_at: null,
      })
      .execute();
    const after = await parsed();
    expect(depthOf(after, "store_email_outbox_depth")).toBe(emailsBefore + 1);
    expect(depthOf(after, "store_text_outbox_depth")).toBeGreaterThanOrEqual(1);
    expect(depthOf(after, "store_email_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(59);
    expect(depthOf(after, "store_text_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(59);
    await store.services.db.deleteFrom("email_outbox").where("kind", "=", "metrics_test").execute();
    await store.services.db.deleteFrom("text_outbox").where("body", "=", "waiting").execute();
  });

  it("counts job runs and failures", async () => {
    await store.services.emails.flush();
    const job = {
      name: "metrics-test-failing-job",
      everyMs: 60_000,
      run: async (): Promise<undefined> => {
        throw new Error("the job broke");
      },
    };
    await expect(store.services.scheduler.runIfDue(job)).rejects.toThrow("the job broke");
    const families = await parsed();
    const runs = family(families, "store_job_runs_total").samples;
    const failures = family(families, "store_job_failures_total").samples;
    const of = (samples: typeof runs, job: string) =>
      samples.find((s) => s.labels.job === job)?.value ?? 0;
    expect(of(runs, "email-outbox")).toBeGreaterThanOrEqual(1);
    expect(of(failures, "email-outbox")).toBe(0);
    expect(of(runs, "metrics-test-failing-job")).toBe(1);
    expect(of(failures, "metrics-test-failing-job")).toBe(1);
  });

  it("keeps /metrics from anyone but loopback without METRICS_TOKEN (404)", async () => {
    // Through a proxy on the same machine: loopback socket, but forwarded.
    const forwarded = await scrape({ "X-Forwarded-For": "203.0.113.9" });
    expect(forwarded.res.status).toBe(404);
    expect(forwarded.text).not.toContain("store_http_requests_total");
    const remote = await fromPeer(store.app, "/metrics", "198.51.100.7");
    expect(remote.status).toBe(404);
    // IPv4-mapped loopback is loopback.
    expect((await fromPeer(store.app, "/metrics", "::ffff:127.0.0.1")).status).toBe(200);
    expect((await fromPeer(store.app, "/metrics", "::1")).status).toBe(200);
  });

  it("opens /metrics beyond loopback with Authorization: Bearer METRICS_TOKEN only", async () => {
    const services = {
      ...store.services,
      config: { ...store.services.config, metricsToken: TOKEN },
    };
    const app = createApp({ services });
    const peer = "198.51.100.7";
    const none = await fromPeer(app, "/metrics", peer);
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe("unauthorized");
    expect(
      (await fromPeer(app, "/metrics", peer, { Authorization: `Bearer ${TOKEN}x` })).status,
    ).toBe(401);
    expect((await fromPeer(app, "/metrics", peer, { Authorization: TOKEN })).status).toBe(401);
    const ok = await fromPeer(app, "/metrics", peer, { Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(parsePrometheusText(await ok.text()).has("store_http_requests_total")).toBe(true);
    // Forwarded through a proxy: the token opens it too.
    const viaProxy = await fromPeer(app, "/metrics", "127.0.0.1", {
      "X-Forwarded-For": "203.0.113.9",
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(viaProxy.status).toBe(200);
  });

  it("answers /readyz 503 from the drain's start while /livez and the API still answer", async () => {
    store.services.readiness.startDrain();
    const ready = await request(store, "GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: "draining", reason: "draining" });
    expect((await request(store, "GET", "/livez")).status).toBe(200);
    expect((await request(store, "GET", "/api/products")).status).toBe(200);
  });
});

describeEachDialect("a worker process's HTTP on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { ROLE: "worker" });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("serves /livez, /healthz, /readyz and /metrics, and 404 for everything else", async () => {
    for (const path of ["/livez", "/healthz", "/readyz"]) {
      expect((await request(store, "GET", path)).status, path).toBe(200);
    }
    expect((await fromPeer(store.app, "/metrics", "127.0.0.1")).status).toBe(200);
    for (const [method, path] of [
      ["GET", "/api/products"],
      ["GET", "/"],
      ["POST", "/api/cart"],
      ["GET", "/admin"],
    ] as const) {
      const res = await request(store, method, path, method === "POST" ? {} : undefined, {
        Origin: store.config.publicUrl,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });
});
