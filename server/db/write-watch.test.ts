import SQLite from "better-sqlite3";
import {
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

const changes = (query: {
  compile(): { query: Parameters<typeof changesFigures>[0]; sql: string };
}) => {
  const compiled = query.compile();
  return changesFigures(compiled.query, compiled.sql);
};

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
    const raw = (text: string) => changesFigures(sql.raw(text).compile(pg).query, text);
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

describe("watchWrites over SQLite", () => {
  let db: Kysely<Tables> | undefined;
  afterEach(async () => {
    await db?.destroy();
  });

  function open() {
    const sqlite = new SQLite(":memory:");
    sqlite.exec("create table orders (id integer primary key, status text)");
    sqlite.exec("create table carts (id integer primary key, status text)");
    const watched = watchWrites(new SqliteDialect({ database: sqlite }));
    db = new Kysely<Tables>({ dialect: watched.dialect });
    return { db, writes: watched.counter };
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
});
