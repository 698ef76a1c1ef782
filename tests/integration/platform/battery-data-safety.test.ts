/**
 * The real server process (tests/support/api-server.ts, as bench and durability use it):
 * - a running SQLite store whose file is deleted or replaced answers /healthz 503 and refuses
 *   writes with 503; the restart then refuses to start on the missing file;
 * - its log is 0600 in a 0700 data folder;
 * - a request whose headers or body trickle in is cut at Node's deadlines.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  UPLOAD_REQUEST_TIMEOUT_MS,
} from "../../../server/http-options";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { httpSend, placeOneOrder } from "../../support/shopper";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";

/** A port nobody listens on now (the OS picks it), so parallel runs do not collide. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function serverEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: path.join(dataDir, "store.db"),
    ADMIN_PASSWORD: "data-safety-admin-password",
    LOG_FILE: path.join(dataDir, "logs", "server.log"),
    LOG_LEVEL: "info",
  };
}

describe("a running SQLite store whose file goes away", () => {
  let root: string;
  let server: SpawnedServer | undefined;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "data-safety-"));
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("answers 503 to /healthz and to writes once store.db* is deleted, then refuses to restart", async () => {
    const dataDir = path.join(root, "deleted");
    const port = await freePort();
    server = await spawnServer({
      script: "tests/support/api-server.ts",
      port,
      env: serverEnv(dataDir),
    });
    const send = httpSend(server.url);
    const placed = await placeOneOrder(send, 1, {}, { tag: "datasafety" });
    expect(placed.answer.status).toBe(201);
    const cart = await send("POST", "/api/cart", SAMPLE_ITEM);
    expect(cart.status).toBe(201);
    const sessionId = (cart.body as { sessionId: string }).sessionId;

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "logs", "server.log")).mode & 0o777).toBe(0o600);

    for (const suffix of ["", "-wal", "-shm"]) {
      fs.rmSync(path.join(dataDir, `store.db${suffix}`), { force: true });
    }
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    const order = await send(
      "POST",
      "/api/orders",
      { items: [], customerInfo: placed.customer, totals: placed.totals },
      { "x-session-id": sessionId },
    );
    expect(order.status).toBe(503);
    expect((order.body as { error: { code: string } }).error.code).toBe("unavailable");
    const add = await send("POST", "/api/cart", SAMPLE_ITEM, { "x-session-id": sessionId });
    expect(add.status).toBe(503);
    // Still refused later (no write slips through once the file is gone).
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);

    await server.kill();
    server = undefined;
    const restart = await spawnServer({
      script: "tests/support/api-server.ts",
      port,
      env: serverEnv(dataDir),
    }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(restart).toContain("Start-up stopped");
    expect(restart).toContain(`${path.join(dataDir, "store.db")} is missing`);
    expect(restart).toContain("Restore store.db");
    expect(fs.existsSync(path.join(dataDir, "store.db"))).toBe(false);
  }, 120_000);

  it("answers 503 once the file is replaced by another (a copy moved over it)", async () => {
    const dataDir = path.join(root, "replaced");
    server = await spawnServer({
      script: "tests/support/api-server.ts",
      port: await freePort(),
      env: serverEnv(dataDir),
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const file = path.join(dataDir, "store.db");
    fs.copyFileSync(file, `${file}.copy`);
    fs.renameSync(`${file}.copy`, file);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    const add = await httpSend(server.url)("POST", "/api/cart", SAMPLE_ITEM);
    expect(add.status).toBe(503);
    await server.kill();
    server = undefined;
  }, 120_000);
});

/**
 * Opens a connection, sends `head` at once and then `drip` one byte per second; resolves with
 * how long the server kept the connection open and what it answered.
 */
function trickle(port: number, head: string, drip: string, giveUpMs = 120_000) {
  return new Promise<{ seconds: number; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    // An upload still open when the test has seen enough: the server did not cut it.
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip[i++ % drip.length] ?? "x");
      }, 1_000);
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ seconds: (Date.now() - started) / 1000, answer });
    });
  });
}

describe("slow requests", () => {
  let root: string;
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "slow-requests-"));
    server = await spawnServer({
      script: "tests/support/api-server.ts",
      port: await freePort(),
      env: serverEnv(path.join(root, "data")),
    });
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("cuts a body that trickles in and headers that never end, each at its deadline; an upload has 5 minutes", async () => {
    const port = Number(new URL(server?.url ?? "").port);
    const boundary = "----slowupload";
    const uploadWaitMs = REQUEST_TIMEOUT_MS + 8_000;
    const [body, headers, upload] = await Promise.all([
      trickle(
        port,
        "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{",
        '"aaaaaaaa',
      ),
      trickle(port, "GET /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: a\r\n"),
      // Phone photos on a poor link: past the ordinary 30 s and still being taken.
      trickle(
        port,
        `POST /api/estimates HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 13000000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        "\xff",
        uploadWaitMs,
      ),
    ]);
    expect(UPLOAD_REQUEST_TIMEOUT_MS).toBe(5 * 60_000);
    expect(upload.answer).toBe("");
    expect(upload.seconds).toBeGreaterThanOrEqual(uploadWaitMs / 1000 - 1);
    const slack = 5;
    expect(body.seconds).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS / 1000 - 1);
    expect(body.seconds).toBeLessThan(REQUEST_TIMEOUT_MS / 1000 + slack);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(headers.seconds).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS / 1000 - 1);
    expect(headers.seconds).toBeLessThan(HEADERS_TIMEOUT_MS / 1000 + slack);
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
  }, 120_000);
});
