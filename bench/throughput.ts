/**
 * The throughput part of npm run bench:pages: how close the built store comes to the limit of
 * the machine for the very same answer.
 *
 * For each target the store's answer is fetched once, raw (asking for `br, gzip` like a
 * browser, nothing decompressed), and a bare node:http server in its own process (this file
 * with --serve-bare) replays exactly those bytes with the same status and headers. autocannon
 * (20 connections, `accept-encoding: br, gzip`) then measures the store and the bare server in
 * alternating slices (3 × 4 s each after a 2 s warm-up of each). Ratio = store ÷ bare req/s. The store's peak resident memory is VmHWM of
 * /proc/PID/status, read after the whole run (the store is a direct child process).
 *
 * Targets: pages ratio ≥ 0.25, JSON API ratio ≥ 0.5, 0 errors, peak RSS ≤ 130 MB ( * 150 MB before it).
 * Options: BENCH_DURATION (s per target and side, default 12), BENCH_CONNECTIONS (default 20).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type SpawnedServer, spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const DURATION = Number(process.env.BENCH_DURATION || 12);
const SLICES = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const ACCEPT_ENCODING = "br, gzip";
const PAGE_RATIO = 0.25;
const API_RATIO = 0.5;
const RSS_LIMIT_MB = 130;

export interface ThroughputTarget {
  name: string;
  path: string;
  method: "GET" | "POST";
  body?: string;
  kind: "page" | "api";
}

export const THROUGHPUT_TARGETS: ThroughputTarget[] = [
  { name: "/", path: "/", method: "GET", kind: "page" },
  { name: "/product/vinyl", path: "/product/vinyl", method: "GET", kind: "page" },
  { name: "/zebra-shades", path: "/zebra-shades", method: "GET", kind: "page" },
  { name: "/faq", path: "/faq", method: "GET", kind: "page" },
  { name: "GET /api/products", path: "/api/products", method: "GET", kind: "api" },
  {
    name: "POST /api/calculate-price",
    path: "/api/calculate-price",
    method: "POST",
    body: JSON.stringify({
      productType: "vinyl",
      width: 36.5,
      height: 48.25,
      includeInstallation: true,
    }),
    kind: "api",
  },
];

interface Recorded {
  key: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: string; // base64
}

/** Headers that describe the connection, not the answer: the bare server sets its own. */
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function record(baseUrl: string, target: ThroughputTarget): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const url = new URL(target.path, baseUrl);
    const req = http.request(
      url,
      {
        method: target.method,
        headers: {
          "accept-encoding": ACCEPT_ENCODING,
          ...(target.body ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
          }
          const body = Buffer.concat(chunks);
          headers["content-length"] = String(body.length);
          resolve({
            key: `${target.method} ${target.path}`,
            status: res.statusCode ?? 0,
            headers,
            body: body.toString("base64"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(target.body);
  });
}

/** The bare server: node:http answering each recorded request with its recorded bytes. */
function serveBare(port: number, file: string) {
  const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as Recorded[];
  const answers = new Map(
    recorded.map((r) => [r.key, { ...r, bytes: Buffer.from(r.body, "base64") }]),
  );
  http
    .createServer((req, res) => {
      const answer = answers.get(`${req.method} ${req.url}`);
      // Read (and drop) any request body, as the store must.
      req.resume();
      req.on("end", () => {
        if (!answer) {
          res.writeHead(req.url === "/healthz" ? 200 : 404, { "content-type": "text/plain" });
          res.end("ok");
          return;
        }
        res.writeHead(answer.status, answer.headers);
        res.end(answer.bytes);
      });
    })
    .listen(port, "127.0.0.1");
}

/**
 * Store and bare server in alternating slices (3 each), so that a change in the machine's
 * load (the cores are shared) touches both sides alike; req/s = all requests ÷ all time.
 */
async function compare(storeUrl: string, bareUrl: string, target: ThroughputTarget) {
  const slice = DURATION / SLICES;
  await load(storeUrl, target, 2); // warm-up: JIT, caches
  await load(bareUrl, target, 2);
  const totals = { store: { n: 0, errors: 0, non2xx: 0 }, bare: { n: 0, errors: 0, non2xx: 0 } };
  for (let i = 0; i < SLICES; i++) {
    for (const side of ["store", "bare"] as const) {
      const r = await load(side === "store" ? storeUrl : bareUrl, target, slice);
      totals[side].n += r.n;
      totals[side].errors += r.errors;
      totals[side].non2xx += r.non2xx;
    }
  }
  const rate = (side: "store" | "bare") => ({
    rps: totals[side].n / DURATION,
    errors: totals[side].errors,
    non2xx: totals[side].non2xx,
  });
  return { s: rate("store"), b: rate("bare") };
}

async function load(baseUrl: string, target: ThroughputTarget, duration: number) {
  const options = {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    headers: {
      "accept-encoding": ACCEPT_ENCODING,
      ...(target.body ? { "content-type": "application/json" } : {}),
    },
    body: target.body,
    connections: CONNECTIONS,
  };
  const r = await autocannon({ ...options, duration });
  return { n: r.requests.total, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

function memoryMb(pid: number | undefined, field: "VmHWM" | "VmRSS"): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const BENCH_FILE = path.resolve(import.meta.dirname, "throughput.ts");

/**
 * Runs the throughput part against an already started store; returns whether every target was
 * met. `store.child.pid` must be the serving process itself (spawnServer guarantees it).
 */
export async function runThroughput(store: SpawnedServer, barePort: number): Promise<boolean> {
  const startRss = memoryMb(store.child.pid, "VmRSS");
  const recorded: Recorded[] = [];
  for (const target of THROUGHPUT_TARGETS) recorded.push(await record(store.url, target));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-replay-")), "answers.json");
  fs.writeFileSync(file, JSON.stringify(recorded));
  const bare = await spawnServer({
    script: "bench/throughput.ts",
    args: ["--serve-bare", String(barePort), file],
    port: barePort,
    env: {},
  });
  const rows: string[][] = [];
  let allMet = true;
  try {
    for (const [i, target] of THROUGHPUT_TARGETS.entries()) {
      const rec = recorded[i] as Recorded;
      const { s, b } = await compare(store.url, bare.url, target);
      const ratio = s.rps / b.rps;
      const limit = target.kind === "page" ? PAGE_RATIO : API_RATIO;
      const errors = s.errors + s.non2xx;
      const met = ratio >= limit && errors === 0 && rec.status === 200;
      allMet &&= met;
      const encoding = (rec.headers["content-encoding"] as string | undefined) ?? "none";
      rows.push([
        target.name,
        String(rec.status),
        `${Number(rec.headers["content-length"]).toLocaleString("en-US")} (${encoding})`,
        s.rps.toFixed(0),
        b.rps.toFixed(0),
        ratio.toFixed(3),
        `${s.errors} / ${s.non2xx}`,
        met ? `✓ (≥ ${limit})` : `✗ (≥ ${limit})`,
      ]);
    }
  } finally {
    await bare.kill("SIGKILL");
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const peak = memoryMb(store.child.pid, "VmHWM");
  const rssMet = peak <= RSS_LIMIT_MB;
  allMet &&= rssMet;
  printTable(
    [
      "target",
      "status",
      "bytes sent",
      "store req/s",
      "bare req/s",
      "ratio",
      "errors/non-2xx",
      "met",
    ],
    rows,
  );
  process.stdout.write(
    `\nStore process: ${startRss.toFixed(0)} MB resident after start, peak ${peak.toFixed(0)} MB (VmHWM) ${rssMet ? "✓" : "✗"} (≤ ${RSS_LIMIT_MB} MB)\n` +
      `autocannon, ${CONNECTIONS} connections, accept-encoding: ${ACCEPT_ENCODING}, ${DURATION} s per target and side in ${SLICES} alternating slices after a 2 s warm-up, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " ",
        )}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\n\n`,
  );
  return allMet;
}

if (process.argv[1] === BENCH_FILE && process.argv[2] === "--serve-bare") {
  serveBare(Number(process.argv[3]), String(process.argv[4]));
}
