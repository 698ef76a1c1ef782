/**
 * Decisions 211 and 213 with more than one process on one database (SQLite file, and
 * PostgreSQL when TEST_DATABASE_URL is set): twenty shoppers booking the last window through
 * two store processes get exactly one visit; and the day-before reminder, run by two schedulers
 * (two holders, two database connections, a fake clock at 18:00 store time), goes out once.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, storeTimeToUtc } from "../../../domain/scheduling/visit-time";
import { loadConfig } from "../../../server/config";
import type { ServiceDeps } from "../../../server/context";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { replaceAvailability } from "../../../server/db/repositories/scheduling/availability";
import { seedCatalog } from "../../../server/db/seed";
import { createLogger } from "../../../server/logger";
import { createScheduler } from "../../../server/services/platform/scheduler";
import type { TextDispatcher } from "../../../server/services/platform/text-dispatcher";
import { createReminderService } from "../../../server/services/scheduling/reminders";
import { httpSend, type Send } from "../../support/shopper";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../support/test-database";

const PORTS = { postgres: [3346, 3347], sqlite: [3344, 3345] } as const;
const ONE_WINDOW = { mon: [{ start: "08:00", end: "10:00" }] };

describeEachDialect("booking through several processes on one %s database", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let servers: SpawnedServer[] = [];
  let sends: Send[] = [];
  let installerId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle.db);
    await seedCatalog(handle.db);
    const at = new Date().toISOString();
    const row = await handle.db
      .insertInto("staff")
      .values({
        name: "Solo Installer",
        email: "solo@example.com",
        role: "installer",
        calendar_token_hash: null,
        created_at: at,
        updated_at: at,
        password_hash: null,
        must_change_password: 0,
        totp_secret: null,
        totp_last_step: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    installerId = Number(row.id);
    // One window a week: Mondays 8–10.
    await replaceAvailability(handle.db, installerId, ONE_WINDOW, []);
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
            ADMIN_PASSWORD: "booking-processes-password",
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
    await handle?.close();
    await database?.drop();
  });

  it("gives twenty shoppers booking the last window through two processes one visit", async () => {
    const first = sends[0] as Send;
    const listed = await first("GET", "/api/booking/windows?zipCode=33904");
    expect(listed.status).toBe(200);
    const window = (listed.body as { windows: { date: string; start: string }[] }).windows[0];
    if (!window) throw new Error("no window");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (sends[i % sends.length] as Send)(
          "POST",
          "/api/booking",
          {
            date: window.date,
            start: window.start,
            zipCode: "33904",
            firstName: "Racer",
            lastName: `Number ${i}`,
            email: `racer${i}@example.com`,
            phone: "(239) 555-0199",
            address: `${i} Palm Ave`,
            city: "Cape Coral",
          },
          { "x-forwarded-for": `198.51.100.${i + 1}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await handle.db
      .selectFrom("visits")
      .select("id")
      .where("staff_id", "=", installerId)
      .where("visit_date", "=", window.date)
      .where("start_time", "=", window.start)
      .where("status", "=", "scheduled")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("sends the day-before reminder once from two schedulers with a fake clock", async () => {
    const booking = await handle.db
      .selectFrom("visits")
      .select(["id", "visit_date"])
      .where("status", "=", "scheduled")
      .executeTakeFirstOrThrow();
    const sixPm = storeTimeToUtc(addDays(booking.visit_date, -1), "18:00");
    const logger = createLogger("silent");
    const config = loadConfig({ DATA_DIR: database.dataDir });
    const idle = { kick() {} };
    // Two "processes": each its own connection, scheduler (holder) and reminder job.
    const handles = [openDatabase(database.config), openDatabase(database.config)];
    try {
      const schedulers = handles.map((h, i) => {
        const reminders = createReminderService(
          {
            db: h.db,
            config,
            logger,
            emails: idle,
            texts: idle as unknown as TextDispatcher,
          } as unknown as ServiceDeps & { texts: TextDispatcher },
          () => sixPm,
        );
        const scheduler = createScheduler({ db: h.db, logger, holder: `process-${i}` });
        // Its own name: the spawned processes hold the real job's lease on the real clock.
        const job = { ...reminders.job, name: "visit-reminders-fake-clock" };
        scheduler.add(job);
        return { scheduler, job, reminders };
      });
      const ran = await Promise.all(schedulers.map((s) => s.scheduler.runIfDue(s.job)));
      expect(ran.filter(Boolean)).toHaveLength(1);
      // Even two runs at once (a lease that ended mid-run) send one reminder per visit.
      await Promise.all(schedulers.map((s) => s.reminders.sendDue(sixPm)));
      const reminders = await handle.db
        .selectFrom("email_outbox")
        .select("id")
        .where("kind", "=", "reminder")
        .where("related_type", "=", "visit")
        .where("related_id", "=", Number(booking.id))
        .execute();
      expect(reminders).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
