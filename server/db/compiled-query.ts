/**
 * The hot statements of a new cart and of placing an order, built and compiled by Kysely once
 * and then run with each call's values (decision 385). Building a query (Kysely's frozen,
 * cloned nodes) and compiling it cost more CPU than SQLite's execution of most of them, for a
 * text that never changes; a compiled statement's text is also the same string every time, so
 * the SQLite statement cache finds it without hashing a new string.
 *
 * `compiledQuery(build)` returns a runner. On the first call with a given set of keys (keys whose
 * value is undefined do not count, as Kysely leaves such columns out), `build` gets an object
 * with those keys whose values are markers; each marker becomes one parameter of the compiled
 * SQL, so a later call only puts its values in the markers' places. Values must be used as
 * they are (a parameter), never computed with in `build`: a marker that ends up changed, or in
 * the SQL text, is refused when the query is compiled. One compilation per dialect (the
 * executor's adapter) and set of keys.
 */
import type { Compilable, CompiledQuery, DialectAdapter, QueryResult } from "kysely";
import type { Db } from "./database";

const MARK = "\u0000compiled-query-value:";

interface Template<R> {
  query: CompiledQuery<R>;
  /** Per parameter: the key whose value goes there, or undefined for a constant of `build`. */
  keys: (string | undefined)[];
  constants: unknown[];
}

export type CompiledRunner<P, R> = (db: Db, values: P) => Promise<QueryResult<R>>;

export function compiledQuery<P extends Record<string, unknown>, R>(
  build: (db: Db, values: P) => Compilable<R>,
): CompiledRunner<P, R> {
  const byDialect = new WeakMap<DialectAdapter, Map<string, Template<R>>>();
  return async (db, values) => {
    const record: Record<string, unknown> = values;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const shape = keys.join(",");
    const adapter = db.getExecutor().adapter;
    let templates = byDialect.get(adapter);
    if (!templates) {
      templates = new Map();
      byDialect.set(adapter, templates);
    }
    let template = templates.get(shape);
    if (!template) {
      template = compileTemplate(db, build, keys);
      templates.set(shape, template);
    }
    const { keys: slots, constants } = template;
    const parameters = slots.map((key, i) => (key === undefined ? constants[i] : record[key]));
    return db.executeQuery({ ...template.query, parameters });
  };
}

function compileTemplate<P extends Record<string, unknown>, R>(
  db: Db,
  build: (db: Db, values: P) => Compilable<R>,
  keys: readonly string[],
): Template<R> {
  const markers = Object.fromEntries(keys.map((key) => [key, MARK + key]));
  // The markers stand in for the values: build only passes them on to Kysely (checked below).
  const query = build(db, markers as P).compile();
  if (query.sql.includes(MARK)) {
    throw new Error(`compiledQuery: a value became part of the SQL text: ${query.sql}`);
  }
  const known = new Set(keys);
  const slots = query.parameters.map((parameter) => {
    if (typeof parameter !== "string" || !parameter.startsWith(MARK)) return undefined;
    const key = parameter.slice(MARK.length);
    if (!known.has(key)) {
      throw new Error(`compiledQuery: a value was changed before it became a parameter: ${key}`);
    }
    return key;
  });
  return { query, keys: slots, constants: [...query.parameters] };
}
