/**
 * npm run db:copy's work (server/db/copy-to-postgres.ts): a SQLite store with orders, status
 * history, notes, reviews, messages and emails is copied into an empty PostgreSQL database and
 * then served from it with identical answers; new rows continue after the copied ids.
 * Needs PostgreSQL (TEST_DATABASE_URL); without it there is nothing to copy into.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../server/app";
import { bootstrap } from "../../../server/bootstrap";
import { type Config, loadConfig } from "../../../server/config";
import { copySqliteToPostgres } from "../../../server/db/copy-to-postgres";
import { createLogger } from "../../../server/logger";
import {
  insertTestMessage,
  insertTestOrder,
  insertTestReview,
  loginCookie,
  TEST_ADMIN_PASSWORD,
} from "../../support/admin-fixtures";
import { placeOneOrder, type Send } from "../../support/shopper";
import { request } from "../../support/test-app";
import {
  createTestDatabase,
  postgresSkipReason,
  postgresUrl,
  type TestDatabase,
} from "../../support/test-database";

async function open(config: Config) {
  const { services, close } = await bootstrap(config, createLogger("silent"), {
    mailer: { async send() {}, close() {} },
  });
  await services.admin.ensurePassword();
  const app = createApp({ services });
  const send: Send = (method, path, body, headers) => request({ app }, method, path, body, headers);
  return { services, app, send, close };
}

type Store = Awaited<ReturnType<typeof open>>;

/** What the store answers about everything the copy must carry. */
async function answers(store: Store) {
  const cookie = await loginCookie(store, { "x-forwarded-for": "192.0.2.50" });
  const admin = { cookie };
  const get = async (path: string) => {
    const res = await request(store, "GET", path, undefined, admin);
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const orders = await get("/api/admin/orders");
  const ids = JSON.stringify(orders).match(/"id":\d+/g) ?? [];
  const details = [];
  for (const id of ids) details.push(await get(`/api/admin/orders/${id.slice(5)}`));
  return {
    products: await get("/api/products"),
    services: await get("/api/services"),
    reviews: await get("/api/reviews"),
    adminReviews: await get("/api/admin/reviews"),
    messages: await get("/api/admin/messages"),
    orders,
    details,
  };
}

describe.skipIf(postgresUrl === null)(
  `db:copy from SQLite to PostgreSQL${postgresUrl === null ? ` (skipped: ${postgresSkipReason})` : ""}`,
  () => {
    let sqlite: TestDatabase;
    let postgres: TestDatabase;
    let config: Config;

    beforeAll(async () => {
      sqlite = await createTestDatabase("sqlite");
      postgres = await createTestDatabase("postgres");
      config = {
        ...loadConfig({
          DATA_DIR: sqlite.dataDir,
          ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
          TRUST_PROXY: "true",
        }),
        database: sqlite.config,
      };
    });
    afterAll(async () => {
      await postgres?.drop();
      await sqlite?.drop();
    });

    it("copies every table, serves identical answers from PostgreSQL, and continues the ids", async () => {
      const source = await open(config);
      for (let n = 0; n < 5; n++) {
        const placed = await placeOneOrder(source.send, n, { "x-forwarded-for": `10.20.0.${n}` });
        expect(placed.answer.status).toBe(201);
      }
      await insertTestOrder(source.services.db, { status: "confirmed" });
      await insertTestReview(source.services.db, { status: "approved" });
      await insertTestReview(source.services.db, { status: "pending" });
      await insertTestMessage(source.services.db);
      const cookie = await loginCookie(source, { "x-forwarded-for": "192.0.2.50" });
      const note = await request(
        source,
        "POST",
        "/api/admin/orders/1/notes",
        { body: "Measured on site" },
        { cookie },
      );
      expect(note.status).toBeLessThan(300);
      // A staff account with a temporary password, and the audit entries all of this made.
      const added = await request(
        source,
        "POST",
        "/api/admin/staff",
        { name: "Luis", email: "luis@example.com", role: "installer", password: "temporary-77" },
        { cookie },
      );
      expect(added.status).toBe(201);
      const before = await answers(source);
      const maxOrderId = await source.services.db
        .selectFrom("orders")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirstOrThrow();
      await source.close();

      if (postgres.config.dialect !== "postgres" || sqlite.config.dialect !== "sqlite") {
        throw new Error("unexpected dialects");
      }
      const report = await copySqliteToPostgres({
        sqliteFile: sqlite.config.filename,
        postgresUrl: postgres.config.connectionString,
      });
      expect(report.ok).toBe(true);
      expect(report.source.orders).toBe(6);
      expect(report.target).toEqual(report.source);
      for (const table of [
        "orders",
        "order_items",
        "order_status_history",
        "order_notes",
        "staff",
        "admin_sessions",
        "audit_log",
        "back_office_settings",
      ]) {
        const row = report.tables.find((t) => t.table === table);
        expect(row?.source, table).toBeGreaterThan(0);
        expect(row?.target, table).toBe(row?.source);
      }

      const target = await open({ ...config, database: postgres.config });
      try {
        expect(await answers(target)).toEqual(before);
        // The accounts came along: the new person logs in with the temporary password.
        const luis = await request(
          target,
          "POST",
          "/api/admin/login",
          { email: "luis@example.com", password: "temporary-77" },
          { "x-forwarded-for": "10.20.1.2" },
        );
        expect(luis.status).toBe(200);
        // Identity sequences continue after the copied ids.
        const placed = await placeOneOrder(target.send, 99, { "x-forwarded-for": "10.20.1.1" });
        expect(placed.answer.status).toBe(201);
        const newest = await target.services.db
          .selectFrom("orders")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow();
        expect(Number(newest.id)).toBe(Number(maxOrderId.id) + 1);
      } finally {
        await target.close();
      }

      // A second copy into a database that now holds a store is refused.
      await expect(
        copySqliteToPostgres({
          sqliteFile: sqlite.config.filename,
          postgresUrl: postgres.config.connectionString,
        }),
      ).rejects.toThrow(/not empty/);
      expect(fs.existsSync(sqlite.config.filename)).toBe(true);
    }, 120_000);
  },
);
