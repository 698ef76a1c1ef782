/**
 * WORKERS=2 (server/cluster.ts) as a real process tree: both workers serve requests and the
 * request log says which one served each; a worker that dies is replaced and the store keeps
 * answering; SIGTERM stops the workers and the primary cleanly.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

/**
 * One request on a connection of its own, so the primary hands each to the next worker; 0 when
 * it fails or takes over 5 s (a connection handed to a worker at the instant it is killed is
 * lost with it, as on any server that dies).
 */
function getStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe("WORKERS=2", () => {
  let database: TestDatabase;
  let server: SpawnedServer;
  let logFile: string;
  // Complete lines only: the workers append while the test reads, so the text after the last
  // newline may be a line still being written.
  const lines = () =>
    fs.existsSync(logFile)
      ? fs
          .readFileSync(logFile, "utf8")
          .split("\n")
          .slice(0, -1)
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  const listening = () => lines().filter((l) => l.msg === "store listening");

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    logFile = path.join(database.dataDir, "store.log");
    server = await spawnServer({
      script: "tests/support/api-server.ts",
      port: 3394,
      timeoutMs: 120_000,
      env: {
        DATA_DIR: database.dataDir,
        WORKERS: "2",
        ADMIN_PASSWORD: "cluster-test-password",
        LOG_FILE: logFile,
      },
    });
    expect(await until(() => listening().length >= 2, 120_000)).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it("serves from both workers and logs which worker served each request", async () => {
    for (let i = 0; i < 20; i++) expect(await getStatus(`${server.url}/api/products`)).toBe(200);
    await until(() => lines().filter((l) => l.path === "/api/products").length >= 20, 5_000);
    const served = lines().filter((l) => l.msg === "request" && l.path === "/api/products");
    expect(served).toHaveLength(20);
    expect(new Set(served.map((l) => l.worker))).toEqual(new Set([1, 2]));
  });

  it("replaces a worker that dies, and keeps answering meanwhile", async () => {
    const started = lines().filter((l) => l.msg === "worker started");
    const victim = started.find((l) => l.worker === 1);
    expect(victim?.pid).toBeTypeOf("number");
    process.kill(victim?.pid as number, "SIGKILL");
    // The surviving worker answers meanwhile: five in a row within 20 s.
    let inARow = 0;
    const answered = await until(async () => {
      inARow = (await getStatus(`${server.url}/healthz`)) === 200 ? inARow + 1 : 0;
      return inARow >= 5;
    }, 20_000);
    expect(answered).toBe(true);
    expect(
      await until(() => lines().some((l) => l.msg === "worker died; starting another"), 10_000),
    ).toBe(true);
    expect(await until(() => listening().length >= 3, 120_000)).toBe(true);
    const replacement = listening().at(-1);
    expect(replacement?.worker).toBe(3);
  }, 150_000);

  it("stops every worker and the primary on SIGTERM", async () => {
    await server.kill("SIGTERM");
    expect(server.child.exitCode).toBe(0);
    const stopped = lines().filter((l) => l.msg === "worker stopped");
    expect(stopped.map((l) => l.worker).sort()).toEqual([2, 3]);
    expect(lines().at(-1)?.msg).toBe("stopped");
  }, 30_000);
});
