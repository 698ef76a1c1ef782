/** The database handle: Kysely over better-sqlite3 (default) or pg, chosen by configuration. */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql } from "kysely";
import type { DatabaseConfig } from "../config";
import { GroupCommitSqliteDialect, type SqliteStatements } from "../runtime/sqlite-group-commit";
import { type WriteCounter, watchWrites } from "../runtime/write-watch";
import { loadPg } from "./load-pg";
import type { Database } from "./types";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** This process's writes that may change the back office's figures. */
  writes: WriteCounter;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The connection pool's use right now (PostgreSQL; SQLite has one connection and no pool). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open (idle or in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export type Db = Kysely<Database>;

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === "postgres") {
    // COUNT/SUM come back as strings from pg (int8/numeric): repositories convert with Number().
    const POOL_MAX = 10;
    const pool = new (loadPg().Pool)({
      connectionString: config.connectionString,
      max: POOL_MAX,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A terminated backend emits 'error' on idle clients; without a listener the process dies.
    pool.on("error", () => {});
    // A client checked out for a query has no pool listener: when the server terminates it,
    // pg emits 'error' on the client, which would crash the process (battery-database test).
    // The query itself rejects, onError answers 503, and the pool drops the broken client.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const watch = watchWrites();
    const db = new Kysely<Database>({
      dialect: watch.dialect(new PostgresDialect({ pool })),
      plugins: [watch.plugin],
    });
    return {
      db,
      dialect: "postgres",
      writes: watch.counter,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX,
      }),
      close: () => db.destroy(),
    };
  }
  const onDisk = config.filename !== ":memory:";
  if (onDisk) {
    fs.mkdirSync(path.dirname(config.filename), { recursive: true, mode: 0o700 });
    // Created by us, readable by the server's user only; SQLite gives its -wal and -shm files
    // the database file's permissions.
    fs.closeSync(fs.openSync(config.filename, "a", 0o600));
    fs.chmodSync(config.filename, 0o600);
  }
  const sqlite = new SQLite(config.filename, { timeout: 0 });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  // No busy handler: it would sleep on the event loop while another process holds the write
  // lock. The driver waits for the lock between turns instead (LOCK_WAIT_MS, decision 467).
  sqlite.pragma("busy_timeout = 0");
  const assertFileInPlace = onDisk ? watchFile(config.filename) : () => {};
  if (onDisk) {
    for (const suffix of ["-wal", "-shm"]) {
      if (fs.existsSync(config.filename + suffix)) fs.chmodSync(config.filename + suffix, 0o600);
    }
  }
  const watch = watchWrites();
  const db = new Kysely<Database>({
    dialect: watch.dialect(
      new GroupCommitSqliteDialect(cachingStatements(sqlite, assertFileInPlace)),
    ),
    plugins: [watch.plugin],
  });
  return {
    db,
    dialect: "sqlite",
    writes: watch.counter,
    ping: async () => {
      assertFileInPlace();
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** The SQLite file was deleted or replaced under the running store. */
export class DatabaseFileLostError extends Error {
  readonly code = "STORE_FILE_LOST";
  constructor(filename: string) {
    super(
      `The database file ${filename} was deleted or replaced while the store was running; nothing more is written. Restore the file and restart the store.`,
    );
    this.name = "DatabaseFileLostError";
  }
}

/**
 * A check that the file at `filename` is still the one opened (same device and inode): after
 * `rm store.db*` or a file moved over it, the open handle writes into a file nobody will ever
 * read again. One stat per call (~2 µs), made where a write becomes durable (cachingStatements)
 * and by /healthz; once lost, always lost (the handle cannot follow a restored file: restart).
 */
function watchFile(filename: string): () => void {
  const opened = fs.statSync(filename);
  let lost = false;
  return () => {
    if (!lost) {
      try {
        const current = fs.statSync(filename);
        lost = current.ino !== opened.ino || current.dev !== opened.dev;
      } catch {
        lost = true;
      }
    }
    if (lost) throw new DatabaseFileLostError(filename);
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query anew
 * (~6 % of bench:orders' CPU). Queries are parameterised, so the same SQL text comes back with
 * other values: keep up to STATEMENT_CACHE_SIZE compiled statements by SQL text, least recently
 * used dropped first. The driver runs one query at a time on SQLite's single
 * connection (transactions begin IMMEDIATE and commit in groups: server/runtime/sqlite-group-commit.ts,
 * decisions 175 and 345); a statement still iterating (a stream) is never handed out twice.
 *
 * `beforeDurable` (the file check, decision 117) is called where writes become durable, once
 * per transaction instead of before each of its writing statements: before a
 * COMMIT (one per group of the group commit), and before a writing statement that runs outside
 * any transaction (it commits by itself). A write inside a transaction reaches the file only
 * through its COMMIT, so a check just before that COMMIT covers every statement of every member
 * of the group, and later than the old last check did.
 */
function cachingStatements(sqlite: SQLite.Database, beforeDurable: () => void): SqliteStatements {
  const cache = new Map<string, SQLite.Statement>();
  return {
    inTransaction: () => sqlite.inTransaction,
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        if (makesDurable(sqlite, text, cached)) beforeDurable();
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (makesDurable(sqlite, text, statement)) beforeDurable();
      cache.set(text, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

/**
 * True for the statements after which SQLite's file holds new data: the group's COMMIT (SQLite
 * calls it read-only: it writes nothing itself) and a writing statement outside a transaction.
 * BEGIN IMMEDIATE writes nothing: a transaction's writes are checked at its COMMIT.
 */
function makesDurable(sqlite: SQLite.Database, text: string, statement: SQLite.Statement): boolean {
  if (text === "commit") return true;
  return !statement.readonly && !sqlite.inTransaction && text !== "begin immediate";
}

/** ISO-8601 UTC timestamp, the format of every *_at column. */
export function now(): string {
  return new Date().toISOString();
}

/** pg answers COUNT/SUM as strings; SQLite as numbers. */
export function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === "number" ? value : Number(value);
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown (pg_terminate_backend)
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "53300", // too_many_connections
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_FULL",
  "STORE_FILE_LOST",
]);

/** The `code` a Node, SQLite or pg error carries, if any. */
export function errorCode(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

/** True when an error means "the database cannot answer now" (→ 503), not a bug (→ 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  if (
    typeof code === "string" &&
    (UNAVAILABLE_CODES.has(code) || code.startsWith("SQLITE_IOERR"))
  ) {
    return true;
  }
  const message =
    typeof error === "object" && error !== null && "message" in error ? error.message : undefined;
  return (
    typeof message === "string" &&
    /Connection terminated|connection timeout|is not currently accepting connections|Client has encountered a connection error|terminating connection|Cannot use a pool after calling end|driver has already been destroyed/i.test(
      message,
    )
  );
}

/** A unique-constraint violation on SQLite or PostgreSQL (a second order for one cart, a
 * second account with one email). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}
