/**
 * npm run bench:cpu: server CPU time per request (from /proc, user + system), which a shared
 * machine disturbs far less than requests per second. The same fixed number of requests is sent
 * to each server in turn, in alternating rounds: the bare node:http server of bench/api.ts
 * (answering GET /api/products and the price itself, and replaying the store's recorded answer
 * to the other POSTs after its own zod parse, as bench:api does), this tree's store
 * (tests/support/api-server.ts) and, with BASE_DIR=<another checkout with its node_modules>,
 * that checkout's store: a before/after side by side in one run.
 * Ratio = bare CPU ÷ store CPU per request (what requests/s would give on a saturated CPU).
 *
 * By default GET /api/products and POST /api/calculate-price; BENCH_POSTS=1 adds the storefront
 * POSTs of decisions 360 and 361 (the zebra and track prices, a new cart, a contact message), and
 * BENCH_ONLY picks among all of them. Each cart and
 * contact request comes from an address of its own behind one trusted proxy (TRUST_PROXY=1), as
 * in bench:api.
 *
 * BENCH_FLOOR=1 adds bench:api's floor server (bench/durable-floor.ts: the bare server plus the
 * durable rows of a new cart or a contact message, nothing else): what any store keeping those
 * writes on disk would spend at least.
 *
 * Options: BENCH_REQUESTS (per target and round, default 20000), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 20), BENCH_PORT (default 3560; +1, +2, +3), BENCH_ONLY (a part of
 * the routes' names), BENCH_POSTS=1, BASE_DIR, BENCH_FLOOR=1.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_ITEM,
  ZEBRA_MOTORIZED,
} from "../tests/support/sample-items";
import { nextAddress, ownAddressRequests } from "./client-addresses";
import { cpuMs, startProcess } from "./store-process";
import { printTable } from "./table";

const REQ = Number(process.env.BENCH_REQUESTS || 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONN = Number(process.env.BENCH_CONNECTIONS || 20);
const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT || 3560);

interface Target {
  name: string;
  path: string;
  body?: string;
  /** Each request from an address of its own (X-Forwarded-For behind one trusted proxy). */
  own?: boolean;
  /** Measured only with BENCH_POSTS=1. */
  post?: boolean;
}
const TARGETS: Target[] = [
  { name: "GET /api/products (br)", path: "/api/products" },
  {
    name: "POST /api/calculate-price",
    path: "/api/calculate-price",
    body: JSON.stringify({
      productType: "vinyl",
      width: 36.5,
      height: 48.25,
      includeInstallation: true,
    }),
  },
  {
    name: "POST /api/calculate-zebra-shade-price",
    path: "/api/calculate-zebra-shade-price",
    body: JSON.stringify({ productType: "zebra-shades", ...ZEBRA_MOTORIZED.configuration }),
    post: true,
  },
  {
    name: "POST /api/calculate-service-price",
    path: "/api/calculate-service-price",
    body: JSON.stringify({ serviceType: "track-replacement", width: 96.5 }),
    post: true,
  },
  {
    name: "POST /api/cart (a new cart)",
    path: "/api/cart",
    body: JSON.stringify(SAMPLE_ITEM),
    own: true,
    post: true,
  },
  {
    name: "POST /api/contact",
    path: "/api/contact",
    body: JSON.stringify(SAMPLE_CONTACT_MESSAGE),
    own: true,
    post: true,
  },
].filter(
  (t) =>
    (process.env.BENCH_POSTS === "1" || !t.post || !!process.env.BENCH_ONLY) &&
    (!process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY)),
);

/** The store or bare server in `dir`, with a data folder of its own. */
function start(dir: string, args: string[], port: number): Promise<ChildProcess> {
  return startProcess(dir, args, port, fs.mkdtempSync(path.join(os.tmpdir(), "bench-cpu-")));
}

/** The store's first answer to each replayed POST, for the bare server (as bench:api does). */
async function record(port: number, file: string): Promise<void> {
  const recorded = [];
  for (const t of TARGETS.filter((t) => t.body && t.path !== "/api/calculate-price")) {
    const res = await fetch(`http://127.0.0.1:${port}${t.path}`, {
      method: "POST",
      body: t.body,
      headers: {
        "content-type": "application/json",
        "accept-encoding": "identity",
        ...(t.own ? { "x-forwarded-for": nextAddress() } : {}),
      },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of res.headers) {
      if (!["date", "connection", "keep-alive", "transfer-encoding", "set-cookie"].includes(name)) {
        headers[name] = value;
      }
    }
    const cookies = res.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    headers["content-length"] = String(bytes.length);
    recorded.push({ path: t.path, status: res.status, headers, body: bytes.toString("base64") });
  }
  fs.writeFileSync(file, JSON.stringify(recorded));
}

async function main() {
  const servers: { name: string; child: ChildProcess; port: number }[] = [];
  const store = await start(ROOT, ["tests/support/api-server.ts"], PORT + 1);
  const replay = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-cpu-")), "r.json");
  await record(PORT + 1, replay);
  servers.push({
    name: "bare",
    child: await start(ROOT, ["bench/api.ts", "--serve-bare", String(PORT), replay], PORT),
    port: PORT,
  });
  servers.push({ name: "store", child: store, port: PORT + 1 });
  if (process.env.BASE_DIR) {
    servers.push({
      name: "base store",
      child: await start(process.env.BASE_DIR, ["tests/support/api-server.ts"], PORT + 2),
      port: PORT + 2,
    });
  }
  if (process.env.BENCH_FLOOR === "1") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cpu-floor-"));
    servers.push({
      name: "floor",
      child: await start(
        ROOT,
        ["bench/api.ts", "--serve-floor", String(PORT + 3), replay, dir],
        PORT + 3,
      ),
      port: PORT + 3,
    });
  }
  const used = new Map<string, number>();
  const loads: string[] = [];
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      loads.push(fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "));
      for (const t of TARGETS) {
        for (const s of round % 2 ? servers : [...servers].reverse()) {
          const before = cpuMs(s.child.pid);
          const r = await autocannon({
            url: `http://127.0.0.1:${s.port}${t.path}`,
            method: t.body ? "POST" : "GET",
            body: t.body,
            headers: {
              "accept-encoding": "br, gzip",
              ...(t.body ? { "content-type": "application/json" } : {}),
            },
            connections: CONN,
            amount: round === 0 ? 300 : REQ,
            ...(t.own
              ? {
                  requests: ownAddressRequests(),
                }
              : {}),
          });
          if (r.non2xx || r.errors) throw new Error(`${s.name} ${t.name}: errors`);
          // Round 0 warms up (JIT, caches) and is not counted.
          if (round === 0) continue;
          const key = `${t.name}\t${s.name}`;
          used.set(key, (used.get(key) ?? 0) + cpuMs(s.child.pid) - before);
        }
      }
    }
  } finally {
    for (const s of servers) s.child.kill("SIGTERM");
  }
  const per = (t: string, s: string) =>
    ((used.get(`${t}\t${s}`) ?? Number.NaN) * 1000) / (REQ * ROUNDS);
  const base = !!process.env.BASE_DIR;
  const floor = servers.some((s) => s.name === "floor");
  printTable(
    [
      "route",
      "bare µs",
      "store µs",
      "ratio",
      ...(base ? ["base store µs", "base ratio"] : []),
      ...(floor ? ["floor µs", "floor ratio"] : []),
    ],
    TARGETS.map((t) => {
      const [bare, mine, theirs, least] = [
        per(t.name, "bare"),
        per(t.name, "store"),
        per(t.name, "base store"),
        per(t.name, "floor"),
      ];
      return [
        t.name,
        bare.toFixed(1),
        mine.toFixed(1),
        (bare / mine).toFixed(2),
        ...(base ? [theirs.toFixed(1), (bare / theirs).toFixed(2)] : []),
        ...(floor ? [least.toFixed(1), (bare / least).toFixed(2)] : []),
      ];
    }),
  );
  process.stdout.write(
    `\nserver CPU per request (user + system, /proc), ${REQ} requests × ${ROUNDS} rounds, ${CONN} connections, node ${process.version}; load average at each round: ${loads.join(" / ")}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
