/**
 * Decision 540 (roles, health, metrics), with real processes (tests/support/api-server.ts,
 * the same bootstrap, app and shutdown as server/main.ts) on one database:
 * - SIGTERM drains: /readyz answers 503 at once, requests are still answered for DRAIN_SECONDS,
 *   then the process exits 0;
 * - a fleet of web processes only sends nothing and loses nothing (the emails wait);
 * - web, worker and all processes started and stopped at random while orders are placed: every
 *   email is sent exactly once and none never, and each scheduled job runs once, on a process
 *   that runs jobs;
 * - two workers on the same outboxes: each queued email and text goes once (decision 542).
 * PostgreSQL is the several-machine database; the SQLite half runs the same processes on one
 * machine's file (SQLite is single-machine: docs/deployment.md).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { enqueueText } from "../../../server/db/repositories/platform/text-outbox";
import { seedCatalog } from "../../../server/db/seed";
import { filesIn } from "../../support/outbox-files";
import { httpSend, placeOneOrder } from "../../support/shopper";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../support/test-database";

const PASSWORD = "roles-test-password";
const FIRST_PORT = { postgres: 3471, sqlite: 3486 } as const;
/** The scheduled jobs (each due every 5 minutes or less often: once in this test). */
const JOBS = ["retention-purge", "visit-reminders", "quote-follow-up"];

type Role = "web" | "worker" | "all";
interface Machine {
  role: Role;
  server: SpawnedServer;
  dataDir: string;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A small seeded generator, so that a failing run can be repeated (ROLES_SEED). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The headers of an .eml file, unfolded, by lower-cased name. */
function emlHeaders(file: string): Record<string, string> {
  const text = fs.readFileSync(file, "utf8");
  const head = text.split(/\r?\n\r?\n/)[0] ?? "";
  const headers: Record<string, string> = {};
  let last = "";
  for (const line of head.split(/\r?\n/)) {
    if (/^\s/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const i = line.indexOf(":");
      last = line.slice(0, i).toLowerCase();
      headers[last] = line.slice(i + 1).trim();
    }
  }
  return headers;
}

/** One email's identity: its recipient and its order number and kind ("Your Order #12 …"). */
function emailKey(to: string, subject: string): string {
  const address = /[^\s<>"]+@[^\s<>"]+/.exec(to)?.[0]?.toLowerCase() ?? to;
  const order = /#(\d+)/.exec(subject)?.[1] ?? subject;
  return `${address} ${subject.split(" ")[0]} #${order}`;
}

describeEachDialect("web and worker processes on one %s database", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let nextPort: number = FIRST_PORT[dialect];
  let started = 0;
  const running: Machine[] = [];
  const everyDataDir: string[] = [];
  const seed = Number(process.env.ROLES_SEED ?? Date.now() % 100_000);

  const start = async (role: Role, env: Record<string, string> = {}): Promise<Machine> => {
    const dataDir = path.join(database.dataDir, `machine-${++started}-${role}`);
    everyDataDir.push(dataDir);
    const server = await spawnServer({
      script: "tests/support/api-server.ts",
      port: nextPort++,
      timeoutMs: 120_000,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL:
          database.config.dialect === "postgres"
            ? database.config.connectionString
            : database.config.filename,
        ADMIN_PASSWORD: PASSWORD,
        TRUST_PROXY: "true",
        LOG_FILE: path.join(dataDir, "store.log"),
        LOG_LEVEL: "info",
        ROLE: role,
        DRAIN_SECONDS: "0",
        ...env,
      },
    });
    const machine = { role, server, dataDir };
    running.push(machine);
    return machine;
  };
  const stop = async (machine: Machine, signal: NodeJS.Signals) => {
    running.splice(running.indexOf(machine), 1);
    await machine.server.kill(signal);
  };
  const emlFiles = () => filesIn(everyDataDir, "outbox", ".eml");
  const textFiles = () => filesIn(everyDataDir, "texts", ".txt");
  const logOf = (dir: string) => {
    const file = path.join(dir, "store.log");
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
  };
  const outbox = () =>
    handle.db.selectFrom("email_outbox").select(["to_address", "subject", "sent_at"]).execute();
  let shopper = 0;
  const placeThrough = async (machine: Machine) => {
    const n = shopper++;
    const placed = await placeOneOrder(
      httpSend(machine.server.url),
      n,
      { "x-forwarded-for": `10.43.${n >> 8}.${n & 255}` },
      { tag: "roles" },
    );
    expect(placed.answer.status, JSON.stringify(placed.answer.body)).toBe(201);
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle.db);
    await seedCatalog(handle.db);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.splice(0).map((m) => m.server.kill("SIGKILL")));
    await handle?.close();
    await database?.drop();
  });

  it("drains on SIGTERM: /readyz 503 at once, requests answered, exit after DRAIN_SECONDS", async () => {
    const machine = await start("all", { DRAIN_SECONDS: "2" });
    const { url } = machine.server;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const signalled = Date.now();
    machine.server.child.kill("SIGTERM");
    expect(
      await until(async () => (await fetch(`${url}/readyz`)).status === 503, 1_000),
      "/readyz 503 within a second of SIGTERM",
    ).toBe(true);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: "draining", reason: "draining" });
    // Still serving while the balancer notices.
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    expect((await fetch(`${url}/api/products`)).status).toBe(200);
    const exitCode = await new Promise<number | null>((resolve) => {
      if (machine.server.child.exitCode !== null) resolve(machine.server.child.exitCode);
      else machine.server.child.once("exit", (code) => resolve(code));
    });
    const tookMs = Date.now() - signalled;
    running.splice(running.indexOf(machine), 1);
    expect(exitCode).toBe(0);
    expect(tookMs).toBeGreaterThanOrEqual(2_000);
    expect(tookMs).toBeLessThan(12_000);
    expect(logOf(machine.dataDir).some((l) => l.includes('"drainSeconds":2'))).toBe(true);
  }, 120_000);

  it("sends nothing and loses nothing while only web processes are up", async () => {
    const webs = [await start("web"), await start("web")];
    const before = (await outbox()).length;
    for (let i = 0; i < 4; i++) await placeThrough(webs[i % 2] as Machine);
    // Longer than a kick (100 ms) and a worker's poll (2 s): a web process that sent would have.
    await new Promise((r) => setTimeout(r, 2_500));
    const rows = await outbox();
    expect(rows.length - before).toBe(8);
    expect(rows.filter((r) => r.sent_at === null)).toHaveLength(8);
    const webDirs = webs.map((m) => m.dataDir);
    expect(emlFiles().filter((f) => webDirs.some((d) => f.startsWith(d)))).toEqual([]);
    for (const m of webs) {
      expect(logOf(m.dataDir).filter((l) => l.includes('"scheduled job ran"'))).toEqual([]);
    }
  }, 180_000);

  it("sends every email once, and runs every job once, with processes started and stopped at random", async () => {
    const rand = random(seed);
    const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)] as T;
    const actions: string[] = [];
    for (let round = 0; round < 6; round++) {
      const action = pick(["start worker", "start all", "stop worker", "kill web", "start web"]);
      const jobRunners = running.filter((m) => m.role !== "web");
      const webs = running.filter((m) => m.role === "web");
      if (action === "start worker" || action === "start all") {
        if (jobRunners.length < 3) await start(action === "start worker" ? "worker" : "all");
      } else if (action === "stop worker" && jobRunners.length > 0) {
        // Stopped as a deployment does (SIGTERM): the run under way finishes first.
        await stop(pick(jobRunners), "SIGTERM");
      } else if (action === "kill web" && webs.length > 1) {
        // A web process sends nothing: even SIGKILL cannot send twice or lose a queued email.
        await stop(pick(webs), "SIGKILL");
      } else if (action === "start web" && webs.length < 3) {
        await start("web");
      }
      actions.push(`${action} → ${running.map((m) => m.role).join(",")}`);
      const serving = running.filter((m) => m.role !== "worker");
      if (serving.length === 0) serving.push(await start("web"));
      await Promise.all(Array.from({ length: 3 }, () => placeThrough(pick(serving))));
    }
    if (!running.some((m) => m.role !== "web")) await start("worker");
    const context = `seed ${seed} (ROLES_SEED): ${actions.join("; ")}`;

    const drained = await until(async () => {
      const rows = await outbox();
      return rows.every((r) => r.sent_at !== null) && emlFiles().length >= rows.length;
    }, 30_000);
    expect(drained, context).toBe(true);
    // A second sender, if any, would have written by now.
    await new Promise((r) => setTimeout(r, 2_500));

    const rows = await outbox();
    const expected = rows.map((r) => emailKey(r.to_address, r.subject)).sort();
    expect(new Set(expected).size, "each email's identity is unique").toBe(expected.length);
    const sent = emlFiles()
      .map((file) => emlHeaders(file))
      .map((h) => emailKey(h.to ?? "", h.subject ?? ""))
      .sort();
    expect(sent, context).toEqual(expected);
    expect(rows.length).toBe(2 * shopper);

    // Each scheduled job ran once in the whole fleet, and never on a web process.
    for (const job of JOBS) {
      const ran = everyDataDir.flatMap((dir) =>
        logOf(dir)
          .filter((l) => l.includes('"scheduled job ran"') && l.includes(`"job":"${job}"`))
          .map(() => dir),
      );
      expect(ran, `${job}: ${context}`).toHaveLength(1);
      expect(ran[0], job).not.toMatch(/-web$/);
    }
  }, 300_000);

  it("sends each queued email and text once with two workers", async () => {
    // Only the processes of this test: one web process, two workers.
    await Promise.all(running.slice().map((m) => stop(m, "SIGTERM")));
    const web = await start("web");
    const workers = [await start("worker"), await start("worker")];
    const textsBefore = textFiles().length;
    const bodies = Array.from({ length: 30 }, (_, i) => `Two workers, text ${i + 1} of 30`);
    // Queued in bursts, while orders queue emails through the web process.
    await Promise.all([
      ...Array.from({ length: 6 }, () => placeThrough(web)),
      ...bodies.map((body, i) =>
        enqueueText(handle.db, {
          kind: "reminder",
          to: `(239) 555-${String(7000 + i)}`,
          body,
          relatedType: "booking",
          relatedId: i + 1,
        }),
      ),
    ]);
    const texts = () =>
      handle.db.selectFrom("text_outbox").select(["to_e164", "body", "status"]).execute();
    const sentAll = await until(async () => {
      const [emails, queuedTexts] = [await outbox(), await texts()];
      return (
        emails.every((r) => r.sent_at !== null) &&
        emlFiles().length >= emails.length &&
        queuedTexts.every((t) => t.status === "sent") &&
        textFiles().length - textsBefore >= bodies.length
      );
    }, 30_000);
    expect(sentAll, "every email and text sent").toBe(true);
    // A second sender, if any, would have written by now (a poll is 2 s).
    await new Promise((r) => setTimeout(r, 2_500));

    const rows = await outbox();
    const sentEmails = emlFiles()
      .map((file) => emlHeaders(file))
      .map((h) => emailKey(h.to ?? "", h.subject ?? ""))
      .sort();
    expect(sentEmails).toEqual(rows.map((r) => emailKey(r.to_address, r.subject)).sort());
    const workerDirs = workers.map((m) => m.dataDir);
    const sentTexts = textFiles()
      .filter((file) => workerDirs.some((dir) => file.startsWith(dir)))
      .map((file) => {
        const [head = "", ...body] = fs.readFileSync(file, "utf8").split("\n\n");
        return `${head.replace("To: ", "")} ${body.join("\n\n").trim()}`;
      })
      .sort();
    const queued = (await texts())
      .filter((t) => bodies.includes(t.body))
      .map((t) => `${t.to_e164} ${t.body}`)
      .sort();
    expect(queued).toHaveLength(bodies.length);
    expect(sentTexts).toEqual(queued);
    // Neither the web process nor anything else wrote a text.
    expect(textFiles().length - textsBefore).toBe(bodies.length);
  }, 300_000);
});
