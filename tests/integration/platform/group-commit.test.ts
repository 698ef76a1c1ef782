/**
 * The SQLite driver's group commit, on a real WAL file with synchronous=FULL:
 * transactions that queue for the one connection share one COMMIT; a failed one undoes only
 * itself; nobody's promise settles before the COMMIT (seen by a spy on the statements and by a
 * second connection on the file, as another process would read it); a failed COMMIT reaches
 * every member; the write lock still waits for another process's transaction.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type SqliteStatement, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database";
import {
  GROUP_MAX_MEMBERS,
  GroupCommitSqliteDialect,
  GroupRolledBackError,
} from "../../../server/runtime/sqlite-group-commit";

type Scratch = {
  t: { id: number; note: string };
};

/** The statements the driver ran, and the settlements the test saw, in one order. */
let log: string[];
let dir: string;
let file: string;
let sqlite: SQLite.Database;
/** A second connection on the file: what another process would read. */
let other: SQLite.Database;
let db: Kysely<Scratch>;
/** Statement texts (lower case) whose next run fails, with this error. */
let failNext: Map<string, Error>;

function spied(statement: SQLite.Statement, text: string): SqliteStatement {
  const note = () => {
    log.push(text.toLowerCase());
    const failure = failNext.get(text.toLowerCase());
    if (failure) {
      failNext.delete(text.toLowerCase());
      throw failure;
    }
  };
  return {
    reader: statement.reader,
    all: (parameters) => {
      note();
      return statement.all(parameters);
    },
    run: (parameters) => {
      note();
      return statement.run(parameters);
    },
    iterate: (parameters) => {
      note();
      return statement.iterate(parameters);
    },
  };
}

function onDisk(): number[] {
  return other
    .prepare<[], { id: number }>("select id from t order by id")
    .all()
    .map((r) => r.id);
}

/** One transaction that inserts `id`; logs "settled id" or "failed id" when its promise settles. */
function insert(id: number, fail?: "before" | "after") {
  return db
    .transaction()
    .execute(async (trx) => {
      if (fail === "before") throw new Error(`refused ${id}`);
      await trx
        .insertInto("t")
        .values({ id, note: `row ${id}` })
        .execute();
      if (fail === "after") throw new Error(`refused ${id}`);
    })
    .then(
      () => {
        log.push(`settled ${id} sees ${onDisk().includes(id)}`);
      },
      (error: Error) => {
        log.push(`failed ${id}: ${error.message}`);
      },
    );
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  file = path.join(dir, "store.db");
  sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.exec("create table t (id integer primary key, note text not null)");
  other = new SQLite(file);
  other.pragma("busy_timeout = 5000");
  log = [];
  failNext = new Map();
  db = new Kysely<Scratch>({
    dialect: new GroupCommitSqliteDialect({
      prepare: (text) => spied(sqlite.prepare(text), text),
      inTransaction: () => sqlite.inTransaction,
      close: () => sqlite.close(),
    }),
  });
  // Kysely starts its driver on the first query: from here on, queries queue in call order.
  await sql`select 1`.execute(db);
  log = [];
});

afterEach(async () => {
  await db.destroy();
  other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = (text: string) => log.filter((line) => line === text).length;
const index = (prefix: string) => log.findIndex((line) => line.startsWith(prefix));

describe("group commit on SQLite", () => {
  it("a transaction alone commits as before, and is on disk when its promise settles", async () => {
    await insert(1);
    expect(log).toEqual([
      "begin immediate",
      'insert into "t" ("id", "note") values (?, ?)',
      "commit",
      "settled 1 sees true",
    ]);
  });

  it("queued transactions share one BEGIN IMMEDIATE and one COMMIT; nobody settles before it", async () => {
    await Promise.all([1, 2, 3, 4, 5].map((id) => insert(id)));
    expect(count("begin immediate")).toBe(1);
    expect(count("commit")).toBe(1);
    expect(log.filter((line) => line.startsWith("savepoint"))).toHaveLength(4);
    const commit = log.indexOf("commit");
    for (const id of [1, 2, 3, 4, 5]) {
      // Settled after the COMMIT, and another connection on the file already sees the row.
      expect(index(`settled ${id} `)).toBeGreaterThan(commit);
      expect(log).toContain(`settled ${id} sees true`);
    }
    expect(onDisk()).toEqual([1, 2, 3, 4, 5]);
  });

  it("a query outside a transaction that runs inside an open group is answered after its COMMIT", async () => {
    let read: Promise<unknown> = Promise.resolve();
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ id: 1, note: "row 1" }).execute();
      // Asked while transaction 1 holds the connection: it queues, and runs in the group.
      read = db
        .selectFrom("t")
        .select("id")
        .execute()
        .then((rows) => log.push(`read ${rows.length} rows, disk has ${onDisk().length}`));
    });
    await Promise.all([first, insert(2)]);
    await read;
    const commit = log.indexOf("commit");
    expect(count("commit")).toBe(1);
    // The read saw row 1 inside the group and was answered only after the COMMIT, when the
    // rows it saw were on disk.
    expect(index("read ")).toBeGreaterThan(commit);
    expect(log.find((line) => line.startsWith("read "))).toMatch(/^read [12] rows, disk has 2$/);
  });

  it("a failing transaction inside a group rolls back only itself", async () => {
    await Promise.all([insert(1), insert(2), insert(3, "after"), insert(4), insert(5, "before")]);
    expect(log).toContain("failed 3: refused 3");
    expect(log).toContain("failed 5: refused 5");
    expect(log.some((line) => /^rollback to group_member$/.test(line))).toBe(true);
    expect(count("rollback")).toBe(0);
    expect(count("commit")).toBe(1);
    expect(onDisk()).toEqual([1, 2, 4]);
    // The failed ones too settle only after the group's COMMIT (what they read was not yet
    // on disk before it).
    expect(index("failed 3")).toBeGreaterThan(log.indexOf("commit"));
  });

  it("a unique violation inside a group fails that transaction alone", async () => {
    await insert(7);
    log = [];
    await Promise.all([insert(1), insert(7), insert(2)]);
    expect(log.find((line) => line.startsWith("failed 7"))).toMatch(/UNIQUE constraint failed/);
    expect(onDisk()).toEqual([1, 2, 7]);
  });

  it("the first transaction failing rolls back alone, and those queued behind it commit", async () => {
    await Promise.all([insert(1, "after"), insert(2), insert(3)]);
    expect(log).toContain("failed 1: refused 1");
    expect(count("rollback")).toBe(1);
    expect(onDisk()).toEqual([2, 3]);
  });

  it("when the COMMIT fails, every member of the group gets its error and nothing is saved", async () => {
    failNext.set("commit", Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" }));
    await Promise.all([insert(1), insert(2), insert(3)]);
    expect(log.filter((line) => line.startsWith("failed"))).toEqual([
      "failed 1: disk I/O error",
      "failed 2: disk I/O error",
      "failed 3: disk I/O error",
    ]);
    expect(sqlite.inTransaction).toBe(false);
    expect(onDisk()).toEqual([]);
    // The connection works on.
    await insert(4);
    expect(onDisk()).toEqual([4]);
  });

  it("when SQLite rolls the whole transaction back after an error, every member gets an error", async () => {
    const full = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    const results: unknown[] = [];
    const member = (id: number, explode = false) =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("t").values({ id, note: "x" }).execute();
          if (explode) {
            // What SQLite does on SQLITE_FULL: the statement fails and the transaction is gone.
            sqlite.exec("rollback");
            failNext.set("select 1", full);
            await sql`select 1`.execute(trx);
          }
        })
        .then(
          () => results.push(`ok ${id}`),
          (error: unknown) =>
            results.push(error instanceof GroupRolledBackError ? `lost ${id}` : `own ${id}`),
        );
    await Promise.all([member(1), member(2), member(3, true), member(4)]);
    // 1, 2 and 3 were in the rolled-back group; 4 began a new one.
    // 3's own failure is replaced by the group's: what it read was in the lost group too.
    expect(results.sort()).toEqual(["lost 1", "lost 2", "lost 3", "ok 4"]);
    expect(onDisk()).toEqual([4]);
  });

  it("a controlled transaction's commit() and a stream outside a transaction wait for the COMMIT too", async () => {
    const controlled = (async () => {
      const trx = await db.startTransaction().execute();
      await trx.insertInto("t").values({ id: 2, note: "controlled" }).execute();
      await trx.commit().execute();
      log.push(`controlled committed, disk has ${onDisk().join(",")}`);
    })();
    const streamed = (async () => {
      const ids: number[] = [];
      for await (const row of db.selectFrom("t").select("id").stream()) ids.push(row.id);
      log.push(`streamed ${ids.join(",")}, disk has ${onDisk().join(",")}`);
    })();
    await Promise.all([insert(1), controlled, streamed, insert(3)]);
    const disk = (line: string | undefined) =>
      (line?.split(", disk has ")[1] ?? "").split(",").filter(Boolean);
    // commit() resolved only after a COMMIT, with its row on disk.
    expect(index("controlled committed")).toBeGreaterThan(log.indexOf("commit"));
    expect(disk(log.find((line) => line.startsWith("controlled ")))).toContain("2");
    // The stream ended any open group before its first row: every row it saw was on disk.
    const streamedLine = log.find((line) => line.startsWith("streamed ")) ?? "";
    const seen = streamedLine.slice("streamed ".length).split(", disk has ")[0]?.split(",") ?? [];
    expect(seen.filter(Boolean).length).toBeGreaterThan(0);
    for (const id of seen) expect(disk(streamedLine)).toContain(id);
    expect(onDisk()).toEqual([1, 2, 3]);
  });

  it(`a group is committed once it has ${GROUP_MAX_MEMBERS} members`, async () => {
    const ids = Array.from({ length: GROUP_MAX_MEMBERS + 6 }, (_, i) => i + 1);
    await Promise.all(ids.map((id) => insert(id)));
    // The groups' sizes: the inserts between one COMMIT and the next. Without the cap all 70
    // would join one group; a busy machine may also close a group early (GROUP_MAX_MS).
    const sizes = log
      .join("\n")
      .split(/^commit$/m)
      .slice(0, -1)
      .map((part) => part.split("\n").filter((line) => line.startsWith("insert into")).length);
    expect(sizes.length).toBe(count("commit"));
    expect(sizes.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(GROUP_MAX_MEMBERS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
    expect(index(`settled 1 `)).toBeGreaterThan(log.indexOf("commit"));
    expect(onDisk()).toEqual(ids);
  });

  it("another process's write waits for the group's COMMIT and then succeeds (decision 175)", async () => {
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ id: 1, note: "x" }).execute();
      // The other connection tries while this process holds the write lock: it cannot get it.
      expect(() => {
        other.pragma("busy_timeout = 0");
        other.prepare("begin immediate").run();
      }).toThrow(/database is locked/);
      other.pragma("busy_timeout = 5000");
    });
    await Promise.all([first, insert(2)]);
    other.prepare("begin immediate").run();
    other.prepare("insert into t (id, note) values (3, 'other')").run();
    other.prepare("commit").run();
    await insert(4);
    expect(onDisk()).toEqual([1, 2, 3, 4]);
  });
});

describe("the store's database handle on SQLite", () => {
  it("keeps the file check: a replaced file stops writes inside a group too", async () => {
    const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-store-"));
    const filename = path.join(storeDir, "store.db");
    const handle = openDatabase({ dialect: "sqlite", filename });
    try {
      await sql`create table t (id integer primary key, note text not null)`.execute(handle.db);
      const store = handle.db.withTables<Scratch>();
      const before = handle.writes.version();
      await Promise.all(
        [1, 2, 3].map((id) =>
          store
            .transaction()
            .execute((trx) => trx.insertInto("t").values({ id, note: "x" }).execute()),
        ),
      );
      // The write counter still moves for a table it does not know.
      expect(handle.writes.version()).toBeGreaterThan(before);
      fs.renameSync(filename, `${filename}.moved`);
      fs.writeFileSync(filename, "");
      await expect(
        store
          .transaction()
          .execute((trx) => trx.insertInto("t").values({ id: 4, note: "x" }).execute()),
      ).rejects.toMatchObject({ code: "STORE_FILE_LOST" });
    } finally {
      await handle.close();
      fs.rmSync(storeDir, { recursive: true, force: true });
    }
  });

  /** The store's handle on a fresh file with table t, and a function that replaces the file. */
  async function scratchStore() {
    const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-store-"));
    const filename = path.join(storeDir, "store.db");
    const handle = openDatabase({ dialect: "sqlite", filename });
    await sql`create table t (id integer primary key, note text not null)`.execute(handle.db);
    return {
      handle,
      store: handle.db.withTables<Scratch>(),
      replace: () => {
        fs.renameSync(filename, `${filename}.moved`);
        fs.writeFileSync(filename, "");
      },
      ids: async () =>
        (await sql<{ id: number }>`select id from t order by id`.execute(handle.db)).rows.map(
          (row) => row.id,
        ),
      close: async () => {
        await handle.close();
        fs.rmSync(storeDir, { recursive: true, force: true });
      },
    };
  }

  it("checks the file at the COMMIT: a file replaced after a transaction's last write fails the whole group (decision 400)", async () => {
    const scratch = await scratchStore();
    try {
      const { store } = scratch;
      const first = store
        .transaction()
        .execute((trx) => trx.insertInto("t").values({ id: 1, note: "x" }).execute());
      // Queued behind the first, so it runs as a member of the same group.
      const second = store.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ id: 2, note: "x" }).execute();
        scratch.replace();
      });
      const outcomes = await Promise.allSettled([first, second]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        if (outcome.status === "rejected") {
          expect(outcome.reason).toMatchObject({ code: "STORE_FILE_LOST" });
        }
      }
      // Rolled back: nothing of the group is in the file the handle still reads.
      expect(await scratch.ids()).toEqual([]);
    } finally {
      await scratch.close();
    }
  });

  it("checks the file between transactions and before a write outside any transaction", async () => {
    const scratch = await scratchStore();
    try {
      const { store } = scratch;
      await store
        .transaction()
        .execute((trx) => trx.insertInto("t").values({ id: 1, note: "x" }).execute());
      await store.insertInto("t").values({ id: 2, note: "x" }).execute();
      scratch.replace();
      await expect(
        store.insertInto("t").values({ id: 3, note: "x" }).execute(),
      ).rejects.toMatchObject({ code: "STORE_FILE_LOST" });
      await expect(
        store
          .transaction()
          .execute((trx) => trx.insertInto("t").values({ id: 4, note: "x" }).execute()),
      ).rejects.toMatchObject({ code: "STORE_FILE_LOST" });
      expect(await scratch.ids()).toEqual([1, 2]);
    } finally {
      await scratch.close();
    }
  });
});
