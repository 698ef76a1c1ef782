/**
 * npm run bench:cpu: server CPU time per request (from /proc, user + system), which a shared
 * machine disturbs far less than requests per second. The same fixed number of requests is sent
 * to each server in turn, in alternating rounds: the bare node:http server of bench/api.ts, this
 * tree's store (tests/support/api-server.ts) and, with BASE_DIR=<another checkout with its
 * node_modules>, that checkout's store: a before/after side by side in one run.
 * Ratio = bare CPU ÷ store CPU per request (what requests/s would give on a saturated CPU).
 *
 * Options: BENCH_REQUESTS (per target and round, default 20000), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 20), BENCH_PORT (default 3560; +1, +2).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { printTable } from "./table";

const REQUESTS = Number(process.env.BENCH_REQUESTS || 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const PORT = Number(process.env.BENCH_PORT || 3560);
const ROOT = path.resolve(import.meta.dirname, "..");

const TARGETS = [
  { name: "GET /api/products (br)", path: "/api/products", method: "GET" as const },
  {
    name: "POST /api/calculate-price",
    path: "/api/calculate-price",
    method: "POST" as const,
    body: JSON.stringify({
      productType: "vinyl",
      width: 36.5,
      height: 48.25,
      includeInstallation: true,
    }),
  },
];

function cpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function start(dir: string, args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: dir,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-cpu-")),
      ADMIN_PASSWORD: "bench-admin-password",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${args.join(" ")} did not start`);
}

async function main() {
  const servers: { name: string; child: ChildProcess; port: number }[] = [];
  servers.push({
    name: "bare",
    child: await start(ROOT, ["bench/api.ts", "--serve-bare", String(PORT)], PORT),
    port: PORT,
  });
  servers.push({
    name: "store",
    child: await start(ROOT, ["tests/support/api-server.ts"], PORT + 1),
    port: PORT + 1,
  });
  if (process.env.BASE_DIR) {
    servers.push({
      name: "base store",
      child: await start(process.env.BASE_DIR, ["tests/support/api-server.ts"], PORT + 2),
      port: PORT + 2,
    });
  }
  const used = new Map<string, number>();
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      for (const target of TARGETS) {
        for (const s of servers) {
          const before = cpuMs(s.child.pid);
          const r = await autocannon({
            url: `http://127.0.0.1:${s.port}${target.path}`,
            method: target.method,
            body: target.body,
            headers: {
              "accept-encoding": "br, gzip",
              ...(target.body ? { "content-type": "application/json" } : {}),
            },
            connections: CONNECTIONS,
            amount: REQUESTS,
          });
          if (r.non2xx || r.errors) throw new Error(`${s.name} ${target.name}: errors`);
          // Round 0 warms up (JIT, caches) and is not counted.
          if (round === 0) continue;
          const key = `${target.name}\t${s.name}`;
          used.set(key, (used.get(key) ?? 0) + cpuMs(s.child.pid) - before);
        }
      }
    }
  } finally {
    for (const s of servers) s.child.kill("SIGTERM");
  }
  const perRequest = (t: string, s: string) =>
    ((used.get(`${t}\t${s}`) ?? Number.NaN) * 1000) / (REQUESTS * ROUNDS);
  printTable(
    [
      "route",
      "bare µs",
      "store µs",
      "ratio",
      ...(process.env.BASE_DIR ? ["base store µs", "base ratio"] : []),
    ],
    TARGETS.map((t) => {
      const bare = perRequest(t.name, "bare");
      const store = perRequest(t.name, "store");
      const base = perRequest(t.name, "base store");
      return [
        t.name,
        bare.toFixed(1),
        store.toFixed(1),
        (bare / store).toFixed(2),
        ...(process.env.BASE_DIR ? [base.toFixed(1), (bare / base).toFixed(2)] : []),
      ];
    }),
  );
  process.stdout.write(
    `\nserver CPU per request (user + system, /proc), ${REQUESTS} requests × ${ROUNDS} rounds, ${CONNECTIONS} connections, node ${process.version}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
