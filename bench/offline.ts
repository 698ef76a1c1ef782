/**
 * npm run bench:offline: the installer's week kept on the phone, and how fast a job card opens
 * from it with no network.
 *
 * Starts the built store (BENCH_BUILD, default build) with an empty data folder, places 20
 * orders through the store's API and books one visit for each over the next 7 days (3 a day).
 * Chromium (a phone's viewport) opens My visits online, which registers the service worker and
 * keeps the week's lists and cards; then figures: the bytes kept (the visits cache, the
 * precache of code, and navigator.storage.estimate()'s usage, which also counts IndexedDB),
 * and, offline with the CPU slowed BENCH_THROTTLE times (4, Lighthouse's mobile preset), the
 * time from navigation to a hydrated job card, BENCH_RUNS times (default 5), each a different
 * card; the median is printed. Photos are not part of it (the queue's own budget holds them).
 *
 * Options: BENCH_BUILD, BENCH_PORT (default 3595), BENCH_RUNS, BENCH_THROTTLE, CHROMIUM_PATH.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, chromium, request } from "@playwright/test";
import { addDays, storeToday } from "../domain/scheduling/visit-time";
import { placeOrderThroughApi } from "../tests/e2e/fixtures";
import { spawnServer } from "../tests/support/spawn-server";

const BUILD = process.env.BENCH_BUILD || "build";
const PORT = Number(process.env.BENCH_PORT || 3595);
const RUNS = Number(process.env.BENCH_RUNS || 5);
const THROTTLE = Number(process.env.BENCH_THROTTLE || 4);
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const VISITS = 20;
const EMAIL = "bench.offline@example.com";
const PASSWORD = "bench-offline-password";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function json<T>(answer: Promise<{ ok(): boolean; text(): Promise<string> }>): Promise<T> {
  const res = await answer;
  const text = await res.text();
  if (!res.ok()) throw new Error(text);
  return JSON.parse(text);
}

/** 20 orders, one visit each, 3 a day from today. */
async function seedWeek(admin: APIRequestContext, baseURL: string): Promise<number[]> {
  const windows = [
    ["08:00", "10:00"],
    ["10:30", "12:30"],
    ["13:30", "15:30"],
  ] as const;
  const visitIds: number[] = [];
  for (let n = 0; n < VISITS; n++) {
    const lastName = `Week${n}`;
    // A shopper of her own each time: a new cart, from an address of her own (the store
    // limits orders per address).
    const shopper = await request.newContext({
      baseURL,
      extraHTTPHeaders: { "x-forwarded-for": `198.18.1.${n + 1}` },
    });
    await placeOrderThroughApi(shopper, {
      lastName,
      email: `week.${n}@example.com`,
      phone: "(239) 555-0142",
      address: `${10 + n} Palm Ave`,
      roomLabel: "Living room",
    });
    await shopper.dispose();
    const [order] = await json<{ id: number }[]>(admin.get(`/api/admin/orders?q=${lastName}`));
    if (!order) throw new Error(`no order ${lastName}`);
    const [start, end] = windows[n % 3] ?? windows[0];
    const visit = await json<{ id: number }>(
      admin.post(`/api/admin/orders/${order.id}/visits`, {
        data: { kind: "install", date: addDays(storeToday(), Math.floor(n / 3)), start, end },
      }),
    );
    visitIds.push(visit.id);
  }
  return visitIds;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-offline-"));
  const server = await spawnServer({
    script: path.join(BUILD, "server", "main.js"),
    port: PORT,
    env: {
      BUILD_DIR: BUILD,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "true",
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 812 },
    });
    await json(
      context.request.post("/api/admin/login", { data: { email: EMAIL, password: PASSWORD } }),
    );
    const visitIds = await seedWeek(context.request, server.url);
    const page = await context.newPage();
    const hydrated = () =>
      page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.goto("/admin/visits");
    await hydrated();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await hydrated();
    // My visits keeps every card of the week: wait until the last one is in the cache.
    const last = visitIds.at(-1);
    await page.waitForFunction(
      async (id) =>
        (await (await caches.open("back-office-visits")).match(`/admin/visits/${id}`)) !==
        undefined,
      last,
      { timeout: 120_000 },
    );
    const kept = await page.evaluate(async () => {
      const sizes: Record<string, number> = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        let bytes = 0;
        for (const key of await cache.keys()) {
          bytes += (await (await cache.match(key))?.arrayBuffer())?.byteLength ?? 0;
        }
        sizes[name] = bytes;
      }
      const estimate = await navigator.storage.estimate();
      return { sizes, usage: estimate.usage ?? 0 };
    });

    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await context.setOffline(true);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const id = visitIds[run % visitIds.length];
      const started = performance.now();
      await page.goto(`/admin/visits/${id}`);
      await hydrated();
      await page.getByTestId("job-card").waitFor();
      times.push(performance.now() - started);
    }
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    process.stdout.write(
      [
        `Kept for ${VISITS} visits over 7 days (no photos):`,
        ...Object.entries(kept.sizes).map(([name, bytes]) => `  cache ${name}: ${mb(bytes)}`),
        `  navigator.storage.estimate() usage: ${mb(kept.usage)}`,
        `Job card opened offline, CPU ${THROTTLE}x slower, ${RUNS} runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms`,
        `  median ${median(times).toFixed(0)} ms`,
        "",
      ].join("\n"),
    );
  } finally {
    await browser.close();
    await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
