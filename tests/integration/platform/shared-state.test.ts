/**
 * State several store processes share through one database, in-process and fast: two or three full service sets, each with its own database
 * handle (as separate processes have), on one SQLite file and, with TEST_DATABASE_URL, on one
 * PostgreSQL database. tests/integration/multi-process.test.ts proves the same with real
 * processes over HTTP.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../../server/app";
import { bootstrap } from "../../../server/bootstrap";
import { type Config, loadConfig } from "../../../server/config";
import { enqueueEmail } from "../../../server/db/repositories/platform/email-outbox";
import { consumeRateLimit } from "../../../server/db/repositories/platform/rate-limits";
import type { EmailMessage } from "../../../server/email/mailer";
import { createLogger } from "../../../server/logger";
import { createScheduler } from "../../../server/services/platform/scheduler";
import { TEST_ADMIN_EMAIL as OWNER_EMAIL } from "../../support/admin-fixtures";
import { request } from "../../support/test-app";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../support/test-database";

type Services = Awaited<ReturnType<typeof bootstrap>>["services"];

interface Process {
  services: Services;
  app: ReturnType<typeof createApp>;
  sent: EmailMessage[];
  close(): Promise<void>;
}

async function startProcess(config: Config): Promise<Process> {
  const sent: EmailMessage[] = [];
  const { services, close } = await bootstrap(config, createLogger("silent"), {
    mailer: {
      async send(message) {
        // A little time per email, as a real transport takes, so that claims overlap.
        await new Promise((r) => setTimeout(r, 1));
        sent.push(message);
      },
      close() {},
    },
  });
  await services.admin.ensurePassword();
  return { services, app: createApp({ services }), sent, close };
}

describeEachDialect("shared state across processes (%s)", (dialect) => {
  let database: TestDatabase;
  let processes: Process[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config: Config = {
      ...loadConfig({
        DATA_DIR: database.dataDir,
        ADMIN_PASSWORD: "shared-state-password",
        TRUST_PROXY: "true",
      }),
      database: database.config,
    };
    // One after the other: the first migrates and seeds, the others find it done.
    for (let i = 0; i < 3; i++) processes.push(await startProcess(config));
  }, 60_000);
  afterAll(async () => {
    for (const p of processes) await p.close();
    processes = [];
    await database?.drop();
  });

  it("counts failed logins of one address across processes: the 11th is refused by every one", async () => {
    const from = { "x-forwarded-for": "198.51.100.20" };
    for (let i = 0; i < 10; i++) {
      const p = processes[i % 3] as Process;
      const res = await request(
        p,
        "POST",
        "/api/admin/login",
        // Accounts that don't exist: failed logins also count per account, and
        // this test is about the address.
        { email: `guess-${i}@example.com`, password: "wrong-guess" },
        from,
      );
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const p of processes) {
      const res = await request(
        p,
        "POST",
        "/api/admin/login",
        { email: OWNER_EMAIL, password: "shared-state-password" },
        from,
      );
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const other = await request(
      processes[0] as Process,
      "POST",
      "/api/admin/login",
      { email: OWNER_EMAIL, password: "shared-state-password" },
      { "x-forwarded-for": "198.51.100.21" },
    );
    expect(other.status).toBe(200);
  });

  it("counts concurrent hits exactly (one statement per hit, atomic on both dialects)", async () => {
    const db = processes[0]?.services.db;
    if (!db) throw new Error("no process");
    const t = Date.now();
    const answers = await Promise.all(
      processes.flatMap((p) =>
        Array.from({ length: 10 }, () =>
          consumeRateLimit(p.services.db, "test:burst", 1, 60_000, t),
        ),
      ),
    );
    expect(answers.map((a) => a.points).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    // A window that has ended starts again at 1.
    const later = await consumeRateLimit(db, "test:burst", 1, 60_000, t + 60_001);
    expect(later.points).toBe(1);
  });

  it("sends each queued email exactly once when every process flushes at the same time", async () => {
    const db = processes[0]?.services.db;
    if (!db) throw new Error("no process");
    for (let i = 0; i < 120; i++) {
      await enqueueEmail(db, {
        kind: "test",
        to: `shopper${i}@example.com`,
        subject: `claim test ${i}`,
        text: "t",
        html: "<p>t</p>",
      });
    }
    for (const p of processes) p.sent.length = 0;
    // Three processes, each flushing twice at once, until nothing is left.
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        processes.flatMap((p) => [p.services.emails.flush(), p.services.emails.flush()]),
      );
    }
    const subjects = processes.flatMap((p) => p.sent.map((m) => m.subject));
    expect(subjects).toHaveLength(120);
    expect(new Set(subjects).size).toBe(120);
    // The work was shared, not done by one process that happened to be first.
    expect(processes.filter((p) => p.sent.length > 0).length).toBeGreaterThan(1);
    const unsent = await db
      .selectFrom("email_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .execute();
    expect(unsent).toHaveLength(0);
  });

  it("runs a scheduled job on one process at a time, once per period", async () => {
    let runs = 0;
    const job = {
      name: "test-job",
      everyMs: 60 * 60_000,
      async run() {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
        return { ok: 1 };
      },
    };
    const schedulers = processes.map((p, i) =>
      createScheduler({ db: p.services.db, logger: createLogger("silent"), holder: `p${i}` }),
    );
    const first = await Promise.all(schedulers.flatMap((s) => [s.runIfDue(job), s.runIfDue(job)]));
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Not due again within the period, whoever asks.
    const again = await Promise.all(schedulers.map((s) => s.runIfDue(job)));
    expect(again.filter(Boolean)).toHaveLength(0);
    // Once due, again exactly one runs it.
    const db = processes[0]?.services.db;
    if (!db) throw new Error("no process");
    await db
      .updateTable("job_leases")
      .set({ next_run_at: 0 })
      .where("name", "=", "test-job")
      .execute();
    const due = await Promise.all(schedulers.map((s) => s.runIfDue(job)));
    expect(due.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it("serves a price changed through one process from every other, without a restart", async () => {
    const [a, b, c] = processes as [Process, Process, Process];
    // On PostgreSQL each listener announces once it is LISTENing: wait for that, not a fixed time.
    const listening = processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          const off = p.services.catalogChanges.subscribe(() => {
            off();
            resolve();
          });
        }),
    );
    for (const p of processes) p.services.background.start();
    try {
      const quote = async (p: Process) =>
        (
          await request(p, "POST", "/api/calculate-price", {
            productType: "vinyl",
            width: 36,
            height: 48,
            includeInstallation: false,
          })
        ).body.totalPrice as number;
      for (const p of processes) expect(await quote(p)).toBe(54);
      if (dialect === "postgres") await Promise.all(listening);

      await a.services.db
        .updateTable("products")
        .set({ rate_cents_per_sqft: 5_00 })
        .where("type", "=", "vinyl")
        .execute();
      const changedAt = Date.now();
      await a.services.catalogChanges.changed();
      expect(await quote(a)).toBe(60);
      for (const p of [b, c]) {
        let price = await quote(p);
        // Seen at all proves the signal (the catalog never expires on its own); the 1 s target
        // is measured by npm run bench:propagation, not asserted under CI load.
        while (price !== 60 && Date.now() - changedAt < 10_000) {
          await new Promise((r) => setTimeout(r, 20));
          price = await quote(p);
        }
        expect(price).toBe(60);
      }
    } finally {
      for (const p of processes) await p.services.background.stop();
    }
  });
});
