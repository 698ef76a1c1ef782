/**
 * npm run bench:api: how close the store's API comes to the limit of the machine.
 *
 * Two servers, each its own process, measured one after the other with autocannon
 * (50 connections, 10 s per target): the store (tests/support/api-server.ts: the same bootstrap,
 * middleware and routers as server/main.ts, on a fresh SQLite database) and a bare node:http
 * server from this very file that answers the same requests with the same domain code (zod
 * schema, pricing engine) and the same catalog held in memory. Ratio = store ÷ bare req/s.
 * Targets (issue 25): GET /api/products ≥ 0.8 (it is as cacheable as a page), every POST ≥ 0.6,
 * no errors.
 *
 * The other storefront POSTs that mean the same each time they are repeated: the zebra and
 * track prices, a new shopper's first item (POST /api/cart without a cart: a new cart each
 * time) and a contact message. The store runs behind one trusted proxy (TRUST_PROXY=1) and each
 * request of the last two comes from an address of its own (X-Forwarded-For), as many shoppers
 * behind a proxy would: the per-address limits (new carts, contact messages) stay as they are
 * and are never reached. For these the bare server reads the body, parses it with the route's
 * own zod schema and replays the store's recorded answer (status, headers, bytes).
 *
 * BENCH_FLOOR=1 adds a third server for the two durable POSTs (a new cart, a contact message):
 * the bare server that also makes the rows the store must make before it answers, durably, and
 * nothing else (bench/durable-floor.ts). Its ratio is the most any store could reach here while
 * keeping the write on disk: the "floor ratio" column (decision 440).
 *
 * Options: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_PORT (default
 * 3510; the bare server +1, the floor +2), BENCH_ONLY (a part of the routes' names: only those).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { contactInputSchema } from "../domain/requests/contact-schema";
import { centsToAmount } from "../domain/shared/money";
import {
  blindsPriceInputSchema,
  servicePriceInputSchema,
  zebraPriceInputSchema,
} from "../domain/shared/schemas";
import { cartItemInputSchema } from "../domain/storefront/cart-schema";
import { PRODUCT_SEEDS } from "../domain/storefront/catalog";
import { blindsRates, calculateBlindsPrice } from "../domain/storefront/pricing";
import { seedPricingContext } from "../domain/storefront/pricing-seeds";
import {
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_ITEM,
  ZEBRA_MOTORIZED,
} from "../tests/support/sample-items";
import { spawnServer } from "../tests/support/spawn-server";
import { nextAddress, ownAddressRequests } from "./client-addresses";
import { type FloorWrite, openFloor } from "./durable-floor";
import { printTable } from "./table";

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const STORE_PORT = Number(process.env.BENCH_PORT || 3510);
const BARE_PORT = STORE_PORT + 1;
const FLOOR_PORT = STORE_PORT + 2;
const FLOOR = process.env.BENCH_FLOOR === "1";
const PRODUCTS_RATIO = 0.8;
const POST_RATIO = 0.6;

/** What the bare server replays for the other POSTs: the store's first answer, recorded. */
interface Recorded {
  path: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}
const REPLAY_SCHEMAS = {
  "/api/calculate-zebra-shade-price": zebraPriceInputSchema,
  "/api/calculate-service-price": servicePriceInputSchema,
  "/api/cart": cartItemInputSchema,
  "/api/contact": contactInputSchema,
} as const;
/** Headers that describe the connection, not the answer: the bare server sets its own. */
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

const PRICE_BODY = JSON.stringify({
  productType: "vinyl",
  width: 36.5,
  height: 48.25,
  includeInstallation: true,
});

function readBody(req: http.IncomingMessage, then: (text: string) => void) {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => then(Buffer.concat(chunks).toString("utf8")));
}

/**
 * The bare server: node:http, no framework, no middleware; same domain code and data. With
 * `write` (the floor), a replayed POST answers only once its rows are committed.
 */
function serveBare(port: number, replayFile: string | undefined, write?: FloorWrite) {
  const replays = new Map(
    (replayFile ? (JSON.parse(fs.readFileSync(replayFile, "utf8")) as Recorded[]) : []).map((r) => [
      r.path,
      { ...r, bytes: Buffer.from(r.body, "base64") },
    ]),
  );
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
      const replay = req.method === "POST" ? replays.get(req.url ?? "") : undefined;
      const schema = REPLAY_SCHEMAS[req.url as keyof typeof REPLAY_SCHEMAS];
      if (replay && schema) {
        readBody(req, (text) => {
          let input: unknown;
          try {
            input = JSON.parse(text);
          } catch {
            return json(res, 400, '{"error":{"code":"bad_request","message":"Bad JSON."}}');
          }
          if (!schema.safeParse(input).success) {
            return json(res, 400, '{"error":{"code":"validation_failed","message":"Bad."}}');
          }
          const answer = () => {
            res.writeHead(replay.status, replay.headers);
            res.end(replay.bytes);
          };
          if (write) write(req.url ?? "", input, answer);
          else answer();
        });
        return;
      }
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
  /** Each request from an address of its own (X-Forwarded-For: the store trusts one proxy). */
  ownAddress?: boolean;
  /** The bare server replays the store's recorded answer. */
  replay?: boolean;
  ratio: number;
}

const TARGETS: Target[] = [
  {
    name: "POST /api/calculate-price",
    path: "/api/calculate-price",
    method: "POST",
    body: PRICE_BODY,
    ratio: POST_RATIO,
  },
  { name: "GET /api/products", path: "/api/products", method: "GET", ratio: PRODUCTS_RATIO },
  {
    name: "POST /api/calculate-zebra-shade-price",
    path: "/api/calculate-zebra-shade-price",
    method: "POST",
    body: JSON.stringify({ productType: "zebra-shades", ...ZEBRA_MOTORIZED.configuration }),
    replay: true,
    ratio: POST_RATIO,
  },
  {
    name: "POST /api/calculate-service-price",
    path: "/api/calculate-service-price",
    method: "POST",
    body: JSON.stringify({ serviceType: "track-replacement", width: 96.5 }),
    replay: true,
    ratio: POST_RATIO,
  },
  {
    name: "POST /api/cart (a new cart)",
    path: "/api/cart",
    method: "POST",
    body: JSON.stringify(SAMPLE_ITEM),
    ownAddress: true,
    replay: true,
    ratio: POST_RATIO,
  },
  {
    name: "POST /api/contact",
    path: "/api/contact",
    method: "POST",
    body: JSON.stringify(SAMPLE_CONTACT_MESSAGE),
    ownAddress: true,
    replay: true,
    ratio: POST_RATIO,
  },
];

async function measure(baseUrl: string, target: Target) {
  const headers: Record<string, string> = target.body ? { "content-type": "application/json" } : {};
  const options = {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    headers,
    body: target.body,
    ...(target.ownAddress
      ? {
          requests: ownAddressRequests(),
        }
      : {}),
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
    headers: {
      // As autocannon asks: no compression (fetch would otherwise ask for it and decode it).
      "accept-encoding": "identity",
      ...(target.body ? { "content-type": "application/json" } : {}),
      ...(target.ownAddress ? { "x-forwarded-for": nextAddress() } : {}),
    },
    body: target.body,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of res.headers) {
    if (!HOP_BY_HOP.has(name) && name !== "set-cookie") headers[name] = value;
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  headers["content-length"] = String(bytes.length);
  const recorded: Recorded = {
    path: target.path,
    status: res.status,
    headers,
    body: bytes.toString("base64"),
  };
  return { status: res.status, text: bytes.toString("utf8"), recorded };
}

async function main() {
  if (process.argv[2] === "--serve-bare") {
    serveBare(Number(process.argv[3]), process.argv[4]);
    return;
  }
  if (process.argv[2] === "--serve-floor") {
    serveBare(Number(process.argv[3]), process.argv[4], await openFloor(String(process.argv[5])));
    return;
  }
  const only = process.env.BENCH_ONLY;
  const targets = TARGETS.filter((t) => !only || t.name.includes(only));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const store = await spawnServer({
    script: "tests/support/api-server.ts",
    port: STORE_PORT,
    env: {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-admin-password",
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
    },
  });
  // The store's first answer to each replayed POST, for the bare server.
  const recorded: Recorded[] = [];
  for (const target of targets.filter((t) => t.replay)) {
    recorded.push((await sample(store.url, target)).recorded);
  }
  const replayFile = path.join(dataDir, "replay.json");
  fs.writeFileSync(replayFile, JSON.stringify(recorded));
  const bare = await spawnServer({
    script: "bench/api.ts",
    args: ["--serve-bare", String(BARE_PORT), replayFile],
    port: BARE_PORT,
    env: {},
  });
  const floor = FLOOR
    ? await spawnServer({
        script: "bench/api.ts",
        args: ["--serve-floor", String(FLOOR_PORT), replayFile, dataDir],
        port: FLOOR_PORT,
        env: {},
      })
    : undefined;
  const rows: string[][] = [];
  let allMet = true;
  try {
    for (const target of targets) {
      const [s, b] = [await sample(store.url, target), await sample(bare.url, target)];
      if (s.status !== 200 && s.status !== 201) {
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
      if (s.text !== b.text && !target.ownAddress) {
        process.stdout.write(
          `note: ${target.name} answers differ\n  store: ${s.text.slice(0, 200)}\n  bare:  ${b.text.slice(0, 200)}\n`,
        );
      }
      const storeResult = await measure(store.url, target);
      const bareResult = await measure(bare.url, target);
      const ratio = storeResult.rps / bareResult.rps;
      const floorResult = floor && target.ownAddress ? await measure(floor.url, target) : undefined;
      const met = ratio >= target.ratio && storeResult.errors === 0 && storeResult.non2xx === 0;
      allMet &&= met;
      rows.push([
        target.name,
        storeResult.rps.toFixed(0),
        bareResult.rps.toFixed(0),
        ratio.toFixed(2),
        `${storeResult.p50} / ${storeResult.p99}`,
        `${bareResult.p50} / ${bareResult.p99}`,
        `${storeResult.errors} / ${storeResult.non2xx}`,
        `${met ? "✓" : "✗"} (≥ ${target.ratio})`,
        ...(floor
          ? [
              floorResult
                ? `${floorResult.rps.toFixed(0)} · ${(floorResult.rps / bareResult.rps).toFixed(2)}`
                : "",
            ]
          : []),
      ]);
    }
  } finally {
    await store.kill("SIGTERM");
    await bare.kill("SIGKILL");
    await floor?.kill("SIGKILL");
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
      "met",
      ...(floor ? ["floor req/s · ratio"] : []),
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
