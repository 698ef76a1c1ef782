/**
 * npm run bench:pages: Lighthouse 12.8 (from node_modules) with its default mobile preset
 * (simulated slow 4G, mid-range phone CPU), driving Debian's /usr/bin/chromium through
 * chrome-launcher; the median of 3 runs per page on the built store (server/main.ts).
 * /cart and /checkout are measured with one item in the cart (the cart cookie is sent).
 *
 * Targets on indexable pages: performance ≥ 95, accessibility 100, best practices 100,
 * SEO 100; JavaScript transferred ≤ 120 KB (home) / ≤ 140 KB (configurators); CSS ≤ 20 KB.
 *
 * Builds into build-bench/ first (BENCH_NO_BUILD=1 reuses it). CHROMIUM_PATH overrides the
 * browser. BENCH_RUNS (default 3). BENCH_PORT (default 3501).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SAMPLE_ITEM } from "../tests/support/shopper";
import { spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const RUNS = Number(process.env.BENCH_RUNS || 3);
const ONLY = process.env.BENCH_PAGES?.split(",");
const PORT = Number(process.env.BENCH_PORT || 3501);
const BUILD_DIR = "build-bench";
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

interface PageSpec {
  path: string;
  indexable: boolean;
  /** JavaScript budget in KB (compressed, transferred), when the page has one. */
  jsBudgetKb?: number;
  withCart?: boolean;
}

const PAGES: PageSpec[] = [
  { path: "/", indexable: true, jsBudgetKb: 120 },
  { path: "/product/vinyl", indexable: true, jsBudgetKb: 140 },
  { path: "/zebra-shades", indexable: true, jsBudgetKb: 140 },
  { path: "/track-replacement", indexable: true, jsBudgetKb: 140 },
  { path: "/faq", indexable: true },
  { path: "/cart", indexable: false, withCart: true },
  { path: "/checkout", indexable: false, withCart: true },
];
const CSS_BUDGET_KB = 20;

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsKb: number;
  cssKb: number;
  failing: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function build() {
  const env = { ...process.env, BUILD_DIR };
  if (process.env.BENCH_NO_BUILD && fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    return;
  }
  process.stdout.write(`Building the store into ${BUILD_DIR}/ …\n`);
  execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"], env });
  execSync("npx tsx scripts/compress-assets.ts", { stdio: "ignore", env });
}

async function cartCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(SAMPLE_ITEM),
  });
  if (!res.ok) throw new Error(`POST /api/cart answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Lighthouse asks to be run again on some trace-recording errors (NO_NAVSTART): one retry. */
async function audit(url: string, port: number, headers: Record<string, string> | undefined) {
  try {
    return await auditOnce(url, port, headers);
  } catch (error) {
    process.stdout.write(`  retrying ${url}: ${(error as Error).message}\n`);
    return auditOnce(url, port, headers);
  }
}

async function auditOnce(url: string, port: number, headers: Record<string, string> | undefined) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    extraHeaders: headers,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const summary = lhr.audits["resource-summary"]?.details as
    | { items?: { resourceType: string; transferSize: number }[] }
    | undefined;
  const size = (type: string) =>
    (summary?.items?.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024;
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    jsKb: size("script"),
    cssKb: size("stylesheet"),
    failing,
  };
}

async function main() {
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const server = await spawnServer({
    script: "server/main.ts",
    port: PORT,
    env: {
      BUILD_DIR,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-admin-password",
      LOG_LEVEL: "warn",
    },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const rows: string[][] = [];
  const notes: string[] = [];
  let allMet = true;
  try {
    const cookie = await cartCookie(server.url);
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.path))) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const headers = page.withCart ? { Cookie: cookie } : undefined;
        runs.push(await audit(`${server.url}${page.path}`, chrome.port, headers));
      }
      const m = (key: keyof Omit<Figures, "failing">) => median(runs.map((r) => r[key]));
      const f = {
        performance: m("performance"),
        accessibility: m("accessibility"),
        bestPractices: m("bestPractices"),
        seo: m("seo"),
        jsKb: m("jsKb"),
        cssKb: m("cssKb"),
      };
      const misses: string[] = [];
      if (f.performance < 95) misses.push("performance");
      if (f.accessibility < 100) misses.push("accessibility");
      if (f.bestPractices < 100) misses.push("best practices");
      if (page.indexable && f.seo < 100) misses.push("SEO");
      if (page.jsBudgetKb !== undefined && f.jsKb > page.jsBudgetKb) misses.push("JS");
      if (f.cssKb > CSS_BUDGET_KB) misses.push("CSS");
      allMet &&= misses.length === 0;
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) notes.push(`${page.path}: failing audits: ${failing.join(", ")}`);
      rows.push([
        page.path + (page.withCart ? " (1 item)" : ""),
        String(f.performance),
        String(f.accessibility),
        String(f.bestPractices),
        page.indexable ? String(f.seo) : `${f.seo} (noindex)`,
        `${f.jsKb.toFixed(1)}${page.jsBudgetKb ? ` / ${page.jsBudgetKb}` : ""}`,
        `${f.cssKb.toFixed(1)} / ${CSS_BUDGET_KB}`,
        misses.length ? `✗ ${misses.join(", ")}` : "✓",
      ]);
    }
  } finally {
    await chrome.kill();
    await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(["page", "perf", "a11y", "best pr.", "SEO", "JS KB", "CSS KB", "targets"], rows);
  if (notes.length) process.stdout.write(`\n${notes.join("\n")}\n`);
  process.stdout.write(
    `\nLighthouse 12.8 mobile preset, median of ${RUNS}, ${CHROMIUM}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\n`,
  );
  process.exitCode = allMet ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
