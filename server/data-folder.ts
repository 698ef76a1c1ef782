/**
 * The data folder (DATA_DIR) and the store's identity. The folder is the server user's only (0700, files 0600). It holds `store-id`,
 * the id the database's store_meta row also carries: a data folder with an id and a database
 * that is missing, empty, or another store's means the store's data is somewhere else, and
 * start-up stops with a message saying what to restore instead of starting an empty store.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";
import { type Db, errorCode } from "./db/database";
import { claimStoreId, findStoreId } from "./db/repositories/platform/store-meta";
import type { Logger } from "./logger";

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;
export const STORE_ID_FILE = "store-id";

/** Start-up refused: the data folder and the database are not the same store's. */
export class StoreIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreIdentityError";
  }
}

/** Creates the data folder readable by the server's user only, or tightens an existing one. */
export function prepareDataFolder(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  if ((fs.statSync(dataDir).mode & 0o777) !== DATA_DIR_MODE) fs.chmodSync(dataDir, DATA_DIR_MODE);
}

/** The id in DATA_DIR/store-id; undefined when the folder has none (a fresh install). */
export function readStoreIdFile(dataDir: string): string | undefined {
  try {
    const id = fs.readFileSync(path.join(dataDir, STORE_ID_FILE), "utf8").trim();
    return id || undefined;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

function writeStoreIdFile(dataDir: string, id: string): void {
  // Written whole or not at all: a temporary file renamed over the name.
  const file = path.join(dataDir, STORE_ID_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${id}\n`, { mode: DATA_FILE_MODE });
  fs.renameSync(temporary, file);
}

function describeDatabase(config: Config): string {
  if (config.database.dialect === "sqlite") return `the SQLite file ${config.database.filename}`;
  const url = new URL(config.database.connectionString);
  url.password = "";
  return `the PostgreSQL database ${url.toString()}`;
}

function refusal(config: Config, expected: string, problem: string): StoreIdentityError {
  const restore =
    config.database.dialect === "sqlite"
      ? `Restore ${path.basename(config.database.filename)} (with its -wal file if the backup has one) from your backup into ${path.dirname(config.database.filename)}, or set DATABASE_URL to where the store's database is.`
      : "Restore the store's PostgreSQL database from your backup (pg_restore), or set DATABASE_URL to the store's database.";
  return new StoreIdentityError(
    [
      `Start-up stopped: the data folder ${config.dataDir} belongs to store ${expected}, but ${describeDatabase(config)} ${problem}.`,
      "The store does not start empty on top of a store that existed.",
      restore,
      `To start a new, empty store on purpose, move the data folder away (or delete ${path.join(config.dataDir, STORE_ID_FILE)}) first.`,
    ].join("\n"),
  );
}

/**
 * Before the database is opened: with a store id in the data folder, a SQLite file that is
 * missing or zero bytes long is refused (opening it would create an empty store).
 */
export function checkDatabaseFile(config: Config, expected: string | undefined): void {
  if (!expected || config.database.dialect !== "sqlite") return;
  const file = config.database.filename;
  if (file === ":memory:") return;
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    if (errorCode(error) === "ENOENT") {
      throw refusal(config, expected, "is missing");
    }
    throw error;
  }
  if (size === 0) throw refusal(config, expected, "is empty (0 bytes)");
}

/**
 * After opening, before migrating: with a store id in the data folder, the database must carry
 * the same one. A database without one is empty or not this store's.
 */
export async function checkStoreId(db: Db, config: Config, expected: string | undefined) {
  if (!expected || isMemory(config)) return;
  const actual = await findStoreId(db);
  if (actual === undefined) throw refusal(config, expected, "has no store id (it is empty)");
  if (actual !== expected) throw refusal(config, expected, `belongs to store ${actual}`);
}

/**
 * After migrating: a fresh install gets a new id in both places; a data folder without an id
 * beside a database with one (a new machine, a data folder rebuilt) takes the database's.
 */
export async function recordStoreId(
  db: Db,
  config: Config,
  expected: string | undefined,
  logger: Logger,
): Promise<string | undefined> {
  if (isMemory(config)) return undefined;
  if (expected) return expected;
  const existing = await findStoreId(db);
  const id = existing ?? (await claimStoreId(db, randomUUID()));
  writeStoreIdFile(config.dataDir, id);
  logger.info(existing ? "data folder given the database's store id" : "new store id recorded", {
    storeId: id,
  });
  return id;
}

function isMemory(config: Config): boolean {
  return config.database.dialect === "sqlite" && config.database.filename === ":memory:";
}
