/**
 * npm run bench:render: pages rendered per request (a fresh query string each time, so no page
 * cache answers), 4 connections, p50 and p95 of every response, on the compiled store
 * (build-bench/; `npm run bench:pages` builds it, or `BUILD_DIR=build-bench npm run build`),
 * run as `npm start` runs it (NODE_ENV=production, `--max-semi-space-size=4`).
 *
 * The personal pages measured are each set up over HTTP first, the way a shopper and the
 * owner make them: a cart with three items (its cookie also opens /checkout), an order placed
 * from a cart of its own (its status page), the owner's login (ADMIN_EMAIL) and that order's
 * page in the back office, and a quote built and sent by the owner (the customer's page).
 * Cached pages and the JSON API at 20 connections run between the rendered pages, as the load.
 *
 * With BASE_DIR=<another checkout, built the same way>, that checkout's store runs beside this
 * one, in alternating rounds under the same load: a before → after in one run. Each store's
 * resident memory after start and its peak (VmHWM) are printed too, and the server CPU time per
 * rendered page (/proc, user + system, over the counted rounds: less moved by a busy machine
 * than the latencies).
 * A BASE_DIR pair is only fair when neither tree leaks memory: a store that grows under the
 * rounds (as main before decision 340 did, to 415–427 MB) runs its garbage collection on the
 * machine's other core while the other store is measured, and doubled that store's CPU per page
 * (docs/quality.md). Then run each tree alone, one after the other
 * (`cd <tree> && npx tsx bench/render.ts`), and compare those runs.
 * Target: p95 ≤ 50 ms at 4 connections.
 *
 * Options: BENCH_ROUNDS (default 3, the first not counted), BENCH_SECONDS (per page and round,
 * default 3), BENCH_PORT (default 3580; +1 for BASE_DIR's store), BENCH_PAGES (names, comma
 * separated), BENCH_NO_LOAD=1 (the rendered pages alone: for a profile), SERVER_NODE_ARGS (extra node flags for the stores, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof": the profile is written when the store stops).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SAMPLE_ITEM } from "../tests/support/sample-items";
import { httpSend, placeOneOrder } from "../tests/support/shopper";
import { cpuMs } from "./store-process";
import { printTable } from "./table";
import { THROUGHPUT_TARGETS } from "./throughput";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT || 3580);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const BASE_DIR = process.env.BASE_DIR;
const PASSWORD = "bench-admin-password";
const EMAIL = "owner@bench.example.com";
const TARGET_MS = 50;
/** The load between the rendered pages: cached pages and the JSON API (bench:pages' own). */
const LOAD = THROUGHPUT_TARGETS.filter((t) => t.path !== "/zebra-shades" && t.path !== "/faq");

interface Store {
  name: string;
  dir: string;
  port: number;
  child: ChildProcess;
}

/** What a page is asked with, found once per store (its path and the cookie it needs). */
interface Page {
  name: string;
  path: string;
  cookie?: string;
}

function start(name: string, dir: string, port: number): Store {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUILD_DIR: "build-bench",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-render-")),
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_EMAIL: EMAIL,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
  const extra = process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...extra, "--max-semi-space-size=4", "build-bench/server/main.js"],
    { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  return { name, dir, port, child };
}

/** The process's CPU time so far (user + system, ms; /proc counts 10 ms ticks). */
function memoryMb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1]) / 1024;
}

async function started(port: number) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the store on ${port} did not start`);
}

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function expectOk(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The personal pages of one store, each made over HTTP as a shopper or the owner makes it. */
async function personalPages(base: string): Promise<Page[]> {
  const json = { "content-type": "application/json", origin: base };
  // A cart with three items (two products, two sizes).
  let cartCookie = "";
  for (const item of [
    SAMPLE_ITEM,
    { ...SAMPLE_ITEM, width: 30, height: 60, quantity: 2 },
    { ...SAMPLE_ITEM, productId: 6, productName: "Aluminum Mini Blinds", selectedColor: "silver" },
  ]) {
    const res = await fetch(`${base}/api/cart`, {
      method: "POST",
      headers: { ...json, ...(cartCookie ? { cookie: cartCookie } : {}) },
      body: JSON.stringify(item),
    });
    cartCookie = cookieOf(await expectOk(res, "POST /api/cart"));
  }
  // An order from a cart of its own.
  const placed = await placeOneOrder(httpSend(base), 1, { origin: base }, { tag: "render" });
  if (placed.answer.status !== 201) {
    throw new Error(`POST /api/orders answered ${placed.answer.status}`);
  }
  const { reference } = placed.answer.body as { reference: string };
  // The owner's session, the order's id in the back office, a quote built and sent.
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const adminCookie = cookieOf(await expectOk(login, "POST /api/admin/login"));
  const admin = { ...json, cookie: adminCookie };
  const orders = (await (
    await expectOk(
      await fetch(`${base}/api/admin/orders`, { headers: admin }),
      "GET /api/admin/orders",
    )
  ).json()) as { id: number; reference: string }[];
  const orderId = orders.find((o) => o.reference === reference)?.id;
  if (orderId === undefined) throw new Error(`order ${reference} not in /api/admin/orders`);
  const quote = (await (
    await expectOk(
      await fetch(`${base}/api/admin/quotes`, {
        method: "POST",
        headers: admin,
        body: JSON.stringify({
          customer: {
            firstName: "Bench",
            lastName: "Customer",
            email: "bench.render@example.org",
            phone: "(239) 555-0188",
            address: "1 Bench Way",
            city: "Fort Myers",
            zipCode: "33901",
          },
          items: [1, 2, 6].map((productId, n) => ({
            productId,
            width: 30 + n * 6,
            height: 60,
            selectedColor: productId === 6 ? "silver" : productId === 2 ? "ivory" : "white",
            includeInstallation: true,
            quantity: 1 + n,
            roomLabel: `Room ${n + 1}`,
            optional: n === 2,
          })),
          discountPercent: 5,
        }),
      }),
      "POST /api/admin/quotes",
    )
  ).json()) as { id: number };
  await expectOk(
    await fetch(`${base}/api/admin/quotes/${quote.id}/send`, { method: "POST", headers: admin }),
    "POST /api/admin/quotes/:id/send",
  );
  const detail = (await (
    await expectOk(
      await fetch(`${base}/api/admin/quotes/${quote.id}`, { headers: admin }),
      "GET /api/admin/quotes/:id",
    )
  ).json()) as { link: string };
  return [
    { name: "/cart (3 items)", path: "/cart", cookie: cartCookie },
    { name: "/checkout (3 items)", path: "/checkout", cookie: cartCookie },
    { name: "/orders/:reference", path: `/orders/${reference}` },
    { name: "/admin/orders/:id (owner)", path: `/admin/orders/${orderId}`, cookie: adminCookie },
    { name: "/quotes/:token", path: new URL(detail.link, base).pathname },
  ];
}

const PUBLIC_PAGES: Page[] = [
  { name: "/", path: "/" },
  { name: "/product/vinyl", path: "/product/vinyl" },
  { name: "/faq", path: "/faq" },
];

async function main() {
  const dirs = [
    ...(BASE_DIR ? [{ name: "before", dir: BASE_DIR }] : []),
    { name: "this tree", dir: ROOT },
  ];
  for (const d of dirs) {
    if (!fs.existsSync(path.join(d.dir, "build-bench/server/main.js"))) {
      throw new Error(`No ${d.dir}/build-bench/: BUILD_DIR=build-bench npm run build there first`);
    }
  }
  const stores = dirs.map((d, i) => start(d.name, d.dir, PORT + dirs.length - 1 - i));
  const times = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const cpu = new Map<string, number>();
  const startRss: number[] = [];
  const only = process.env.BENCH_PAGES?.split(",");
  let n = 0;
  try {
    for (const s of stores) await started(s.port);
    for (const s of stores) startRss.push(memoryMb(s.child.pid, "VmRSS"));
    const pages = new Map<Store, Page[]>();
    for (const s of stores) {
      const all = [...PUBLIC_PAGES, ...(await personalPages(`http://127.0.0.1:${s.port}`))];
      pages.set(
        s,
        all.filter((p) => !only || only.includes(p.name)),
      );
      // Every page answers 200 with the cookie it was made with before anything is timed.
      for (const p of pages.get(s) ?? []) {
        const res = await fetch(`http://127.0.0.1:${s.port}${p.path}`, {
          headers: p.cookie ? { cookie: p.cookie } : {},
        });
        await expectOk(res, `${s.name}: GET ${p.path}`);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of stores) {
        const base = `http://127.0.0.1:${s.port}`;
        for (const t of process.env.BENCH_NO_LOAD ? [] : LOAD) {
          await autocannon({
            url: `${base}${t.path}`,
            method: t.method,
            body: t.body,
            headers: {
              "accept-encoding": "br, gzip",
              ...(t.body ? { "content-type": "application/json" } : {}),
            },
            connections: 20,
            duration: SECONDS,
          });
        }
        for (const page of pages.get(s) ?? []) {
          const run = autocannon({
            url: `${base}${page.path}`,
            connections: 4,
            duration: SECONDS,
            headers: {
              "accept-encoding": "br, gzip",
              ...(page.cookie ? { cookie: page.cookie } : {}),
            },
            requests: [{ setupRequest: (r) => ({ ...r, path: `${page.path}?r=${n++}` }) }],
          });
          const key = `${s.name}\t${page.name}`;
          const cpuBefore = cpuMs(s.child.pid);
          run.on("response", (_c, status, _bytes, ms) => {
            if (round === 0) return;
            if (status !== 200) failures.set(key, (failures.get(key) ?? 0) + 1);
            times.set(key, [...(times.get(key) ?? []), ms]);
          });
          await run;
          if (round > 0) cpu.set(key, (cpu.get(key) ?? 0) + cpuMs(s.child.pid) - cpuBefore);
        }
      }
    }
    const names = [...new Set([...pages.values()].flat().map((p) => p.name))];
    const rows = names.map((name) => {
      const cells = stores.flatMap((s) => {
        const key = `${s.name}\t${name}`;
        const t = (times.get(key) ?? []).sort((a, b) => a - b);
        const bad = failures.get(key);
        return [
          `${t.length}${bad ? ` (${bad} not 200)` : ""}`,
          percentile(t, 50).toFixed(1),
          percentile(t, 95).toFixed(1),
          ((cpu.get(key) ?? 0) / t.length).toFixed(1),
        ];
      });
      const last = (times.get(`${stores.at(-1)?.name}\t${name}`) ?? []).sort((a, b) => a - b);
      return [name, ...cells, percentile(last, 95) <= TARGET_MS ? "✓" : "✗"];
    });
    printTable(
      [
        "page",
        ...stores.flatMap((s) => [`${s.name}: n`, "p50 ms", "p95 ms", "CPU ms/page"]),
        `p95 ≤ ${TARGET_MS}`,
      ],
      rows,
    );
    for (const [i, s] of stores.entries()) {
      process.stdout.write(
        `${s.name} (${s.dir}): ${startRss[i]?.toFixed(0)} MB resident after start, peak ${memoryMb(s.child.pid, "VmHWM").toFixed(0)} MB\n`,
      );
    }
    process.stdout.write(
      `4 connections per rendered page, ${SECONDS} s × ${ROUNDS - 1} counted rounds, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
    );
  } finally {
    await Promise.all(
      stores.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null) return resolve();
            s.child.once("exit", () => resolve());
            s.child.kill("SIGTERM");
          }),
      ),
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
