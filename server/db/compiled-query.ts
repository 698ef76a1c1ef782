/**
 * A fixed-shape query that Kysely builds and compiles once per dialect, then runs with each
 * call's values. Building and compiling a query costs more CPU than better-sqlite3
 * spends running a small INSERT (the contact message's profile: parsing `values`, `returning`,
 * `onConflict`, freezing nodes, compiling), and the hot writes have one shape whatever their
 * values: a counted attempt, a contact message, its emails.
 *
 * `build` receives markers in place of the values and must put each one where a value goes
 * (`values({ key: p.key })`, ``sql`… ${p.nowMs}` ``), never compute with it: the first call
 * checks that every marker it read came out as a parameter of the compiled query, and throws
 * otherwise (a marker turned into SQL text, or added to something). The SQL text then is the
 * same for every call, so the statement cache (database.ts) finds it too.
 */
import type { Compilable, CompiledQuery, DialectAdapter } from "kysely";
import type { Db } from "./database";

class Marker {
  constructor(readonly name: string) {}
}

/** Where each parameter of the compiled query comes from: a value's name, or a constant. */
type Slot = { name: string } | { constant: unknown };

interface Compiled {
  query: CompiledQuery;
  slots: readonly Slot[];
}

export interface FixedQuery<P, R> {
  /** Every row the query answers (RETURNING). */
  rows(db: Db, params: P): Promise<R[]>;
  /** The first row (an INSERT … RETURNING's one row); throws when there is none. */
  first(db: Db, params: P): Promise<R>;
  /** Runs it; the rows are not wanted. */
  run(db: Db, params: P): Promise<void>;
}

export function fixedQuery<P extends object, R = unknown>(
  build: (db: Db, params: P) => Compilable<R>,
): FixedQuery<P, R> {
  const byDialect = new WeakMap<DialectAdapter, Compiled>();

  function compile(db: Db): Compiled {
    const read = new Set<string>();
    const markers = new Proxy({} as P, {
      get(_target, name) {
        if (typeof name !== "string") return undefined;
        read.add(name);
        return new Marker(name);
      },
    });
    const query = build(db, markers).compile();
    const slots = query.parameters.map(
      (value): Slot => (value instanceof Marker ? { name: value.name } : { constant: value }),
    );
    const placed = new Set(slots.flatMap((s) => ("name" in s ? [s.name] : [])));
    const lost = [...read].filter((name) => !placed.has(name));
    if (lost.length > 0) {
      throw new Error(
        `fixedQuery: ${lost.join(", ")} must each be placed as a value, not computed with: ${query.sql}`,
      );
    }
    return { query, slots };
  }

  async function execute(db: Db, params: P): Promise<R[]> {
    const adapter = db.getExecutor().adapter;
    let compiled = byDialect.get(adapter);
    if (!compiled) {
      compiled = compile(db);
      byDialect.set(adapter, compiled);
    }
    const parameters = compiled.slots.map((s) =>
      "name" in s ? Reflect.get(params, s.name) : s.constant,
    );
    // Each field named: `{ ...compiled.query, queryId, parameters }` made V8 (Node 20) build a
    // new hidden class on every call, ~2.5 µs a statement. The query id is the
    // compiled one: plugins saw the statement under it (the write watch knows it is a write).
    const { query, sql, queryId } = compiled.query;
    const result = await db.executeQuery<R>({ query, sql, queryId, parameters });
    return result.rows;
  }

  return {
    rows: execute,
    async first(db, params) {
      const [row] = await execute(db, params);
      if (row === undefined) throw new Error("fixedQuery: the query answered no row");
      return row;
    },
    async run(db, params) {
      await execute(db, params);
    },
  };
}

/**
 * The values of a fixed insert with every column of `columns` named, each its marker (the one
 * called `column + suffix`, for a row among several). `columns` must list every key of `R`, no
 * more (the compiler checks it), so a column cannot be left out by mistake: left out, its value
 * would never be stored.
 */
export function markedValues<R extends object>(
  markers: object,
  columns: Record<keyof R & string, true>,
  suffix = "",
): R {
  const row: Record<string, unknown> = {};
  for (const column of Object.keys(columns)) row[column] = Reflect.get(markers, column + suffix);
  return row as R;
}

/**
 * An insert of several rows of one shape (every column of `columns`), built and compiled once for
 * each count from 1 to `maxRows`; a longer list is built the usual way. Row i's values are
 * named `column_i` (decisions 391, 402: an order's items, the outbox's emails). Give it one row
 * at least.
 */
export function fixedRowsQuery<Row extends object, R = unknown>(
  columns: Record<keyof Row & string, true>,
  maxRows: number,
  build: (db: Db, rows: Row[]) => Compilable<R>,
): (db: Db, rows: readonly Row[]) => Promise<R[]> {
  const names = Object.keys(columns);
  const byCount = new Map<number, FixedQuery<Record<string, unknown>, R>>();
  for (let count = 1; count <= maxRows; count++) {
    byCount.set(
      count,
      fixedQuery((db, p: Record<string, unknown>) =>
        build(
          db,
          Array.from({ length: count }, (_, i) => markedValues<Row>(p, columns, `_${i}`)),
        ),
      ),
    );
  }
  return async (db, rows) => {
    const fixed = byCount.get(rows.length);
    if (!fixed) return (await db.executeQuery(build(db, [...rows]).compile())).rows;
    const parameters: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      for (const name of names) parameters[`${name}_${i}`] = Reflect.get(row, name);
    });
    return fixed.rows(db, parameters);
  };
}
