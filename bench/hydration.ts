/**
 * npm run bench:hydration: what a page's JavaScript costs a phone's CPU, in figures a busy
 * machine moves less than Lighthouse's total blocking time (issue 25, decision 395).
 *
 * For each page, in Chromium (/usr/bin/chromium) with its CPU slowed 4 times (Lighthouse's
 * mobile preset) and the cache empty: the JavaScript transferred (compressed bytes, counted from
 * the network: the same on a quiet and a busy machine), the main thread's script time up to 3 s
 * after load (CDP Performance.getMetrics ScriptDuration), and the long tasks (> 50 ms) seen by a
 * PerformanceObserver set up before the page's first script: their count, the longest, and the
 * blocking time (the part of each over 50 ms, summed: what TBT adds up, without its window).
 *
 * BENCH_BUILDS=build-bench,build-before compares builds of this checkout (each directory made by
 * `BUILD_DIR=<dir> npm run build`, e.g. one at main and one at the branch): each build's store
 * runs at once, and the pages are visited in alternating order (A, B, B, A, …), so a change of
 * the machine's load falls on both. The medians per page and build are printed.
 * /cart and /checkout are visited with one item in the cart.
 *
 * Options: BENCH_BUILDS (default build-bench), BENCH_RUNS (default 5), BENCH_PORT (default
 * 3590; the n-th build takes +n), BENCH_PAGES (default /,/faq,/estimate,/cart,/checkout,/book,
 * /account), BENCH_THROTTLE (default 4), CHROMIUM_PATH.
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

interface Figures {
  jsKb: number;
  scriptMs: number;
  longTasks: number;
  longestMs: number;
  blockingMs: number;
}

/** Registered before any script of the page: every long task from the first byte on. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
`;

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
  await cdp.send("Performance.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  const scripts = new Set<string>();
  let jsBytes = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
  });
  await page.addInitScript(OBSERVE_LONG_TASKS);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const { metrics } = await cdp.send("Performance.getMetrics");
  const scriptS = metrics.find((m) => m.name === "ScriptDuration")?.value ?? 0;
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  await page.close();
  return {
    jsKb: jsBytes / 1024,
    scriptMs: scriptS * 1000,
    longTasks: tasks.length,
    longestMs: Math.max(0, ...tasks),
    blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
  };
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
          const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
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
      m("scriptMs").toFixed(0),
      m("longTasks").toFixed(0),
      m("longestMs").toFixed(0),
      m("blockingMs").toFixed(0),
      runs.map((r) => r.blockingMs.toFixed(0)).join(", "),
    ];
  });
  printTable(
    ["page", "build", "JS KB", "script ms", "long tasks", "longest ms", "blocking ms", "runs"],
    rows,
  );
  process.stdout.write(
    `\nMedians of ${RUNS} runs, CPU slowed ${THROTTLE}×; load average ${load
      .map((l) => l?.toFixed(1))
      .join(" → ")}\n`,
  );
}

await main();
