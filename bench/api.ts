/**
 * npm run bench:api: how close the store's API comes to the limit of its framework, and of the
 * machine.
 *
 * Servers, each its own process, measured in alternating rounds under the same load with
 * autocannon (50 connections): the store (tests/support/api-server.ts: the same bootstrap,
 * middleware and routers as server/main.ts, on a fresh SQLite database); a plain Hono app on the
 * same @hono/node-server from this very file, with no middleware, answering the same requests
 * with the same bytes and the same headers (the store's own answers, recorded); and a bare
 * node:http server answering them with the same domain code (zod schema, pricing engine) and the
 * same catalog held in memory. Targets: GET /api/products and the three price POSTs at ≥ 0.9 of
 * the plain Hono app (what the store's middleware may cost); the new cart and the contact
 * message at ≥ 0.6 of bare node:http. The ratios to bare node:http are printed for every route.
 *
 * The POSTs that mean the same each time they are repeated: the zebra and track prices, a new
 * shopper's first item (POST /api/cart without a cart: a new cart each time) and a contact
 * message. The store runs behind one trusted proxy (TRUST_PROXY=1) and each request of the last
 * two comes from an address of its own (X-Forwarded-For), as many shoppers behind a proxy would:
 * the per-address limits (new carts, contact messages) stay as they are and are never reached.
 * For these the bare server and the Hono app read the body, parse it with the route's own zod
 * schema and replay the store's recorded answer (status, headers, bytes).
 *
 * BASE_DIR=<another checkout> runs that checkout's store too (tests/support/api-server.ts from
 * there, its own node_modules), in the same rounds: a before → after in one run.
 *
 * BENCH_FLOOR=1 adds a server for the two durable POSTs (a new cart, a contact message): the
 * bare server that also makes the rows the store must make before it answers, durably, and
 * nothing else (bench/durable-floor.ts). Its ratio is the most any store could reach here while
 * keeping the write on disk: the "floor ratio" column.
 *
 * Options: BENCH_DURATION (s per round and server, default 5), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 50), BENCH_PORT (default 3510; the bare server +1, the floor +2,
 * the Hono app +3, BASE_DIR's store +4), BENCH_ONLY (a part of the routes' names: only those).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { type Context, Hono } from "hono";
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
import { type SpawnedServer, spawnServer } from "../tests/support/spawn-server";
import { nextAddress, ownAddressRequests } from "./client-addresses";
import { type FloorWrite, openFloor } from "./durable-floor";
import { cpuMs } from "./store-process";
import { printTable } from "./table";

const DURATION = Number(process.env.BENCH_DURATION || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const STORE_PORT = Number(process.env.BENCH_PORT || 3510);
const BARE_PORT = STORE_PORT + 1;
const FLOOR_PORT = STORE_PORT + 2;
const HONO_PORT = STORE_PORT + 3;
const BASE_PORT = STORE_PORT + 4;
const BASE_DIR = process.env.BASE_DIR;
const FLOOR = process.env.BENCH_FLOOR === "1";
/** Of the plain Hono app's req/s: what the store's middleware may cost. */
const HONO_RATIO = 0.9;
/** Of bare node:http's req/s, for the POSTs that write. */
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

const PRICING = new Map(PRODUCT_SEEDS.map((p) => [p.type as string, p]));

/** POST /api/calculate-price's answer to the body `text` by the domain code, or undefined. */
function blindsPriceText(text: string): string | undefined {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = blindsPriceInputSchema.safeParse(input);
  const product = parsed.success ? PRICING.get(parsed.data.productType) : undefined;
  if (!parsed.success || !product) return undefined;
  const { width, height, includeInstallation } = parsed.data;
  const price = calculateBlindsPrice(
    blindsRates(seedPricingContext(), product),
    width,
    height,
    includeInstallation,
  );
  return JSON.stringify({
    blindsPrice: centsToAmount(price.blindsCents),
    installationPrice: centsToAmount(price.installationCents),
    totalPrice: centsToAmount(price.totalCents),
  });
}

function readRecorded(file: string | undefined): Recorded[] {
  return file ? (JSON.parse(fs.readFileSync(file, "utf8")) as Recorded[]) : [];
}

/** A recorded answer's headers as a Response takes them (plain when no header repeats). */
function responseHeaders(headers: Recorded["headers"], omit?: string): HeadersInit {
  const entries = Object.entries(headers).filter(([name]) => name !== omit);
  const plain: Record<string, string> = {};
  for (const [name, value] of entries) if (typeof value === "string") plain[name] = value;
  if (Object.keys(plain).length === entries.length) return plain;
  return entries.flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

/**
 * The plain Hono app: @hono/node-server as the store runs it, one handler per route and no
 * middleware. Every answer is the store's recorded one (status, headers, bytes); the blinds price
 * is computed by the domain code as the bare server computes it, sent with the store's headers.
 */
function serveHono(port: number, replayFile: string) {
  const recorded = new Map(
    readRecorded(replayFile).map((r) => [
      r.path,
      { ...r, bytes: new Uint8Array(Buffer.from(r.body, "base64")) },
    ]),
  );
  const app = new Hono();
  const refused = (c: Context) =>
    c.json({ error: { code: "validation_failed", message: "Bad input." } }, 400);
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  const products = recorded.get("/api/products");
  if (products) {
    const headers = responseHeaders(products.headers);
    app.get("/api/products", () => new Response(products.bytes, { status: 200, headers }));
  }
  const blinds = recorded.get("/api/calculate-price");
  if (blinds) {
    const headers = responseHeaders(blinds.headers, "content-length");
    app.post("/api/calculate-price", async (c) => {
      const answer = blindsPriceText(await c.req.text());
      return answer === undefined ? refused(c) : new Response(answer, { status: 200, headers });
    });
  }
  for (const [route, schema] of Object.entries(REPLAY_SCHEMAS)) {
    const replay = recorded.get(route);
    if (!replay) continue;
    const headers = responseHeaders(replay.headers);
    app.post(route, async (c) => {
      const input: unknown = await c.req.json().catch(() => undefined);
      if (!schema.safeParse(input).success) return refused(c);
      return new Response(replay.bytes, { status: replay.status, headers });
    });
  }
  serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
}

/**
 * The bare server: node:http, no framework, no middleware; same domain code and data. With
 * `write` (the floor), a replayed POST answers only once its rows are committed.
 */
function serveBare(port: number, replayFile: string | undefined, write?: FloorWrite) {
  const replays = new Map(
    readRecorded(replayFile).map((r) => [r.path, { ...r, bytes: Buffer.from(r.body, "base64") }]),
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
        readBody(req, (text) => {
          const answer = blindsPriceText(text);
          if (answer === undefined) {
            return json(res, 400, '{"error":{"code":"validation_failed","message":"Bad input."}}');
          }
          json(res, 200, answer);
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
  /** The least req/s the store must reach, as a share of the plain Hono app's or bare node:http's. */
  goal: { of: "hono" | "bare"; ratio: number };
}

const OF_HONO = { of: "hono", ratio: HONO_RATIO } as const;
const OF_BARE = { of: "bare", ratio: POST_RATIO } as const;

const TARGETS: Target[] = [
  {
    name: "POST /api/calculate-price",
    path: "/api/calculate-price",
    method: "POST",
    body: PRICE_BODY,
    goal: OF_HONO,
  },
  { name: "GET /api/products", path: "/api/products", method: "GET", goal: OF_HONO },
  {
    name: "POST /api/calculate-zebra-shade-price",
    path: "/api/calculate-zebra-shade-price",
    method: "POST",
    body: JSON.stringify({ productType: "zebra-shades", ...ZEBRA_MOTORIZED.configuration }),
    replay: true,
    goal: OF_HONO,
  },
  {
    name: "POST /api/calculate-service-price",
    path: "/api/calculate-service-price",
    method: "POST",
    body: JSON.stringify({ serviceType: "track-replacement", width: 96.5 }),
    replay: true,
    goal: OF_HONO,
  },
  {
    name: "POST /api/cart (a new cart)",
    path: "/api/cart",
    method: "POST",
    body: JSON.stringify(SAMPLE_ITEM),
    ownAddress: true,
    replay: true,
    goal: OF_BARE,
  },
  {
    name: "POST /api/contact",
    path: "/api/contact",
    method: "POST",
    body: JSON.stringify(SAMPLE_CONTACT_MESSAGE),
    ownAddress: true,
    replay: true,
    goal: OF_BARE,
  },
];

function cannonOptions(baseUrl: string, target: Target) {
  const headers: Record<string, string> = target.body ? { "content-type": "application/json" } : {};
  return {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    headers,
    body: target.body,
    connections: CONNECTIONS,
    ...(target.ownAddress ? { requests: ownAddressRequests() } : {}),
  };
}

/** Warm-up: JIT, catalog cache, SQLite page cache. */
async function warm(side: Side, target: Target) {
  await autocannon({ ...cannonOptions(side.url, target), duration: 2 });
}

/** One server under measure. */
interface Side {
  name: string;
  url: string;
  pid: number | undefined;
}

interface Round {
  requests: number;
  /** The server's CPU time over the round (user + system, ms, /proc). */
  cpuMs: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(side: Side, target: Target): Promise<Round> {
  const cpuBefore = cpuMs(side.pid);
  const r = await autocannon({ ...cannonOptions(side.url, target), duration: DURATION });
  return {
    requests: r.requests.total,
    cpuMs: cpuMs(side.pid) - cpuBefore,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Rounds together: req/s over their whole time, CPU µs per request, the worst p99, every error. */
function total(rounds: Round[]) {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const cpu = rounds.reduce((sum, r) => sum + r.cpuMs, 0);
  return {
    rps: seconds > 0 ? requests / seconds : 0,
    cpuUs: requests > 0 ? (cpu * 1000) / requests : Number.NaN,
    p99: Math.max(...rounds.map((r) => r.p99)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
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
  if (process.argv[2] === "--serve-hono") {
    serveHono(Number(process.argv[3]), String(process.argv[4]));
    return;
  }
  if (process.argv[2] === "--serve-floor") {
    serveBare(Number(process.argv[3]), process.argv[4], await openFloor(String(process.argv[5])));
    return;
  }
  const only = process.env.BENCH_ONLY;
  const targets = TARGETS.filter((t) => !only || t.name.includes(only));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const storeEnv = (dir: string) => ({
    DATA_DIR: dir,
    ADMIN_PASSWORD: "bench-admin-password",
    LOG_LEVEL: "info",
    TRUST_PROXY: "1",
  });
  const store = await spawnServer({
    script: "tests/support/api-server.ts",
    port: STORE_PORT,
    env: storeEnv(path.join(dataDir, "store")),
  });
  const base = BASE_DIR
    ? await spawnServer({
        script: "tests/support/api-server.ts",
        root: BASE_DIR,
        port: BASE_PORT,
        env: storeEnv(path.join(dataDir, "before")),
      })
    : undefined;
  // The store's first answer to each target, for the Hono app and the bare server to replay.
  const recorded: Recorded[] = [];
  for (const target of targets) recorded.push((await sample(store.url, target)).recorded);
  const replayFile = path.join(dataDir, "replay.json");
  fs.writeFileSync(replayFile, JSON.stringify(recorded));
  const bare = await spawnServer({
    script: "bench/api.ts",
    args: ["--serve-bare", String(BARE_PORT), replayFile],
    port: BARE_PORT,
    env: {},
  });
  const hono = await spawnServer({
    script: "bench/api.ts",
    args: ["--serve-hono", String(HONO_PORT), replayFile],
    port: HONO_PORT,
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
  const side = (name: string, server: SpawnedServer): Side => ({
    name,
    url: server.url,
    pid: server.child.pid,
  });
  const sides: Side[] = [
    side("store", store),
    ...(base ? [side("before", base)] : []),
    side("hono", hono),
    side("bare", bare),
  ];
  const rows: string[][] = [];
  const load: string[] = [];
  let allMet = true;
  try {
    for (const target of targets) {
      const answers = await Promise.all(sides.map((side) => sample(side.url, target)));
      const refusing = answers.findIndex((a) => a.status !== 200 && a.status !== 201);
      if (refusing >= 0) {
        const side = sides[refusing]?.name;
        rows.push([target.name, `${side} answers ${answers[refusing]?.status}: not measured`]);
        allMet = false;
        continue;
      }
      const [own, ...others] = answers;
      others.forEach((other, i) => {
        if (!target.ownAddress && own && other.text !== own.text) {
          process.stdout.write(
            `note: ${target.name}: ${sides[i + 1]?.name} answers differently\n  store: ${own.text.slice(0, 200)}\n  other: ${other.text.slice(0, 200)}\n`,
          );
        }
      });
      for (const one of sides) await warm(one, target);
      const rounds = new Map<string, Round[]>(sides.map((side) => [side.name, []]));
      load.push(`${target.name} ${os.loadavg()[0]?.toFixed(2)}`);
      for (let round = 0; round < ROUNDS; round++) {
        // Each round in the other order: no server always follows the same one.
        const order = round % 2 ? [...sides].reverse() : sides;
        for (const one of order) rounds.get(one.name)?.push(await measure(one, target));
      }
      const figures = new Map(sides.map((side) => [side.name, total(rounds.get(side.name) ?? [])]));
      const floorResult =
        floor && target.ownAddress
          ? total([await measure(side("floor", floor), target)])
          : undefined;
      const rps = (name: string) => figures.get(name)?.rps ?? 0;
      const cpu = (name: string) => figures.get(name)?.cpuUs ?? Number.NaN;
      const ratio = (name: string, of: string) => rps(name) / rps(of);
      // CPU per request, which a shared machine disturbs far less than req/s: the other's ÷ ours.
      const cpuRatio = (name: string, of: string) => cpu(of) / cpu(name);
      const mine = figures.get("store");
      const met =
        cpuRatio("store", target.goal.of) >= target.goal.ratio &&
        mine?.errors === 0 &&
        mine?.non2xx === 0;
      allMet &&= met;
      const both = (name: string, of: string) =>
        `${cpuRatio(name, of).toFixed(2)} · ${ratio(name, of).toFixed(2)}`;
      rows.push([
        target.name,
        ...sides.map((one) => `${cpu(one.name).toFixed(1)} · ${rps(one.name).toFixed(0)}`),
        both("store", "hono"),
        both("store", "bare"),
        ...(base ? [both("before", "hono"), both("before", "bare")] : []),
        both("hono", "bare"),
        String(mine?.p99 ?? ""),
        `${mine?.errors ?? ""} / ${mine?.non2xx ?? ""}`,
        `${met ? "✓" : "✗"} (≥ ${target.goal.ratio} of ${target.goal.of})`,
        ...(floor
          ? [
              floorResult
                ? `${floorResult.rps.toFixed(0)} · ${(floorResult.rps / rps("bare")).toFixed(2)}`
                : "",
            ]
          : []),
      ]);
    }
  } finally {
    await store.kill("SIGTERM");
    await base?.kill("SIGTERM");
    await hono.kill("SIGKILL");
    await bare.kill("SIGKILL");
    await floor?.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(
    [
      "route",
      ...sides.map((one) => `${one.name} µs · req/s`),
      "store ÷ hono",
      "store ÷ bare",
      ...(base ? ["before ÷ hono", "before ÷ bare"] : []),
      "hono ÷ bare",
      "store p99 ms",
      "errors/non-2xx",
      "met",
      ...(floor ? ["floor req/s · ratio"] : []),
    ],
    rows,
  );
  process.stdout.write(
    `\nµs: the server's CPU per request (user + system, /proc); ratios: by CPU · by req/s (the goal is by CPU)\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s per server and route after a 2 s warm-up, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\nload average (1 min) as each route began: ${load.join("; ")}\n`,
  );
  process.exitCode = allMet ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
