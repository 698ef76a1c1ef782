/**
 * Where a server's latency tail comes from: loaded into a bench's server with
 * `SERVER_NODE_ARGS="--import $PWD/bench/event-loop-probe.mjs"` (an absolute path, so that a
 * BASE_DIR store loads the same probe), it records from the first POST /api/orders on:
 * - the event loop's delay (perf_hooks' monitorEventLoopDelay, 1 ms resolution): how late a
 *   timer ran, i.e. how long the loop was held by one turn of work or a blocking call;
 * - every garbage collection (kind: 1 scavenge, 2 mark-compact, 4 incremental, 8 weak callbacks)
 *   and its pause;
 * and at exit writes a JSON summary to PROBE_DIR (default the system's temporary directory),
 * `event-loop-<pid>.json`, with the process's working directory in it to tell the stores apart.
 */
import diagnostics from "node:diagnostics_channel";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
/** [kind, pause ms] of each collection since the first order. */
const collections = [];
let cpuAtStart = process.cpuUsage();
let started = false;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    collections.push([entry.detail?.kind ?? 0, entry.duration]);
  }
}).observe({ entryTypes: ["gc"] });

diagnostics.subscribe("http.server.request.start", ({ request }) => {
  if (started || request.url !== "/api/orders") return;
  started = true;
  delay.reset();
  collections.length = 0;
  cpuAtStart = process.cpuUsage();
});

const ms = (ns) => Math.round(ns / 1e4) / 100;

process.on("exit", () => {
  const byKind = {};
  for (const [kind, pause] of collections) {
    byKind[kind] ??= { count: 0, ms: 0, maxMs: 0 };
    const k = byKind[kind];
    k.count++;
    k.ms = Math.round((k.ms + pause) * 100) / 100;
    k.maxMs = Math.max(k.maxMs, Math.round(pause * 100) / 100);
  }
  const cpu = process.cpuUsage(cpuAtStart);
  const summary = {
    cwd: process.cwd(),
    pid: process.pid,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    eventLoopDelayMs: {
      samples: delay.count,
      mean: ms(delay.mean),
      p50: ms(delay.percentile(50)),
      p90: ms(delay.percentile(90)),
      p99: ms(delay.percentile(99)),
      p999: ms(delay.percentile(99.9)),
      max: ms(delay.max),
    },
    garbageCollections: byKind,
  };
  const dir = process.env.PROBE_DIR || os.tmpdir();
  fs.writeFileSync(
    path.join(dir, `event-loop-${process.pid}.json`),
    `${JSON.stringify(summary, null, 1)}\n`,
  );
});
