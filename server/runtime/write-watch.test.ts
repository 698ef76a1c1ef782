import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  sql,
} from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { changesFigures, watchWrites } from "./write-watch";

interface Tables {
  orders: { id: number; status: string };
  carts: { id: number; status: string };
}

/** Compiles PostgreSQL's text without a server (writing CTEs are PostgreSQL's). */
const pg = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const changes = (query: { compile(): { query: Parameters<typeof changesFigures>[0] } }) =>
  changesFigures(query.compile().query);

describe("changesFigures", () => {
  it("counts writes to the figures' tables and leaves reads and quiet tables alone", () => {
    expect(changes(pg.selectFrom("orders").selectAll())).toBe(false);
    expect(changes(pg.insertInto("orders").values({ id: 1, status: "pending" }))).toBe(true);
    expect(changes(pg.updateTable("orders").set({ status: "confirmed" }))).toBe(true);
    expect(changes(pg.deleteFrom("orders"))).toBe(true);
    expect(changes(pg.updateTable("orders as o").set({ status: "confirmed" }))).toBe(true);
    expect(changes(pg.insertInto("carts").values({ id: 1, status: "open" }))).toBe(false);
    expect(changes(pg.updateTable("carts").set({ status: "open" }))).toBe(false);
    expect(changes(pg.deleteFrom("carts"))).toBe(false);
    expect(changes(pg.deleteFrom(["carts", "orders"]))).toBe(true);
  });

  it("counts raw statements unless they only read or end a transaction", () => {
    const raw = (text: string) => changesFigures(sql.raw(text).compile(pg).query);
    expect(raw("select 1")).toBe(false);
    expect(raw(" commit")).toBe(false);
    expect(raw("update orders set status = 'confirmed'")).toBe(true);
    expect(raw("with x as (update orders set status = 'confirmed' returning id) select 1")).toBe(
      true,
    );
  });

  it("counts a write inside a WITH clause, whatever the outer statement", () => {
    const updated = pg
      .with("moved", (db) => db.updateTable("orders").set({ status: "confirmed" }).returning("id"))
      .selectFrom("moved")
      .selectAll();
    expect(changes(updated)).toBe(true);
    const quietOuter = pg
      .with("gone", (db) => db.deleteFrom("orders").returning("id"))
      .insertInto("carts")
      .values({ id: 1, status: "open" });
    expect(changes(quietOuter)).toBe(true);
    const readOnly = pg
      .with("open", (db) => db.selectFrom("orders").select("id"))
      .selectFrom("open")
      .selectAll();
    expect(changes(readOnly)).toBe(false);
  });
});

describe("the write watch as a Kysely plugin over SQLite", () => {
  let db: Kysely<Tables> | undefined;
  afterEach(async () => {
    await db?.destroy();
  });

  function open() {
    const sqlite = new SQLite(":memory:");
    sqlite.exec("create table orders (id integer primary key, status text)");
    sqlite.exec("create table carts (id integer primary key, status text)");
    const watch = watchWrites();
    db = new Kysely<Tables>({
      dialect: watch.dialect(new SqliteDialect({ database: sqlite })),
      plugins: [watch.plugin],
    });
    return { db, writes: watch.counter };
  }

  it("moves on a write, its transaction's end and a rollback; not on reads or quiet tables", async () => {
    const { db, writes } = open();
    const start = writes.version();
    await db.selectFrom("orders").selectAll().execute();
    await db.insertInto("carts").values({ id: 1, status: "open" }).execute();
    expect(writes.version()).toBe(start);
    await db.insertInto("orders").values({ id: 1, status: "pending" }).execute();
    const afterInsert = writes.version();
    expect(afterInsert).toBeGreaterThan(start);

    let inside = 0;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("orders").set({ status: "confirmed" }).execute();
      inside = writes.version();
    });
    expect(inside).toBeGreaterThan(afterInsert);
    expect(writes.version()).toBeGreaterThan(inside); // moved again at the COMMIT

    const beforeRollback = writes.version();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("orders").set({ status: "cancelled" }).execute();
        inside = writes.version();
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(inside).toBeGreaterThan(beforeRollback);
    expect(writes.version()).toBeGreaterThan(inside); // moved again at the ROLLBACK

    const quiet = writes.version();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("carts").set({ status: "ordered" }).execute();
    });
    expect(writes.version()).toBe(quiet);
  });

  it("moves on every run of a statement compiled once, and on one it never saw compiled", async () => {
    const { db, writes } = open();
    // Compiled once and run again under its own query id, as server/db/compiled-query.ts does.
    const insert = db.insertInto("orders").values({ id: 7, status: "pending" }).compile();
    const compiled = writes.version();
    await db.executeQuery(insert);
    const once = writes.version();
    expect(once).toBeGreaterThan(compiled);
    await db.deleteFrom("orders").execute();
    const again = writes.version();
    await db.executeQuery(insert);
    expect(writes.version()).toBeGreaterThan(again);
    const read = db.selectFrom("orders").selectAll().compile();
    const beforeRead = writes.version();
    await db.executeQuery(read);
    expect(writes.version()).toBe(beforeRead);
    // A hand-made statement has no node the plugin saw: counted, to be safe.
    await db.executeQuery(CompiledQuery.raw("update orders set status = 'x'"));
    expect(writes.version()).toBeGreaterThan(beforeRead);
  });
});

describe("the write watch's transaction ends", () => {
  /** A dialect whose transactions overlap (like PostgreSQL's pool) and run nothing. */
  function overlapping() {
    const connection: DatabaseConnection = {
      executeQuery: async () => ({ rows: [] }),
      streamQuery: async function* () {},
    };
    const driver: Driver = {
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async () => {},
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    };
    const watch = watchWrites();
    const db = new Kysely<Tables>({
      dialect: watch.dialect({
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => driver,
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      }),
      plugins: [watch.plugin],
    });
    return { db, writes: watch.counter };
  }

  it("moves at the end of a writing transaction even when a quiet one ended in between", async () => {
    const { db, writes } = overlapping();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote = 0;
    const writing = db.transaction().execute(async (trx) => {
      await trx.updateTable("orders").set({ status: "confirmed" }).execute();
      wrote = writes.version();
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("carts").set({ status: "open" }).execute();
    });
    const beforeCommit = writes.version();
    expect(beforeCommit).toBeGreaterThanOrEqual(wrote);
    release();
    await writing;
    // Figures read before this COMMIT saw the orders as they were: they must not stay kept.
    expect(writes.version()).toBeGreaterThan(beforeCommit);
    const idle = writes.version();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("carts").set({ status: "ordered" }).execute();
    });
    expect(writes.version()).toBe(idle);
  });
});
