/**
 * npm run bench:render: pages rendered per request (a fresh query string each time, so no page
 * cache answers), 4 connections, p50 and p95 of every response, on the compiled store
 * (build-bench/, from bench:pages; `npm run bench:pages` builds it). Two stores side by side in
 * alternating rounds, under the same load between them (cached pages and the JSON API at 20
 * connections): NODE_ENV unset (React's development build: before decision 312) and
 * NODE_ENV=production (as `npm start` runs it). Each store's resident memory after start and
 * its peak (VmHWM) are printed too. Target: p95 ≤ 50 ms at 4 connections.
 *
 * Options: BENCH_ROUNDS (default 3, the first not counted), BENCH_SECONDS (per page and round,
 * default 3), BENCH_PORT (default 3580; +1).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { printTable } from "./table";
import { THROUGHPUT_TARGETS } from "./throughput";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT || 3580);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const PAGES = ["/", "/product/vinyl", "/faq", "/cart", "/checkout"];
/** The load between the rendered pages: cached pages and the JSON API (bench:pages' own). */
const LOAD = THROUGHPUT_TARGETS.filter((t) => t.path !== "/zebra-shades" && t.path !== "/faq");

function start(port: number, nodeEnv: string | undefined): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUILD_DIR: "build-bench",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-render-")),
    ADMIN_PASSWORD: "bench-admin-password",
    LOG_LEVEL: "warn",
  };
  delete env.NODE_ENV;
  if (nodeEnv) env.NODE_ENV = nodeEnv;
  return spawn(process.execPath, ["--max-semi-space-size=4", "build-bench/server/main.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function memoryMb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1]) / 1024;
}

async function started(port: number) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the store on ${port} did not start`);
}

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build-bench/server/main.js"))) {
    throw new Error("No build-bench/: run `npm run bench:pages` (it builds) first");
  }
  const stores = [
    { name: "NODE_ENV unset (before)", env: undefined, port: PORT },
    { name: "NODE_ENV=production", env: "production", port: PORT + 1 },
  ].map((s) => ({ ...s, child: start(s.port, s.env) }));
  const times = new Map<string, number[]>();
  const startRss: number[] = [];
  let n = 0;
  try {
    for (const s of stores) await started(s.port);
    for (const s of stores) startRss.push(memoryMb(s.child.pid, "VmRSS"));
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of stores) {
        const base = `http://127.0.0.1:${s.port}`;
        for (const t of LOAD) {
          await autocannon({
            url: `${base}${t.path}`,
            method: t.method,
            body: t.body,
            headers: {
              "accept-encoding": "br, gzip",
              ...(t.body ? { "content-type": "application/json" } : {}),
            },
            connections: 20,
            duration: SECONDS,
          });
        }
        for (const page of PAGES) {
          const run = autocannon({
            url: `${base}${page}`,
            connections: 4,
            duration: SECONDS,
            headers: { "accept-encoding": "br, gzip" },
            requests: [{ setupRequest: (r) => ({ ...r, path: `${page}?r=${n++}` }) }],
          });
          const key = `${s.name}\t${page}`;
          run.on("response", (_c, _status, _bytes, ms) => {
            if (round > 0) times.set(key, [...(times.get(key) ?? []), ms]);
          });
          await run;
        }
      }
    }
    const rows = PAGES.map((page) => {
      const cells = stores.flatMap((s) => {
        const t = (times.get(`${s.name}\t${page}`) ?? []).sort((a, b) => a - b);
        return [String(t.length), percentile(t, 50).toFixed(1), percentile(t, 95).toFixed(1)];
      });
      return [page, ...cells];
    });
    printTable(["page", ...stores.flatMap((s) => [`${s.name}: n`, "p50 ms", "p95 ms"])], rows);
    for (const [i, s] of stores.entries()) {
      process.stdout.write(
        `${s.name}: ${startRss[i]?.toFixed(0)} MB resident after start, peak ${memoryMb(s.child.pid, "VmHWM").toFixed(0)} MB\n`,
      );
    }
    process.stdout.write(
      `4 connections per rendered page, ${SECONDS} s × ${ROUNDS - 1} counted rounds, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
    );
  } finally {
    for (const s of stores) s.child.kill("SIGTERM");
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
