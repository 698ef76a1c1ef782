/**
 * `npm run drill:machines` (decision 542), as root on Linux: two app hosts (ROLE=web) and a
 * worker (ROLE=worker), each in its own network namespace on one bridge, one PostgreSQL (a drill
 * database created and dropped on the machine's, reached through HAProxy on the bridge), HAProxy
 * in front checking /readyz. Under a bounded mixed load (DRILL_SECONDS, default 60) it kills
 * app1 with SIGKILL at a third and brings it back at two thirds, then prints what it counted and
 * exits 1 on any loss or duplicate. Everything it made goes on exit, on an error and on Ctrl-C.
 * BUILD_DIR (default build-drill) is built first when it lacks server/main.js.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { insertStaff } from "../../server/db/repositories/people/staff";
import { enqueueText } from "../../server/db/repositories/platform/text-outbox";
import { replaceAvailability } from "../../server/db/repositories/scheduling/availability";
import { seedCatalog } from "../../server/db/seed";
import { type Running, startHaproxy, startStore, stop } from "./hosts";
import { runLoad } from "./load";
import { buildNetwork, HOST_SIDE, HOSTS, leftovers, tearDownNetwork } from "./network";
import { problems, tally } from "./tally";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.DRILL_SECONDS ?? 60);
const SHOPPERS = Number(process.env.DRILL_SHOPPERS ?? 12);
const FRONT_PORT = Number(process.env.DRILL_PORT ?? 8431);
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build-drill");
/** Enough windows (4 a day each, 3 weeks ahead) for every booking a minute's load asks for. */
const INSTALLERS = 20;
const DAY = [{ start: "08:00", end: "16:00" }];
const HOURS = { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY };

const work = fs.mkdtempSync(path.join(os.tmpdir(), "drill-machines-"));
const dbName = `drill_${randomBytes(5).toString("hex")}`;
const running = new Map<string, Running>();
let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
let cleaning: Promise<void> | undefined;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Once, however often it is asked for (a Ctrl-C during the clean-up waits for it). */
function cleanUp(): Promise<void> {
  cleaning ??= removeEverything();
  return cleaning;
}

async function removeEverything() {
  await Promise.all([...running.values()].map((r) => stop(r.child)));
  if (haproxy) await stop(haproxy);
  tearDownNetwork();
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  if (!process.env.DRILL_KEEP) fs.rmSync(work, { recursive: true, force: true });
  const left = leftovers();
  if (left.length) console.error(`left behind: ${left.join(", ")}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function preflight() {
  if (process.getuid?.() !== 0) throw new Error("the drill needs root (ip netns, veth, bridge)");
  execFileSync("/usr/sbin/haproxy", ["-v"], { stdio: "ignore" });
  if (!fs.existsSync(path.join(BUILD_DIR, "server", "main.js"))) {
    console.log(`building into ${BUILD_DIR} …`);
    const built = spawnSync("npm", ["run", "build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, BUILD_DIR },
    });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
}

/** The drill database, migrated and seeded, with installers whose hours open booking. */
async function prepareDatabase() {
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const handle = openDatabase({ dialect: "postgres", connectionString: url.toString() });
  await migrateToLatest(handle.db);
  await seedCatalog(handle.db);
  const at = new Date().toISOString();
  for (let i = 1; i <= INSTALLERS; i++) {
    const id = await insertStaff(handle.db, {
      name: `Drill installer ${i}`,
      email: `installer${i}@drill.example.com`,
      role: "installer",
      at,
      passwordHash: null,
      mustChangePassword: false,
    });
    await replaceAvailability(handle.db, id, HOURS, []);
  }
  const hostsUrl = new URL(url);
  hostsUrl.hostname = HOST_SIDE;
  return { handle, hostsUrl: hostsUrl.toString() };
}

async function start(name: string, databaseUrl: string) {
  const host = HOSTS.find((h) => h.name === name);
  if (!host) throw new Error(`no host ${name}`);
  const store = await startStore({
    host,
    mainJs: path.join(BUILD_DIR, "server", "main.js"),
    buildDir: BUILD_DIR,
    dataDir: path.join(work, host.name),
    databaseUrl,
  });
  running.set(name, store);
  return store;
}

function print(result: Awaited<ReturnType<typeof tally>>, events: string[]) {
  console.log("\nevents:");
  for (const e of events) console.log(`  ${e}`);
  const { lost, duplicates, sessionsFailed, ...figures } = result;
  console.log("\nfigures:");
  for (const [key, value] of Object.entries(figures)) {
    console.log(`  ${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
  }
  console.log(`  sessionsWithoutAcknowledgement: ${sessionsFailed.length}`);
  for (const why of sessionsFailed.slice(0, 10)) console.log(`    ${why}`);
  console.log(`DRILL ${JSON.stringify(figures)}`);
}

async function main() {
  preflight();
  buildNetwork();
  haproxy = await startHaproxy(work, FRONT_PORT);
  const { handle, hostsUrl } = await prepareDatabase();
  await start("app1", hostsUrl);
  await start("app2", hostsUrl);
  await start("worker", hostsUrl);
  const events: string[] = [];
  const t0 = performance.now();
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const killAtMs = (SECONDS * 1000) / 3;
  const backAtMs = (SECONDS * 2000) / 3;
  let texts = 0;
  const load = runLoad({
    baseUrl: `http://127.0.0.1:${FRONT_PORT}`,
    seconds: SECONDS,
    shoppers: SHOPPERS,
    t0,
    // A booking's text, queued as the reminder job queues one (the store queues texts only
    // from the day before a visit, at 18:00): the worker must send each once.
    onBooked: async (session) => {
      const visit = await handle.db
        .selectFrom("visits")
        .select("id")
        .where("reference", "=", session.reference ?? "")
        .executeTakeFirstOrThrow();
      await enqueueText(handle.db, {
        kind: "reminder",
        to: session.phone,
        body: `Drill: your visit ${session.reference} is booked (text ${++texts}).`,
        relatedType: "booking",
        relatedId: Number(visit.id),
      });
    },
  });
  const drill = (async () => {
    await new Promise((r) => setTimeout(r, killAtMs));
    const app1 = running.get("app1");
    if (!app1) throw new Error("app1 is not running");
    app1.child.kill("SIGKILL");
    await app1.exited;
    running.delete("app1");
    events.push(`${at()} app1 killed (SIGKILL)`);
    await new Promise((r) => setTimeout(r, Math.max(0, backAtMs - (performance.now() - t0))));
    events.push(`${at()} app1 starting again`);
    await start("app1", hostsUrl);
    events.push(`${at()} app1 ready`);
  })();
  const [{ sessions, samples }] = await Promise.all([load, drill]);
  events.push(`${at()} load over: ${sessions.length} sessions`);

  // The worker sends what is queued (it polls every 2 s): wait until nothing waits.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const emailsWaiting = await handle.db
      .selectFrom("email_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .execute();
    const textsWaiting = await handle.db
      .selectFrom("text_outbox")
      .select("id")
      .where("status", "!=", "sent")
      .execute();
    if ((emailsWaiting.length === 0 && textsWaiting.length === 0) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  events.push(`${at()} outboxes empty`);
  const result = await tally({
    db: handle.db,
    sessions,
    samples,
    dataDirs: HOSTS.map((h) => path.join(work, h.name)),
    killAtMs,
    backAtMs,
  });
  await handle.close();
  print(result, events);
  return problems(result);
}

main()
  .then(async (found) => {
    await cleanUp();
    if (found.length) {
      console.error(`\nFAILED:\n  ${found.join("\n  ")}`);
      process.exit(1);
    }
    console.log("\nno loss, no duplicate");
  })
  .catch(async (error) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
