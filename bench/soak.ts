/**
 * npm run bench:soak: does the store's memory settle under steady mixed traffic? The built store
 * (BUILD_DIR/server/main.js, default build; BENCH_API_ONLY=1 runs tests/support/api-server.ts
 * instead, no build needed) on a fresh SQLite database, on loopback, for BENCH_MINUTES (default
 * 30) at BENCH_RATE requests a second (default 30, sent on a fixed schedule whatever the answers'
 * speed): pages, catalog and cart reads, carts and orders, contact messages and reviews (each from
 * its own address, so no limit refuses them), /healthz. It samples the server's RSS every
 * BENCH_SAMPLE_SECONDS (default 30), with its parts (anonymous, file-backed, shared) and the
 * requests still waiting, and judges it level when, over the last two thirds of the run
 * (20 of 30 minutes), the highest sample is within 10 % of the lowest. It stops by itself.
 *
 * BENCH_HEAP_SNAPSHOTS=1 starts the server with --heapsnapshot-signal=SIGUSR2 and asks for a
 * snapshot after the warm-up third and at the end (written to BENCH_SNAPSHOT_DIR, default
 * /tmp/soak-heap): compare them in Chrome's DevTools (Comparison view) to see what grew.
 * BENCH_PORT (default 3397).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SAMPLE_CONTACT_MESSAGE } from "../tests/support/sample-items";
import { httpSend, placeOneOrder } from "../tests/support/shopper";
import { spawnServer } from "../tests/support/spawn-server";
import { createTestDatabase } from "../tests/support/test-database";

const PORT = Number(process.env.BENCH_PORT || 3397);
const MINUTES = Number(process.env.BENCH_MINUTES || 30);
const RATE = Math.min(100, Number(process.env.BENCH_RATE || 30));
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS || 30);
const BUILD_DIR = process.env.BUILD_DIR || "build";
const API_ONLY = process.env.BENCH_API_ONLY === "1";
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === "1";
const SNAPSHOT_DIR = process.env.BENCH_SNAPSHOT_DIR || "/tmp/soak-heap";
/** Level: the window's highest RSS at most this much above its lowest. */
const LEVEL_WITHIN = 0.1;

/** The server's resident set in MB from /proc (Linux), and its parts: anonymous memory (the
 * JavaScript heap, malloc), file-backed pages (code, mapped files) and shared memory (SQLite's
 * -shm index). */
function rssMb(pid: number): { rss: number; anon: number; file: number; shmem: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: mb("VmRSS"), anon: mb("RssAnon"), file: mb("RssFile"), shmem: mb("RssShmem") };
}

/** Waits (a minute at most) until a new snapshot file is there and no longer grows. */
async function snapshotWritten(filesBefore: number): Promise<void> {
  let size = -1;
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    const files = fs.readdirSync(SNAPSHOT_DIR).sort();
    const newest = files.at(-1);
    if (files.length <= filesBefore || !newest) continue;
    const now = fs.statSync(path.join(SNAPSHOT_DIR, newest)).size;
    if (now > 0 && now === size) return;
    size = now;
  }
}

const REVIEW = {
  customerName: "Maria Lopez",
  customerEmail: "maria@example.com",
  customerLocation: "Cape Coral",
  productType: "vinyl",
  rating: 4,
  reviewText: "Measured, made and installed in two weeks. Great fit.",
};

async function main() {
  if (!API_ONLY && !fs.existsSync(path.join(BUILD_DIR, "server", "main.js"))) {
    throw new Error(`No build in ${BUILD_DIR}/: run npm run build, or set BENCH_API_ONLY=1.`);
  }
  if (SNAPSHOTS) fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
  const database = await createTestDatabase("sqlite");
  // The built store runs with the node flags `npm start` gives it (the young generation's size
  // sets how far RSS saws between collections): read from package.json, not copied here.
  if (!API_ONLY) {
    const start: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start;
    const flags = start.split(" ").filter((word) => word.startsWith("--"));
    process.env.SERVER_NODE_ARGS = [process.env.SERVER_NODE_ARGS ?? "", ...flags].join(" ");
    process.stdout.write(`The built store with npm start's node flags: ${flags.join(" ")}\n`);
  }
  if (SNAPSHOTS) {
    process.env.SERVER_NODE_ARGS = [
      process.env.SERVER_NODE_ARGS ?? "",
      "--heapsnapshot-signal=SIGUSR2",
      `--diagnostic-dir=${SNAPSHOT_DIR}`,
    ].join(" ");
  }
  const server = await spawnServer({
    script: API_ONLY ? "tests/support/api-server.ts" : path.join(BUILD_DIR, "server", "main.js"),
    port: PORT,
    timeoutMs: 120_000,
    env: {
      BUILD_DIR,
      DATA_DIR: database.dataDir,
      ADMIN_PASSWORD: "bench-admin-password",
      TRUST_PROXY: "true",
      LOG_FILE: path.join(database.dataDir, "store.log"),
      NODE_ENV: "production",
    },
  });
  const pid = server.child.pid ?? 0;
  const send = httpSend(server.url);
  let n = 0;
  const from = () => {
    const i = n++;
    return { "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  };
  const pages = API_ONLY ? [] : ["/", "/product/vinyl", "/faq", "/zebra-shades", "/contact"];
  // One request (or a shopper's few) per slot, in this proportion.
  const mix: (() => Promise<unknown>)[] = [
    () => send("GET", "/api/products"),
    () => send("GET", "/api/reviews"),
    () => send("GET", "/healthz"),
    ...pages.map((p) => () => send("GET", p)),
    ...pages.map((p) => () => send("GET", `${p}?utm=${n++}`)),
    () => placeOneOrder(send, n++, from(), { tag: "soak" }),
    () => send("POST", "/api/contact", SAMPLE_CONTACT_MESSAGE, from()),
    () => send("POST", "/api/reviews", REVIEW, from()),
  ];

  const started = performance.now();
  const end = started + MINUTES * 60_000;
  const samples: { minute: number; rss: number }[] = [];
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  const inFlight = new Set<Promise<unknown>>();
  const sample = () => {
    const minute = (performance.now() - started) / 60_000;
    const { rss, anon, file, shmem } = rssMb(pid);
    samples.push({ minute, rss });
    process.stdout.write(
      `${minute.toFixed(1).padStart(5)} min  RSS ${rss.toFixed(1)} MB (anonymous ${anon.toFixed(1)}, ` +
        `files ${file.toFixed(1)}, shared ${shmem.toFixed(1)}); ${inFlight.size} requests waiting\n`,
    );
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_SECONDS * 1000);
  let snapshotAsked = false;
  try {
    for (let slot = 0; performance.now() < end; slot++) {
      const due = started + (slot * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Bounded: a store that stops answering is not buried under a growing backlog.
      if (inFlight.size >= RATE * 5) {
        skipped++;
        continue;
      }
      const work = mix[slot % mix.length]?.() ?? Promise.resolve();
      const tracked = work.then(
        () => {},
        () => {
          failed++;
        },
      );
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
      sent++;
      if (SNAPSHOTS && !snapshotAsked && performance.now() - started > (MINUTES * 60_000) / 3) {
        snapshotAsked = true;
        process.kill(pid, "SIGUSR2");
      }
    }
    await Promise.all(inFlight);
    if (SNAPSHOTS) {
      const before = fs.readdirSync(SNAPSHOT_DIR).length;
      process.kill(pid, "SIGUSR2");
      await snapshotWritten(before);
    }
  } finally {
    clearInterval(sampler);
    sample();
    await server.kill("SIGTERM");
    await database.drop();
  }

  const windowStart = MINUTES / 3;
  const window = samples.filter((s) => s.minute >= windowStart);
  const low = Math.min(...window.map((s) => s.rss));
  const high = Math.max(...window.map((s) => s.rss));
  const level = high <= low * (1 + LEVEL_WITHIN);
  process.stdout.write(
    `\n${sent} request slots in ${MINUTES} min at ${RATE}/s (${failed} failed, ${skipped} skipped: ${RATE * 5} still unanswered); ` +
      `RSS from ${samples[0]?.rss.toFixed(1)} MB to ${samples.at(-1)?.rss.toFixed(1)} MB; ` +
      `over the last ${(MINUTES - windowStart).toFixed(0)} min ${low.toFixed(1)}–${high.toFixed(1)} MB ` +
      `(${(((high - low) / low) * 100).toFixed(1)} %): ${level ? "LEVEL" : "NOT LEVEL"} ` +
      `(within ${LEVEL_WITHIN * 100} %). ${API_ONLY ? "API only" : "built store"}, SQLite, ` +
      `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
  );
  if (SNAPSHOTS) process.stdout.write(`Heap snapshots in ${SNAPSHOT_DIR}\n`);
  process.exitCode = level && failed + skipped === 0 ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
