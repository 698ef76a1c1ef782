/**
 * `npx tsx bench/outbox-statements.ts`: the email outbox's own statements alone:
 * queue a backlog of BENCH_EMAILS emails (default 4000) two to a transaction as a contact
 * message does, then drain it as the dispatcher does, 50 a run: claim, then mark sent. Prints
 * CPU (this process, user + system; on PostgreSQL the server's share is not in it) and wall
 * time per email for each step. This tree's repositories and, with BASE_DIR=<another checkout>,
 * that checkout's, alternating in one run (BENCH_ROUNDS, default 3), each on a fresh database:
 * SQLite in a temporary folder, or PostgreSQL with BENCH_DATABASE_URL (a database is made and
 * dropped for each round).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { printTable } from "./table";

const EMAILS = Number(process.env.BENCH_EMAILS || 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PG_URL = process.env.BENCH_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, "..");
// Words that repeat little, so that PostgreSQL's compression does not shrink a row to nothing.
const words = (n: number, prime: number) =>
  Array.from({ length: n }, (_, i) => `w${(i * prime) % 1000}`).join(" ");
const text = words(600, 7919);
const html = `<p>${words(700, 104729)}</p>`;

interface Step {
  cpu: number;
  wall: number;
}
type Result = Record<"queue" | "claim" | "mark", Step>;

async function timed(step: Step, fn: () => Promise<unknown>) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  step.cpu += used.user + used.system;
  step.wall += (performance.now() - wall) * 1000;
}

/** One statement on the server's own database (create or drop a bench database). */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function freshDatabase(round: string) {
  if (!PG_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-bench-"));
    return {
      config: { dialect: "sqlite" as const, filename: path.join(dir, "store.db") },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `outbox_bench_${round}_${process.pid}`;
  await onServer(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    config: { dialect: "postgres" as const, connectionString: url.toString() },
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

async function run(dir: string, round: string): Promise<Result> {
  const database = await import(path.join(dir, "server/db/database.ts"));
  const { migrateToLatest } = await import(path.join(dir, "server/db/migrate.ts"));
  const outbox = await import(path.join(dir, "server/db/repositories/platform/email-outbox.ts"));
  const fresh = await freshDatabase(round);
  const handle = database.openDatabase(fresh.config);
  const result: Result = {
    queue: { cpu: 0, wall: 0 },
    claim: { cpu: 0, wall: 0 },
    mark: { cpu: 0, wall: 0 },
  };
  try {
    await migrateToLatest(handle.db);
    for (let i = 0; i < EMAILS; i += 2) {
      const email = (n: number) => ({
        kind: "contact-store",
        to: `visitor${n}@example.com`,
        subject: `New message ${n}`,
        text,
        html,
        relatedType: "contact_message",
        relatedId: n,
      });
      await timed(result.queue, () =>
        handle.db
          .transaction()
          .execute((tx: unknown) => outbox.enqueueEmails(tx, [email(i), email(i + 1)])),
      );
    }
    const until = new Date(Date.now() + 600_000).toISOString();
    for (;;) {
      let ids: number[] = [];
      await timed(result.claim, async () => {
        ids = (await outbox.claimDueEmails(handle.db, "bench", 50, until)).map(
          (e: { id: number }) => e.id,
        );
      });
      if (ids.length === 0) break;
      await timed(result.mark, () => outbox.markEmailsSent(handle.db, ids));
    }
  } finally {
    await handle.close();
    await fresh.drop();
  }
  return result;
}

const trees = [{ name: "this tree", dir: ROOT }];
if (process.env.BASE_DIR) trees.push({ name: "base", dir: path.resolve(process.env.BASE_DIR) });
const results = new Map<string, Result[]>(trees.map((t) => [t.name, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const tree of r % 2 ? [...trees].reverse() : trees) {
    results.get(tree.name)?.push(await run(tree.dir, `${r}_${tree.name === "base" ? "b" : "t"}`));
  }
}
const per = (s: Step) => `${Math.round(s.cpu / EMAILS)} (${Math.round(s.wall / EMAILS)})`;
printTable(
  ["tree", "queue µs/email CPU (wall)", "claim µs/email", "mark-sent µs/email"],
  trees.map((t) => {
    const rs = results.get(t.name) ?? [];
    return [
      t.name,
      rs.map((x) => per(x.queue)).join(" / "),
      rs.map((x) => per(x.claim)).join(" / "),
      rs.map((x) => per(x.mark)).join(" / "),
    ];
  }),
);
console.log(
  `\n${EMAILS} emails of ~${Math.round((text.length + html.length) / 1024)} KB, queued 2 a transaction, drained 50 a run; ${PG_URL ? "PostgreSQL" : "SQLite"}; ${ROUNDS} rounds alternating; load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
