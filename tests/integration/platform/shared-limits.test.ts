/**
 * With real processes: two store processes on one database (SQLite
 * file; PostgreSQL when TEST_DATABASE_URL is set), as WORKERS=2 or two machines run. The hourly
 * limits of sample requests, estimate requests, reviews, contact messages and new carts are
 * counted in the database: requests alternating between the two processes get the limit once,
 * not once per process (before: 10 of 20 sample requests accepted with a limit of 5).
 */
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { seedCatalog } from "../../../server/db/seed";
import { CONTACT_MESSAGES_PER_HOUR } from "../../../server/services/requests/contact";
import { ESTIMATE_REQUESTS_PER_HOUR } from "../../../server/services/requests/estimates";
import { SAMPLE_REQUESTS_PER_HOUR } from "../../../server/services/requests/samples";
import { NEW_CARTS_PER_HOUR } from "../../../server/services/storefront/cart";
import { REVIEW_SUBMISSIONS_PER_HOUR } from "../../../server/services/storefront/reviews";
import { SAMPLE_BODIES } from "../../support/api-routes";
import { VINYL_INSTALLED as VINYL } from "../../support/sample-items";
import { httpSend, type Send } from "../../support/shopper";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../support/test-database";

const PORTS = { sqlite: [3371, 3372], postgres: [3373, 3374] } as const;

const SAMPLES = {
  name: "Dana Reyes",
  email: "dana@example.com",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zipCode: "33904",
  items: [{ productType: "vinyl", color: "white" }],
};

const ESTIMATE = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "(239) 555-0100",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zipCode: "33904",
  windowCount: 6,
  productTypes: ["standard-shutters"],
  preferredWindow: "saturday",
  message: "Two sliders and four bedroom windows.",
};

describeEachDialect("limits shared by two store processes on one %s database", (dialect) => {
  let database: TestDatabase;
  let servers: SpawnedServer[] = [];
  let sends: Send[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Migrated once before the processes start, as a deployment does.
    const handle = openDatabase(database.config);
    await migrateToLatest(handle.db);
    await seedCatalog(handle.db);
    await handle.close();
    const started = await Promise.allSettled(
      PORTS[dialect].map((port) =>
        spawnServer({
          script: "tests/support/api-server.ts",
          port,
          timeoutMs: 120_000,
          env: {
            DATA_DIR: path.join(database.dataDir, `machine-${port}`),
            DATABASE_URL:
              database.config.dialect === "postgres"
                ? database.config.connectionString
                : database.config.filename,
            ADMIN_PASSWORD: "shared-limits-password",
            TRUST_PROXY: "true",
            LOG_LEVEL: "warn",
          },
        }),
      ),
    );
    servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    sends = servers.map((s) => httpSend(s.url));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill("SIGTERM")));
    await database?.drop();
  });

  /** `attempts` requests alternating between the processes; the statuses in order. */
  async function alternate(
    attempts: number,
    path: string,
    body: (n: number) => unknown,
    address: string,
  ): Promise<number[]> {
    const statuses: number[] = [];
    for (let n = 0; n < attempts; n++) {
      const send = sends[n % sends.length] as Send;
      const res = await send("POST", path, body(n), { "x-forwarded-for": address });
      statuses.push(res.status);
    }
    return statuses;
  }

  const accepted = (statuses: number[]) => statuses.filter((s) => s >= 200 && s < 300).length;

  it.each([
    // Each a different request: the same one again within a minute is counted once (251).
    [
      "/api/samples",
      SAMPLE_REQUESTS_PER_HOUR,
      (n: number) => ({ ...SAMPLES, email: `s${n}@example.org` }),
      "10.195.0.1",
    ],
    [
      "/api/estimates",
      ESTIMATE_REQUESTS_PER_HOUR,
      (n: number) => ({ ...ESTIMATE, email: `e${n}@example.org` }),
      "10.195.0.2",
    ],
    [
      "/api/reviews",
      REVIEW_SUBMISSIONS_PER_HOUR,
      (n: number) => ({
        ...SAMPLE_BODIES["POST /api/reviews"],
        customerEmail: `r${n}@example.org`,
      }),
      "10.195.0.3",
    ],
    [
      "/api/contact",
      CONTACT_MESSAGES_PER_HOUR,
      (n: number) => ({ ...SAMPLE_BODIES["POST /api/contact"], email: `c${n}@example.org` }),
      "10.195.0.4",
    ],
  ] as const)(
    "%s: %i per address an hour across both processes",
    async (path, limit, body, address) => {
      const statuses = await alternate(limit * 4, path, body, address);
      expect(accepted(statuses), statuses.join(",")).toBe(limit);
      expect(
        statuses.slice(limit).every((s) => s === 429),
        statuses.join(","),
      ).toBe(true);
    },
    60_000,
  );

  it(`new carts: ${NEW_CARTS_PER_HOUR} per address an hour across both processes`, async () => {
    const statuses = await alternate(
      NEW_CARTS_PER_HOUR + 4,
      "/api/cart",
      () => VINYL,
      "10.195.0.5",
    );
    expect(accepted(statuses)).toBe(NEW_CARTS_PER_HOUR);
    expect(statuses.slice(NEW_CARTS_PER_HOUR).every((s) => s === 429)).toBe(true);
  }, 60_000);
});
