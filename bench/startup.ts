/**
 * npm run bench:startup: start-up time (spawn → first /healthz 200) and resident memory right
 * after start of the production server, compiled (BUILD_DIR/server/main.js on plain node) and,
 * for comparison, the same sources through tsx (server/main.ts compiled in memory at run time).
 * Each mode 3 times on one already migrated data folder (migrations are not part of it).
 * BUILD_DIR (default build) must hold a build (`npm run build`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const PORT = Number(process.env.BENCH_PORT || 3501);
const RUNS = Number(process.env.BENCH_RUNS || 3);

function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

async function main() {
  const compiled = path.join(BUILD_DIR, "server", "main.js");
  if (!fs.existsSync(compiled)) throw new Error(`${compiled} missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
  const env = {
    BUILD_DIR,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "bench-admin-password",
    LOG_LEVEL: "warn",
    // As `npm start` (scripts/start.mjs): React's production build is what a start imports.
    NODE_ENV: "production",
  };
  // First start migrates and seeds; not measured.
  await (await spawnServer({ script: compiled, port: PORT, env })).kill("SIGTERM");
  const rows: string[][] = [];
  try {
    for (const [mode, script] of [
      ["compiled (node)", compiled],
      ["tsx (server/main.ts)", "server/main.ts"],
    ] as const) {
      const times: number[] = [];
      const rss: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const server = await spawnServer({ script, port: PORT, env });
        times.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 500));
        rss.push(rssMb(server.child.pid));
        await server.kill("SIGTERM");
      }
      const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
      rows.push([mode, median(times).toFixed(0), median(rss).toFixed(0)]);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(["server", "start-up ms (median)", "RSS after start MB"], rows);
  process.stdout.write(
    `\n${RUNS} starts each, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
