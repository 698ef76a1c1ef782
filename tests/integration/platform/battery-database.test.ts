/**
 * Database trouble (PostgreSQL): when the database drops the store's connections
 * (pg_terminate_backend, as a restart or failover does), requests answer 503 with a message a
 * person can act on, never a 500, and the store recovers by itself, without a restart.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { postgresSkipReason, postgresUrl } from "../../support/test-database";

const adminUrl = postgresUrl;

/** Answers that must read from the database (the catalog is re-read after invalidate()). */
async function databaseBackedAnswers(store: TestStore) {
  store.services.catalog.invalidate();
  const routes = store.app.routes;
  const answers = [
    await request(store, "GET", "/api/products"),
    await request(store, "GET", "/healthz"),
  ];
  // Endpoints that read the database on every call: a renamed one fails here, never drops out.
  // GET /api/cart reads the database only for a cart it is asked about (reading never creates
  // one): name a well-formed id.
  const headers: Record<string, Record<string, string>> = {
    "/api/cart": { "x-session-id": "A".repeat(43) },
  };
  for (const path of ["/api/reviews", "/api/cart"]) {
    expect(
      routes.some((r) => r.method === "GET" && r.path === path),
      `GET ${path} is registered`,
    ).toBe(true);
    answers.push(await request(store, "GET", path, undefined, headers[path] ?? {}));
  }
  return answers;
}

describe.skipIf(!adminUrl)(
  `database trouble on postgres${adminUrl ? "" : ` (skipped: ${postgresSkipReason})`}`,
  () => {
    let store: TestStore;
    let admin: pg.Client;
    let databaseName: string;

    async function terminateStoreConnections(): Promise<number> {
      const result = await admin.query(
        "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [databaseName],
      );
      return result.rowCount ?? 0;
    }

    async function allowConnections(allow: boolean) {
      await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS ${allow}`);
    }

    /** Bounded wait until the store answers from the database again. */
    async function recovered(): Promise<boolean> {
      for (let i = 0; i < 100; i++) {
        store.services.catalog.invalidate();
        const res = await request(store, "GET", "/api/products");
        if (res.status === 200) return true;
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    }

    beforeAll(async () => {
      store = await createTestStore("postgres");
      const { database } = store.config;
      if (database.dialect !== "postgres") throw new Error("expected a PostgreSQL store");
      databaseName = new URL(database.connectionString).pathname.slice(1);
      admin = new pg.Client({ connectionString: adminUrl ?? undefined });
      await admin.connect();
    });
    afterAll(async () => {
      if (admin) {
        await allowConnections(true).catch(() => {});
        await admin.end();
      }
      await store?.close();
    });

    it("answers 503 with a clear message while the database refuses, then recovers by itself", async () => {
      // Open several pooled connections so there is something to terminate.
      await Promise.all(Array.from({ length: 5 }, () => request(store, "GET", "/healthz")));
      await allowConnections(false);
      try {
        expect(await terminateStoreConnections()).toBeGreaterThan(0);
        const answers = await databaseBackedAnswers(store);
        const unhandled = store.logLines.filter((l) => l.includes('"unhandled error"'));
        expect(unhandled.map((l) => l.slice(0, 300))).toEqual([]);
        for (const answer of answers) {
          expect(answer.status).toBe(503);
        }
        const api = answers[0]!;
        expect(api.body.error.code).toBe("unavailable");
        expect(api.body.error.message).toContain(store.services.business.phone);
        expect(api.body.error.message).not.toMatch(/\bat |terminat|ECONN|57P01|55000/);
        expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
      } finally {
        await allowConnections(true);
      }
      expect(await recovered()).toBe(true);
      for (const answer of await databaseBackedAnswers(store)) expect(answer.status).toBe(200);
    });

    it("logs an outage once when it starts and once when it ends, with the requests refused", async () => {
      // The outage of the test before ends first (its probe runs once a second).
      const count = (msg: string) =>
        store.logLines.filter((l) => l.includes(`"msg":"${msg}"`)).length;
      for (
        let i = 0;
        i < 50 && count("database unavailable") > count("database available again");
        i++
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await Promise.all(Array.from({ length: 5 }, () => request(store, "GET", "/healthz")));
      const before = store.logLines.length;
      await allowConnections(false);
      let refused = 0;
      try {
        await terminateStoreConnections();
        for (let i = 0; i < 12; i++) {
          store.services.catalog.invalidate();
          const res = await request(store, "GET", i % 2 ? "/api/reviews" : "/api/products");
          expect(res.status).toBe(503);
          refused++;
        }
      } finally {
        await allowConnections(true);
      }
      expect(await recovered()).toBe(true);
      const outageLines = () =>
        store.logLines
          .slice(before)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((l) => l.level !== "info" || l.msg !== "request");
      // The probe notices the end within a second or two.
      for (
        let i = 0;
        i < 50 && !outageLines().some((l) => l.msg === "database available again");
        i++
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const lines = outageLines();
      expect(lines.map((l) => l.msg)).toEqual(["database unavailable", "database available again"]);
      // recovered() may have been refused a few times before the pool reconnected.
      expect(lines[1]?.refused).toBeGreaterThanOrEqual(refused);
    });

    it("survives terminated connections under load: only 200 or 503, then all 200", async () => {
      await Promise.all(Array.from({ length: 8 }, () => request(store, "GET", "/healthz")));
      const load = Array.from({ length: 40 }, async (_, i) => {
        if (i % 2 === 0) store.services.catalog.invalidate();
        return (await request(store, "GET", i % 2 ? "/healthz" : "/api/products")).status;
      });
      await terminateStoreConnections();
      const statuses = await Promise.all(load);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(await recovered()).toBe(true);
      const after = await Promise.all(
        Array.from({ length: 10 }, () => request(store, "GET", "/healthz")),
      );
      expect(after.map((a) => a.status)).toEqual(Array(10).fill(200));
    });
  },
);
