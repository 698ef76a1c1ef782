/**
 * npm run bench:api: how close the store's API comes to the limit of the machine.
 *
 * Two servers, each its own process, measured one after the other with autocannon
 * (50 connections, 10 s per target): the store (tests/support/api-server.ts: the same bootstrap,
 * middleware and routers as server/main.ts, on a fresh SQLite database) and a bare node:http
 * server from this very file that answers the same requests with the same domain code (zod
 * schema, pricing engine) and the same catalog held in memory. Ratio = store ÷ bare req/s.
 * Target: ≥ 0.7 on both routes, no errors.
 *
 * Options: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_PORT (default
 * 3510; the bare server +1).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PRODUCT_SEEDS } from "../domain/catalog";
import { centsToAmount } from "../domain/money";
import { blindsRates, calculateBlindsPrice } from "../domain/pricing";
import { seedPricingContext } from "../domain/pricing-seeds";
import { blindsPriceInputSchema } from "../domain/schemas";
import { spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const STORE_PORT = Number(process.env.BENCH_PORT || 3510);
const BARE_PORT = STORE_PORT + 1;
const TARGET_RATIO = 0.7;

const PRICE_BODY = JSON.stringify({
  productType: "vinyl",
  width: 36.5,
  height: 48.25,
  includeInstallation: true,
});

/** The bare server: node:http, no framework, no middleware; same domain code and data. */
function serveBare(port: number) {
  const productsJson = JSON.stringify(
    PRODUCT_SEEDS.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
      colors: p.colors,
    })),
  );
  const pricing = new Map(PRODUCT_SEEDS.map((p) => [p.type as string, p]));
  const json = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    res.end(body);
  };
  http
    .createServer((req, res) => {
      if (req.method === "GET" && req.url === "/api/products") return json(res, 200, productsJson);
      if (req.method === "GET" && req.url === "/healthz") return json(res, 200, '{"status":"ok"}');
      if (req.method === "POST" && req.url === "/api/calculate-price") {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          let input: unknown;
          try {
            input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            return json(res, 400, '{"error":{"code":"bad_request","message":"Bad JSON."}}');
          }
          const parsed = blindsPriceInputSchema.safeParse(input);
          const product = parsed.success ? pricing.get(parsed.data.productType) : undefined;
          if (!parsed.success || !product) {
            return json(res, 400, '{"error":{"code":"validation_failed","message":"Bad input."}}');
          }
          const { width, height, includeInstallation } = parsed.data;
          const price = calculateBlindsPrice(
            blindsRates(seedPricingContext(), product),
            width,
            height,
            includeInstallation,
          );
          json(
            res,
            200,
            JSON.stringify({
              blindsPrice: centsToAmount(price.blindsCents),
              installationPrice: centsToAmount(price.installationCents),
              totalPrice: centsToAmount(price.totalCents),
            }),
          );
        });
        return;
      }
      json(res, 404, '{"error":{"code":"not_found","message":"Not found."}}');
    })
    .listen(port, "127.0.0.1");
}

interface Target {
  name: string;
  path: string;
  method: "GET" | "POST";
  body?: string;
}

const TARGETS: Target[] = [
  {
    name: "POST /api/calculate-price",
    path: "/api/calculate-price",
    method: "POST",
    body: PRICE_BODY,
  },
  { name: "GET /api/products", path: "/api/products", method: "GET" },
];

async function measure(baseUrl: string, target: Target) {
  const headers: Record<string, string> = target.body ? { "content-type": "application/json" } : {};
  const options = {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    headers,
    body: target.body,
  };
  // Warm-up: JIT, catalog cache, SQLite page cache.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function sample(baseUrl: string, target: Target) {
  const res = await fetch(`${baseUrl}${target.path}`, {
    method: target.method,
    headers: target.body ? { "content-type": "application/json" } : {},
    body: target.body,
  });
  return { status: res.status, text: await res.text() };
}

async function main() {
  if (process.argv[2] === "--serve-bare") {
    serveBare(Number(process.argv[3]));
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const store = await spawnServer({
    script: "tests/support/api-server.ts",
    port: STORE_PORT,
    env: { DATA_DIR: dataDir, ADMIN_PASSWORD: "bench-admin-password", LOG_LEVEL: "info" },
  });
  const bare = await spawnServer({
    script: "bench/api.ts",
    args: ["--serve-bare", String(BARE_PORT)],
    port: BARE_PORT,
    env: {},
  });
  const rows: string[][] = [];
  let allMet = true;
  try {
    for (const target of TARGETS) {
      const [s, b] = [await sample(store.url, target), await sample(bare.url, target)];
      if (s.status !== 200) {
        rows.push([
          target.name,
          `store answers ${s.status}: not measured`,
          "",
          "",
          "",
          "",
          "",
          "✗",
        ]);
        allMet = false;
        continue;
      }
      if (s.text !== b.text) {
        process.stdout.write(
          `note: ${target.name} answers differ\n  store: ${s.text.slice(0, 200)}\n  bare:  ${b.text.slice(0, 200)}\n`,
        );
      }
      const storeResult = await measure(store.url, target);
      const bareResult = await measure(bare.url, target);
      const ratio = storeResult.rps / bareResult.rps;
      const met = ratio >= TARGET_RATIO && storeResult.errors === 0 && storeResult.non2xx === 0;
      allMet &&= met;
      rows.push([
        target.name,
        storeResult.rps.toFixed(0),
        bareResult.rps.toFixed(0),
        ratio.toFixed(2),
        `${storeResult.p50} / ${storeResult.p99}`,
        `${bareResult.p50} / ${bareResult.p99}`,
        `${storeResult.errors} / ${storeResult.non2xx}`,
        met ? "✓" : "✗",
      ]);
    }
  } finally {
    await store.kill("SIGTERM");
    await bare.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(
    [
      "route",
      "store req/s",
      "bare req/s",
      "ratio",
      "store p50/p99 ms",
      "bare p50/p99 ms",
      "errors/non-2xx",
      `≥ ${TARGET_RATIO}`,
    ],
    rows,
  );
  process.stdout.write(
    `\n${CONNECTIONS} connections, ${DURATION} s per target, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\n`,
  );
  process.exitCode = allMet ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
