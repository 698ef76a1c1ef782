import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../../tests/support/test-app";
import { describeEachDialect } from "../../tests/support/test-database";
import { compiledQuery } from "./compiled-query";
import type { DatabaseHandle } from "./database";

describeEachDialect("compiledQuery on %s", (dialect) => {
  let store: TestStore;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    handle = store.services.database;
  });
  afterAll(() => store?.close());

  const insert = compiledQuery((db, p: { id: string; at: string; updated?: string }) =>
    db
      .insertInto("carts")
      .values({ id: p.id, created_at: p.at, updated_at: p.updated ?? p.at })
      .returningAll(),
  );
  const select = compiledQuery((db, p: { id: string }) =>
    db
      .selectFrom("carts")
      .select(["id", "updated_at"])
      .where("id", "=", p.id)
      .where("id", "<>", "never"),
  );

  it("runs each call with its own values, in a transaction too", async () => {
    const first = await insert(handle.db, { id: "a", at: "1" });
    expect(first.rows).toEqual([{ id: "a", created_at: "1", updated_at: "1" }]);
    await handle.db.transaction().execute(async (trx) => {
      expect((await insert(trx, { id: "b", at: "2" })).rows[0]?.id).toBe("b");
    });
    // A key that is undefined counts as absent: a shape of its own.
    await insert(handle.db, { id: "c", at: "3", updated: undefined });
    await insert(handle.db, { id: "d", at: "4", updated: "5" });
    expect((await select(handle.db, { id: "b" })).rows).toEqual([{ id: "b", updated_at: "2" }]);
    expect((await select(handle.db, { id: "c" })).rows).toEqual([{ id: "c", updated_at: "3" }]);
    expect((await select(handle.db, { id: "d" })).rows).toEqual([{ id: "d", updated_at: "5" }]);
    expect((await select(handle.db, { id: "zz" })).rows).toEqual([]);
  });

  it("refuses a value computed with, or written into the SQL text", async () => {
    const computed = compiledQuery((db, p: { id: string }) =>
      db.selectFrom("carts").select("id").where("id", "=", `${p.id}-x`),
    );
    await expect(computed(handle.db, { id: "a" })).rejects.toThrow(/changed/);
    const inlined = compiledQuery((db, p: { id: string }) =>
      db.selectFrom("carts").select(sql.lit(p.id).as("v")),
    );
    await expect(inlined(handle.db, { id: "a" })).rejects.toThrow(/SQL text/);
  });
});
