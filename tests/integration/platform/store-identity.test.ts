/**
 * The store id and the data folder's modes: a fresh install
 * records one id in the data folder and the database; a data folder with an id refuses a
 * missing, zero-length, empty or other store's database with a message saying what to restore;
 * the folder is 0700 and its files 0600. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openStoreDatabase } from "../../../server/bootstrap";
import { type Config, loadConfig } from "../../../server/config";
import { STORE_ID_FILE, StoreIdentityError } from "../../../server/data-folder";
import { findStoreId } from "../../../server/db/repositories/platform/store-meta";
import { createMailer } from "../../../server/email/mailer";
import { createLogger } from "../../../server/logger";
import { availableDialects } from "../../support/test-database";

const logger = createLogger("silent");
const mode = (file: string) => fs.statSync(file).mode & 0o777;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-id-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty PostgreSQL database (dropped after the test). */
async function emptyPostgres(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `store_id_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  cleanups.push(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function configFor(dialect: "sqlite" | "postgres", dataDir: string): Promise<Config> {
  const databaseUrl = dialect === "sqlite" ? path.join(dataDir, "store.db") : await emptyPostgres();
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
}

async function start(config: Config) {
  const database = await openStoreDatabase(config, logger);
  const storeId = await findStoreId(database.db);
  await database.close();
  return storeId;
}

async function refusal(config: Config): Promise<StoreIdentityError> {
  const error = await openStoreDatabase(config, logger).then(
    async (database) => {
      await database.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreIdentityError);
  return error as StoreIdentityError;
}

describe.each(availableDialects())("store id on %s", (dialect) => {
  it("a fresh install records one id in the data folder and the database", async () => {
    const dataDir = path.join(tempDir(), "data");
    const config = await configFor(dialect, dataDir);
    const storeId = await start(config);
    expect(storeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.readFileSync(path.join(dataDir, STORE_ID_FILE), "utf8").trim()).toBe(storeId);
    // A restart on the same pair starts.
    expect(await start(config)).toBe(storeId);
  });

  it("refuses a database that is not the data folder's store", async () => {
    const config = await configFor(dialect, tempDir());
    const first = await start(config);
    const other = await configFor(dialect, tempDir());
    const second = await start(other);
    const mixed = { ...config, database: other.database };
    const error = await refusal(mixed);
    expect(error.message).toContain(`belongs to store ${first}`);
    expect(error.message).toContain(`belongs to store ${second}`);
    expect(error.message).toMatch(/Restore/);
  });

  it("refuses an empty database beside a data folder that has a store", async () => {
    const config = await configFor(dialect, tempDir());
    await start(config);
    const empty = await configFor(dialect, tempDir());
    if (empty.database.dialect === "sqlite") {
      // A valid SQLite file with nothing in it (a missing one has its own test below).
      const file = new SQLite(empty.database.filename);
      file.pragma("user_version = 1");
      file.close();
    }
    const error = await refusal({ ...config, database: empty.database });
    expect(error.message).toMatch(/has no store id \(it is empty\)/);
    expect(error.message).toMatch(/does not start empty/);
  });

  it("gives a data folder without an id the database's id (a new machine, a rebuilt folder)", async () => {
    const config = await configFor(dialect, tempDir());
    const storeId = await start(config);
    const freshFolder = path.join(tempDir(), "new-data");
    expect(await start({ ...config, dataDir: freshFolder })).toBe(storeId);
    expect(fs.readFileSync(path.join(freshFolder, STORE_ID_FILE), "utf8").trim()).toBe(storeId);
  });
});

describe("store id on the SQLite file", () => {
  it("refuses a missing database file and does not create one", async () => {
    const dataDir = tempDir();
    const config = await configFor("sqlite", dataDir);
    await start(config);
    for (const suffix of ["", "-wal", "-shm"])
      fs.rmSync(path.join(dataDir, `store.db${suffix}`), { force: true });
    const error = await refusal(config);
    expect(error.message).toContain(`the SQLite file ${path.join(dataDir, "store.db")} is missing`);
    expect(error.message).toContain(`Restore store.db (with its -wal file`);
    expect(fs.existsSync(path.join(dataDir, "store.db"))).toBe(false);
  });

  it("refuses a zero-length database file and leaves it as it is", async () => {
    const dataDir = tempDir();
    const config = await configFor("sqlite", dataDir);
    await start(config);
    for (const suffix of ["-wal", "-shm"])
      fs.rmSync(path.join(dataDir, `store.db${suffix}`), { force: true });
    fs.writeFileSync(path.join(dataDir, "store.db"), "");
    const error = await refusal(config);
    expect(error.message).toContain("is empty (0 bytes)");
    expect(fs.statSync(path.join(dataDir, "store.db")).size).toBe(0);
  });
});

describe("data folder modes", () => {
  it("creates the data folder 0700 and the database, its WAL and the store id 0600", async () => {
    const dataDir = path.join(tempDir(), "data");
    const config = await configFor("sqlite", dataDir);
    const database = await openStoreDatabase(config, logger);
    try {
      expect(mode(dataDir)).toBe(0o700);
      for (const file of ["store.db", "store.db-wal", "store.db-shm", STORE_ID_FILE]) {
        expect(mode(path.join(dataDir, file)), file).toBe(0o600);
      }
    } finally {
      await database.close();
    }
  });

  it("tightens an existing folder and database made with wider modes", async () => {
    const dataDir = tempDir();
    const config = await configFor("sqlite", dataDir);
    await start(config);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "store.db"), 0o644);
    const database = await openStoreDatabase(config, logger);
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, "store.db"))).toBe(0o600);
    } finally {
      await database.close();
    }
  });

  it("writes outbox emails 0600 in a 0700 folder", async () => {
    const outboxDir = path.join(tempDir(), "outbox");
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir,
      from: "store@example.com",
      logger,
    });
    await mailer.send({ to: "a@example.com", subject: "Hi", text: "Hi", html: "<p>Hi</p>" });
    mailer.close();
    expect(mode(outboxDir)).toBe(0o700);
    const [file] = fs.readdirSync(outboxDir);
    expect(file).toMatch(/\.eml$/);
    expect(mode(path.join(outboxDir, file ?? ""))).toBe(0o600);
  });
});
