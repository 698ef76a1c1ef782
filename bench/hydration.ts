/**
 * npm run bench:hydration: what a page's JavaScript costs a phone's CPU, in figures a busy
 * machine moves less than Lighthouse's total blocking time.
 *
 * Each page is loaded in Chromium (/usr/bin/chromium) with an empty cache and a trace recorded
 * until 2 s after load. Figures: the JavaScript transferred (compressed bytes, from the network:
 * the same on a quiet and a busy machine); the CPU time (trace `tdur`, not wall time, so a
 * descheduled thread does not count) of the main thread's tasks and of the script work in them
 * (compiling, evaluating modules, React's hydration and effects); the longest task and the
 * blocking time as Lighthouse's simulated mobile CPU would see them: each task's CPU time times
 * BENCH_THROTTLE (4, Lighthouse's mobile preset), the part over 50 ms summed (as total blocking
 * time does, without its FCP-to-interactive window).
 *
 * BENCH_BUILDS=build-bench,build-before compares builds of this checkout (each directory made by
 * `BUILD_DIR=<dir> npm run build`, e.g. one at main and one at the branch): each build's store
 * runs at once, and the pages are visited in alternating order (A, B, then B, A, …), so a change
 * of the machine's load falls on both. The medians per page and build are printed, with every
 * run's blocking time. /cart and /checkout are visited with one item in the cart.
 *
 * Options: BENCH_BUILDS (default build-bench), BENCH_RUNS (default 5), BENCH_PORT (default
 * 3590; the n-th build takes +n), BENCH_PAGES (default /,/faq,/estimate,/cart,/checkout,/book,
 * /account), BENCH_THROTTLE (default 4), BENCH_SCRIPTS_OFF=1 (JavaScript off in the browser: what
 * a page served without hydration would cost), CHROMIUM_PATH.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { SAMPLE_ITEM } from "../tests/support/sample-items";
import { type SpawnedServer, spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const BUILDS = (process.env.BENCH_BUILDS || "build-bench").split(",");
const RUNS = Number(process.env.BENCH_RUNS || 5);
const PORT = Number(process.env.BENCH_PORT || 3590);
const THROTTLE = Number(process.env.BENCH_THROTTLE || 4);
const PAGES = (process.env.BENCH_PAGES || "/,/faq,/estimate,/cart,/checkout,/book,/account").split(
  ",",
);
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const WITH_CART = new Set(["/cart", "/checkout"]);
/** BENCH_SCRIPTS_OFF=1: the same pages with JavaScript off, as if served without hydration. */
const SCRIPTS_OFF = process.env.BENCH_SCRIPTS_OFF === "1";

interface Figures {
  jsKb: number;
  cpuMs: number;
  scriptMs: number;
  longestMs: number;
  blockingMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Work of V8 on the page's scripts: compiling, evaluating modules, calling into them. */
const SCRIPT_EVENTS = new Set([
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "v8.callFunction",
  "v8.run",
  "EvaluateScript",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "RunMicrotasks",
]);

/** The page's main thread's tasks (CPU time: `tdur`) and, in each, the script work at its top. */
function mainThreadFigures(events: TraceEvent[]) {
  // The page's renderer: of the main threads in the trace (about:blank's too), the busiest.
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const ofThread = (m: TraceEvent) =>
    events.filter((e) => e.ph === "X" && e.pid === m.pid && e.tid === m.tid);
  const busy = (list: TraceEvent[]) =>
    list.filter((e) => e.name === "RunTask").reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const mine = mains.map(ofThread).sort((a, b) => busy(b) - busy(a))[0] ?? [];
  const tasks = mine.filter((e) => e.name === "RunTask");
  const scripts = mine.filter((e) => SCRIPT_EVENTS.has(e.name));
  const inside = (a: TraceEvent, b: TraceEvent) =>
    a !== b && a.ts >= b.ts && a.ts + (a.dur ?? 0) <= b.ts + (b.dur ?? 0);
  const outermost = scripts.filter((s) => !scripts.some((o) => inside(s, o)));
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  return {
    cpuMs: tasks.reduce((sum, t) => sum + cpu(t), 0),
    scriptMs: outermost.reduce((sum, s) => sum + cpu(s), 0),
    longestMs: THROTTLE * Math.max(0, ...tasks.map(cpu)),
    // What Lighthouse's simulation does with a task (its duration × the slow-down) summed as
    // total blocking time does (the part over 50 ms), here from the task's CPU time.
    blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, THROTTLE * cpu(t) - 50), 0),
  };
}

async function cartCookie(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(SAMPLE_ITEM),
  });
  if (!res.ok) throw new Error(`POST /api/cart answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const [name = "", ...value] = (pair ?? "").split("=");
    return { name, value: value.join("="), url: baseUrl };
  });
}

async function measure(context: BrowserContext, url: string): Promise<Figures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Set<string>();
  let jsBytes = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
  });
  const browser = context.browser();
  if (!browser) throw new Error("no browser");
  await browser.startTracing(page, {
    categories: ["toplevel", "v8", "devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(2000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  await page.close();
  return { jsKb: jsBytes / 1024, ...mainThreadFigures(trace.traceEvents) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  const servers: { build: string; server: SpawnedServer; dataDir: string }[] = [];
  for (const [i, build] of BUILDS.entries()) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hydration-"));
    const script = path.join(build, "server", "main.js");
    const server = await spawnServer({
      script: fs.existsSync(script) ? script : "server/main.ts",
      port: PORT + i,
      env: {
        BUILD_DIR: build,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        ADMIN_PASSWORD: "bench-admin-password",
      },
    });
    servers.push({ build, server, dataDir });
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const load = [os.loadavg()[0]];
  const results = new Map<string, Figures[]>();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const pagePath of PAGES) {
        // A, B, … then …, B, A: each build is first as often as it is last.
        const order = run % 2 === 0 ? servers : [...servers].reverse();
        for (const { build, server } of order) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            javaScriptEnabled: !SCRIPTS_OFF,
          });
          if (WITH_CART.has(pagePath)) await context.addCookies(await cartCookie(server.url));
          const figures = await measure(context, `${server.url}${pagePath}`);
          await context.close();
          const key = `${pagePath}\t${build}`;
          results.set(key, [...(results.get(key) ?? []), figures]);
        }
      }
    }
  } finally {
    load.push(os.loadavg()[0]);
    await browser.close();
    for (const { server, dataDir } of servers) {
      await server.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const rows = [...results].map(([key, runs]) => {
    const [pagePath, build] = key.split("\t");
    const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
    return [
      pagePath ?? "",
      build ?? "",
      m("jsKb").toFixed(1),
      m("cpuMs").toFixed(0),
      m("scriptMs").toFixed(0),
      m("longestMs").toFixed(0),
      m("blockingMs").toFixed(0),
      runs.map((r) => r.blockingMs.toFixed(0)).join(", "),
    ];
  });
  printTable(
    [
      "page",
      "build",
      "JS KB",
      "main thread CPU ms",
      "script CPU ms",
      `longest task CPU ×${THROTTLE} ms`,
      `blocking (CPU ×${THROTTLE}) ms`,
      "runs",
    ],
    rows,
  );
  process.stdout.write(
    `\nMedians of ${RUNS} runs; CPU time of the main thread's tasks from a trace; load average ${load
      .map((l) => l?.toFixed(1))
      .join(" → ")}\n`,
  );
}

await main();
