/**
 * npm run bench:login-burst: does a burst of admin logins slow the pages and assets down, and
 * does it keep the owner out?
 *
 * Starts the production server (server/main.ts, the build in BUILD_DIR, a fresh SQLite data
 * folder, TRUST_PROXY=1) and measures the latency of one static asset, fetched one request
 * after another: alone, then while 600 wrong logins at the owner's email arrive at once, first
 * all from one address (the per-address limit answers most of them at once), then each from its
 * own address (the account's 100 in a row and the bounded hashing queue stand between them and
 * the thread pool). Before those, 60 wrong logins at once from an address each: the owner's
 * right password from the browser he signed in from before (its device cookie) during the
 * burst, and from a new browser as soon as it ends. During the 600 from an address each, the
 * known browser signs in once more.
 *
 * Options: BENCH_LOGINS (default 600), BENCH_PORT (default 3331), BUILD_DIR (default build).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { spawnServer } from "../tests/support/spawn-server";
import { printTable } from "./table";

const LOGINS = Number(process.env.BENCH_LOGINS || 600);
const PORT = Number(process.env.BENCH_PORT || 3331);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** Fetches `url` back to back until `until` settles (at least `minimum` times). */
async function sampleWhile(url: string, until: Promise<unknown>, minimum = 5) {
  let done = false;
  until.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const latencies: number[] = [];
  while (!done || latencies.length < minimum) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** The first owner (the business email by default): each guess costs a real hash. */
const OWNER_EMAIL = "hello@example.com";
const OWNER_PASSWORD = "login-burst-admin-password";

interface LoginAnswer {
  status: number | string;
  ms: number;
  /** The device cookie it set (`name=value`), if any. */
  device: string | null;
}

/** One login on its own connection (no keep-alive reuse between the burst's requests). */
function loginAs(
  base: string,
  address: string,
  password: string,
  cookie = "",
): Promise<LoginAnswer> {
  const body = JSON.stringify({ email: OWNER_EMAIL, password });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/api/admin/login`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": address,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        const device =
          (res.headers["set-cookie"] ?? [])
            .find((c) => c.startsWith("admin_device_"))
            ?.split(";")[0] ?? null;
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, device }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: error.code ?? "error", ms: performance.now() - started, device: null }),
    );
    req.end(body);
  });
}

const login = async (base: string, address: string, i: number) =>
  (await loginAs(base, address, `burst-guess-${i}`)).status;

const eachAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function burst(base: string, addressFor: (i: number) => string, logins = LOGINS) {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: logins }, (_, i) => login(base, addressFor(i), i)),
  );
  const counts = new Map<number | string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { seconds: (performance.now() - started) / 1000, counts };
}

async function main() {
  const assets = path.join(BUILD_DIR, "client", "assets");
  const asset = fs.readdirSync(assets).find((f) => f.endsWith(".js"));
  if (!asset) throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "login-burst-"));
  const server = await spawnServer({
    script: "server/main.ts",
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      BUILD_DIR,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
    },
  });
  const assetUrl = `${server.url}/assets/${asset}`;
  const rows: string[][] = [];
  const row = (name: string, ms: number[], extra: string) => {
    const s = summary(ms);
    rows.push([name, String(s.n), s.median.toFixed(1), s.p95.toFixed(1), s.max.toFixed(1), extra]);
  };
  const owner: string[][] = [];
  const ownerRow = (name: string, a: LoginAnswer, extra: string) =>
    owner.push([name, String(a.status), a.ms.toFixed(0), extra]);
  try {
    await sampleWhile(assetUrl, Promise.resolve(), 20); // warm up
    row("asset alone", await sampleWhile(assetUrl, Promise.resolve(), 50), "");

    const signedIn = await loginAs(server.url, "192.0.2.1", OWNER_PASSWORD);
    const device = signedIn.device ?? "";
    if (!device) throw new Error(`the owner's first login answered ${signedIn.status}`);
    const small = burst(server.url, (i) => eachAddress(100_000 + i), 60);
    const known = await loginAs(server.url, "192.0.2.2", OWNER_PASSWORD, device);
    const { seconds, counts } = await small;
    const fresh = await loginAs(server.url, "192.0.2.3", OWNER_PASSWORD);
    const answers = [...counts].map(([status, n]) => `${n}× ${status}`).join(", ");
    ownerRow(
      "known browser, during 60 logins (an address each)",
      known,
      `burst: ${answers}, ${seconds.toFixed(1)} s`,
    );
    ownerRow("new browser, as the 60 end", fresh, "");

    for (const [name, addressFor] of [
      ["one address", () => "198.51.100.7"],
      ["an address each", eachAddress],
    ] as const) {
      const logins = burst(server.url, addressFor);
      const during =
        name === "an address each"
          ? loginAs(server.url, "192.0.2.4", OWNER_PASSWORD, device)
          : null;
      const latencies = await sampleWhile(assetUrl, logins);
      const { seconds, counts } = await logins;
      const answers = [...counts].map(([status, n]) => `${n}× ${status}`).join(", ");
      row(
        `during ${LOGINS} logins, ${name}`,
        latencies,
        `${answers}; burst ${seconds.toFixed(1)} s`,
      );
      if (during) ownerRow(`known browser, during ${LOGINS} logins (${name})`, await during, "");
    }
    const late = await loginAs(server.url, "192.0.2.5", OWNER_PASSWORD);
    const locked =
      late.status === 429 ? "the account's 100 in a row: new browsers wait 15 min" : "";
    ownerRow(`new browser, after ${LOGINS} from an address each`, late, locked);
  } finally {
    await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(["asset GET", "n", "median ms", "p95 ms", "max ms", "logins"], rows);
  process.stdout.write("\n");
  printTable(["the owner's right password", "status", "ms", ""], owner);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
