/**
 * Waiting for SQLite's write lock never blocks the event loop: while another process (here another connection, which the test releases from a
 * timer) holds the lock, a transaction and a statement of their own wait for it between turns of
 * the event loop, and everything else the process does goes on meanwhile. With SQLite's
 * busy_timeout the wait slept inside the statement: the timer could not even fire, and the
 * write failed after 5 s with the loop held the whole time. SQLite only: PostgreSQL's driver
 * never waits on the event loop.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database";
import { LOCK_WAIT_MS } from "../../../server/runtime/sqlite-group-commit";

/** The longest the event loop went without a turn while `work` ran, and its outcome. */
async function whileWatchingTheLoop<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    return { result, stall: Math.max(longest, performance.now() - last) };
  } finally {
    clearInterval(tick);
  }
}

describe("waiting for SQLite's write lock", () => {
  let dir: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-wait-"));
    const filename = path.join(dir, "store.db");
    handle = openDatabase({ dialect: "sqlite", filename });
    await sql`create table t (id integer primary key, note text not null)`.execute(handle.db);
    other = new SQLite(filename);
  });
  afterEach(async () => {
    if (other.inTransaction) other.exec("rollback");
    other.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The other process takes the write lock now and commits after `ms`. */
  function otherHoldsTheLock(ms: number) {
    other.exec("begin immediate");
    other.exec("insert into t (note) values ('other')");
    setTimeout(() => other.exec("commit"), ms);
  }

  it("a transaction waits for another process's lock without holding the event loop", async () => {
    otherHoldsTheLock(300);
    const started = performance.now();
    const { stall } = await whileWatchingTheLoop(() =>
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into t (note) values ('ours')`.execute(trx);
      }),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(stall).toBeLessThan(100);
    const rows = await sql<{ note: string }>`select note from t order by id`.execute(handle.db);
    expect(rows.rows.map((r) => r.note)).toEqual(["other", "ours"]);
  });

  it("a statement outside any transaction waits the same way", async () => {
    otherHoldsTheLock(300);
    const { stall } = await whileWatchingTheLoop(() =>
      sql`insert into t (note) values ('alone')`.execute(handle.db),
    );
    expect(stall).toBeLessThan(100);
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
    expect(rows.rows[0]?.n).toBe(2);
  });

  it(`gives up after ${LOCK_WAIT_MS / 1000} s with SQLITE_BUSY (503), the loop free throughout`, async () => {
    other.exec("begin immediate");
    const { result, stall } = await whileWatchingTheLoop(() =>
      handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t (note) values ('late')`.execute(trx);
        })
        .then(
          () => "committed",
          (error: { code?: string }) => error.code,
        ),
    );
    expect(result).toMatch(/^SQLITE_BUSY/);
    expect(stall).toBeLessThan(100);
    // And once the lock is free the store writes again.
    other.exec("rollback");
    await sql`insert into t (note) values ('after')`.execute(handle.db);
  }, 15_000);
});
