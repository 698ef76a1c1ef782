/**
 * `npx tsx bench/contact-emails.ts`: server CPU per contact message, the sending of its two
 * emails included. bench:cpu stops counting when the last answer arrives, while
 * the emails are sent in the background: under load the dispatcher gets few turns, most of a
 * round's emails are sent after it and counted in no round. Here each round waits until every
 * email of the round is in the outbox folder (no SMTP_URL: .eml files) and counts the CPU up to
 * then: "answers" up to the last answer, "with emails" up to the last .eml.
 *
 * This tree's store and, with BASE_DIR=<another checkout with its node_modules>, that
 * checkout's, alternating in one run. Options: BENCH_REQUESTS (per round, default 3000),
 * BENCH_ROUNDS (default 3, after a warm-up of 300), BENCH_CONNECTIONS (default 20), BENCH_PORT
 * (default 3580; +1).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SAMPLE_CONTACT_MESSAGE } from "../tests/support/sample-items";
import { ownAddressRequests } from "./client-addresses";
import { cpuMs, startProcess } from "./store-process";
import { printTable } from "./table";

const REQ = Number(process.env.BENCH_REQUESTS || 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONN = Number(process.env.BENCH_CONNECTIONS || 20);
const PORT = Number(process.env.BENCH_PORT || 3580);
const ROOT = path.resolve(import.meta.dirname, "..");
const BODY = JSON.stringify(SAMPLE_CONTACT_MESSAGE);

interface Store {
  name: string;
  child: ChildProcess;
  port: number;
  dataDir: string;
  messages: number;
  answers: number[];
  all: number[];
}

async function start(name: string, dir: string, port: number): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-contact-"));
  const child = await startProcess(dir, ["tests/support/api-server.ts"], port, dataDir);
  return { name, child, port, dataDir, messages: 0, answers: [], all: [] };
}

const emailsWritten = (s: Store) => {
  try {
    return fs.readdirSync(path.join(s.dataDir, "outbox")).length;
  } catch {
    return 0;
  }
};

async function send(s: Store, amount: number): Promise<void> {
  const r = await autocannon({
    url: `http://127.0.0.1:${s.port}/api/contact`,
    method: "POST",
    body: BODY,
    headers: { "content-type": "application/json" },
    connections: CONN,
    amount,
    requests: ownAddressRequests(),
  });
  if (r.non2xx || r.errors) throw new Error(`${s.name}: errors`);
  s.messages += amount;
}

async function drained(s: Store): Promise<void> {
  const started = Date.now();
  while (emailsWritten(s) < 2 * s.messages) {
    if (Date.now() - started > 300_000) throw new Error(`${s.name}: emails not sent`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main() {
  // No SMTP_URL: the emails go to .eml files, counted as they are written.
  delete process.env.SMTP_URL;
  const stores = [await start("store", ROOT, PORT)];
  if (process.env.BASE_DIR) stores.push(await start("base store", process.env.BASE_DIR, PORT + 1));
  const loads: string[] = [];
  try {
    for (const s of stores) {
      await send(s, 300);
      await drained(s);
    }
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "));
      for (const s of round % 2 ? [...stores].reverse() : stores) {
        const before = cpuMs(s.child.pid);
        await send(s, REQ);
        const answered = cpuMs(s.child.pid);
        await drained(s);
        s.answers.push(((answered - before) * 1000) / REQ);
        s.all.push(((cpuMs(s.child.pid) - before) * 1000) / REQ);
      }
    }
  } finally {
    for (const s of stores) s.child.kill("SIGTERM");
  }
  const rounds = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(" / ");
  printTable(
    ["server", "µs per message, answers", "µs per message, with its 2 emails"],
    stores.map((s) => [s.name, rounds(s.answers), rounds(s.all)]),
  );
  process.stdout.write(
    `\nserver CPU (user + system, /proc) per POST /api/contact, ${REQ} messages × ${ROUNDS} rounds, ${CONN} connections, .eml outbox; load average at each round: ${loads.join(" / ")}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
