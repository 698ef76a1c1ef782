/**
 * Decision 355: a store on SQLite that has just started holds neither sharp (libvips, ~15 MB
 * resident), nodemailer (~5 MB) nor pg (~5 MB): each is imported the first time it is needed. The store is
 * spawned as a real process (the same bootstrap and app as server/main.ts) with a preload that
 * lists the packages it has loaded. That the photos still work once sharp is imported is
 * tests/integration/requests-api.test.ts's and product-photos.test.ts's.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

const PRELOAD = path.resolve(import.meta.dirname, "../../support/report-packages.mjs");
const LATER = /^(?:pg|nodemailer|sharp|@img\/sharp.*)$/;

let database: TestDatabase;
let server: SpawnedServer;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  server = await spawnServer({
    script: "tests/support/api-server.ts",
    port: 3330,
    timeoutMs: 120_000,
    env: {
      DATA_DIR: database.dataDir,
      ADMIN_PASSWORD: "packages-at-start-password",
      NODE_OPTIONS: `--import=${PRELOAD}`,
    },
  });
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

async function loadedPackages(): Promise<string[]> {
  const before = server.stderr().length;
  server.child.kill("SIGUSR2");
  for (let i = 0; i < 100; i++) {
    const line = /PACKAGES (\[.*\])\n/.exec(server.stderr().slice(before));
    if (line?.[1]) return z.array(z.string()).parse(JSON.parse(line[1]));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no package list from the store:\n${server.stderr()}`);
}

it("starts without sharp, nodemailer and pg, and a shopper's first requests load neither", async () => {
  const atStart = await loadedPackages();
  // The preload works: the SQLite driver the store did load is in the list.
  expect(atStart).toContain("better-sqlite3");
  expect(atStart).toContain("kysely"); // an ES module package, seen by the module hook
  expect(atStart.filter((p) => LATER.test(p))).toEqual([]);

  for (const url of ["/api/products", "/api/cart"]) {
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
  }
  expect((await loadedPackages()).filter((p) => LATER.test(p))).toEqual([]);
});
