/**
 * npm run bench:login-burst: does a burst of admin logins slow the pages and assets down?
 *
 * Starts the production server (server/main.ts, the build in BUILD_DIR, a fresh SQLite data
 * folder, TRUST_PROXY=1) and measures the latency of one static asset, fetched one request
 * after another: alone, then while 600 wrong logins arrive at once, first all from one address
 * (the per-address limit answers most of them at once), then each from its own address (only
 * the bounded hashing queue stands between them and the thread pool).
 *
 * Options: BENCH_LOGINS (default 600), BENCH_PORT (default 3331), BUILD_DIR (default build).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const LOGINS = Number(process.env.BENCH_LOGINS || 600);
const PORT = Number(process.env.BENCH_PORT || 3331);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** Fetches `url` back to back until `until` settles (at least `minimum` times). */
async function sampleWhile(url: string, until: Promise<unknown>, minimum = 5) {
  let done = false;
  until.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const latencies: number[] = [];
  while (!done || latencies.length < minimum) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** One login on its own connection (no keep-alive reuse between the burst's requests). */
function login(base: string, address: string, i: number): Promise<number | string> {
  // The first owner's email (the business email by default): each guess costs a real hash.
  const body = JSON.stringify({ email: "hello@example.com", password: `burst-guess-${i}` });
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/api/admin/login`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": address,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    req.end(body);
  });
}

async function burst(base: string, addressFor: (i: number) => string) {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: LOGINS }, (_, i) => login(base, addressFor(i), i)),
  );
  const counts = new Map<number | string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { seconds: (performance.now() - started) / 1000, counts };
}

async function main() {
  const assets = path.join(BUILD_DIR, "client", "assets");
  const asset = fs.readdirSync(assets).find((f) => f.endsWith(".js"));
  if (!asset) throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "login-burst-"));
  const server = await spawnServer({
    script: "server/main.ts",
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      BUILD_DIR,
      ADMIN_PASSWORD: "login-burst-admin-password",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
    },
  });
  const assetUrl = `${server.url}/assets/${asset}`;
  const rows: string[][] = [];
  const row = (name: string, ms: number[], extra: string) => {
    const s = summary(ms);
    rows.push([name, String(s.n), s.median.toFixed(1), s.p95.toFixed(1), s.max.toFixed(1), extra]);
  };
  try {
    await sampleWhile(assetUrl, Promise.resolve(), 20); // warm up
    row("asset alone", await sampleWhile(assetUrl, Promise.resolve(), 50), "");
    for (const [name, addressFor] of [
      ["one address", () => "198.51.100.7"],
      ["an address each", (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`],
    ] as const) {
      const logins = burst(server.url, addressFor);
      const latencies = await sampleWhile(assetUrl, logins);
      const { seconds, counts } = await logins;
      const answers = [...counts].map(([status, n]) => `${n}× ${status}`).join(", ");
      row(
        `during ${LOGINS} logins, ${name}`,
        latencies,
        `${answers}; burst ${seconds.toFixed(1)} s`,
      );
    }
  } finally {
    await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(["asset GET", "n", "median ms", "p95 ms", "max ms", "logins"], rows);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
