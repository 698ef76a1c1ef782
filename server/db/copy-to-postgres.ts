/**
 * Moving a store from the embedded SQLite file to PostgreSQL without losing a thing (decision 176,
 * decision 176): every table, row for row with its ids, the identity sequences set past the
 * highest id, then row counts and order totals compared on both sides.
 *
 * This is a tool, not a use case: it copies whatever tables the migrations made, generically,
 * so a table added by a later migration is copied without a change here.
 */
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { openDatabase } from "./database";
import { migrateToLatest } from "./migrate";

const SKIPPED = new Set(["kysely_migration", "kysely_migration_lock"]);
const ROWS_PER_INSERT = 500;

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface OrderTotals {
  orders: number;
  totalCents: number;
  /** Every order's id and total, in id order, joined: equal only if each order's is. */
  fingerprint: string;
}

export interface CopyReport {
  tables: TableCount[];
  source: OrderTotals;
  target: OrderTotals;
  ok: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables in an order where every table comes after the tables it references. */
function tablesInDependencyOrder(sqlite: SQLite.Database): string[] {
  const names = sqlite
    .prepare<[], { name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
    )
    .all()
    .map((r) => r.name)
    .filter((n) => !SKIPPED.has(n))
    .sort();
  const references = new Map(
    names.map((n) => [
      n,
      sqlite
        .prepare<[], { table: string }>(`pragma foreign_key_list(${quote(n)})`)
        .all()
        .map((fk) => fk.table)
        .filter((t) => t !== n && names.includes(t)),
    ]),
  );
  const ordered: string[] = [];
  const visit = (n: string, path: Set<string>) => {
    if (ordered.includes(n) || path.has(n)) return;
    path.add(n);
    for (const parent of references.get(n) ?? []) visit(parent, path);
    ordered.push(n);
  };
  for (const n of names) visit(n, new Set());
  return ordered;
}

async function orderTotals(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const rows = await query("select id, total_cents from orders order by id");
  return {
    orders: rows.length,
    totalCents: rows.reduce((sum, r) => sum + Number(r.total_cents), 0),
    fingerprint: rows.map((r) => `${Number(r.id)}:${Number(r.total_cents)}`).join(","),
  };
}

/** What db:copy refuses to copy from: a missing file, or one that holds no store. */
export class NoStoreToCopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NoStoreToCopyError";
  }
}

/**
 * A mistyped --from used to be created empty, migrated and copied: an empty store "Verified"
 *. The source must exist and hold a store that was started (its
 * migrations ran); it is opened read-only for the check.
 */
export function assertSourceIsAStore(file: string): void {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new NoStoreToCopyError(
      `${file} does not exist. Give the store's SQLite file with --from (DATA_DIR/store.db).`,
    );
  }
  let holdsStore = false;
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const tables = new Set(
        db
          .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
          .all()
          .map((r) => r.name),
      );
      holdsStore = tables.has("kysely_migration") && tables.has("orders");
    } finally {
      db.close();
    }
  } catch {
    holdsStore = false;
  }
  if (!holdsStore) {
    throw new NoStoreToCopyError(
      `${file} holds no store (no tables, or a store that never started). Give the store's SQLite file with --from (DATA_DIR/store.db).`,
    );
  }
}

/**
 * Copies the SQLite store `sqliteFile` into the empty PostgreSQL database `postgresUrl`.
 * Refuses a target that holds any row beyond what the migrations themselves insert.
 */
export async function copySqliteToPostgres(options: {
  sqliteFile: string;
  postgresUrl: string;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  assertSourceIsAStore(options.sqliteFile);
  // The source at the latest schema, as starting the store would leave it.
  const source = openDatabase({ dialect: "sqlite", filename: options.sqliteFile });
  try {
    await migrateToLatest(source.db);
  } finally {
    await source.close();
  }

  const target = new pg.Client({ connectionString: options.postgresUrl });
  await target.connect();
  const sqlite = new SQLite(options.sqliteFile, { fileMustExist: true });
  try {
    const existing = await target.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = current_schema()",
    );
    const known = new Set(existing.rows.map((r) => r.tablename));
    for (const table of known) {
      if (SKIPPED.has(table)) continue;
      const { rows } = await target.query(`select 1 from ${quote(table)} limit 1`);
      if (rows.length > 0 && table !== "catalog_version") {
        throw new Error(
          `The PostgreSQL database is not empty (table ${table} has rows). Copy into an empty database.`,
        );
      }
    }
    const kysely = new Kysely<unknown>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: options.postgresUrl, max: 1 }),
      }),
    });
    try {
      await migrateToLatest(kysely);
    } finally {
      await kysely.destroy();
    }

    const tables = tablesInDependencyOrder(sqlite);
    // The whole copy reads one snapshot: IMMEDIATE also keeps any writer out until it ends.
    sqlite.prepare("begin immediate").run();
    await target.query("begin");
    try {
      // Rows the migrations inserted (catalog_version's first row, back_office_settings' one)
      // give way to the source's. The audit log's triggers refuse deletes row by row, and the
      // freshly migrated target has no entries to delete.
      for (const table of [...tables].reverse()) await target.query(`delete from ${quote(table)}`);
      for (const table of tables) {
        const targetColumns = new Set(
          (
            await target.query<{ column_name: string }>(
              "select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1",
              [table],
            )
          ).rows.map((r) => r.column_name),
        );
        if (targetColumns.size === 0) throw new Error(`PostgreSQL has no table ${table}`);
        const columns = sqlite
          .prepare<[], { name: string }>(`pragma table_info(${quote(table)})`)
          .all()
          .map((c) => c.name)
          .filter((c) => targetColumns.has(c));
        let copied = 0;
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const values: unknown[] = [];
          const tuples = batch.map((row) => {
            const marks = row.map((v) => {
              values.push(v);
              return `$${values.length}`;
            });
            return `(${marks.join(", ")})`;
          });
          await target.query(
            `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values ${tuples.join(", ")}`,
            values,
          );
          copied += batch.length;
          batch = [];
        };
        const select = sqlite
          .prepare<[], unknown[]>(`select ${columns.map(quote).join(", ")} from ${quote(table)}`)
          .raw(true);
        for (const row of select.iterate()) {
          batch.push(row);
          if (batch.length === ROWS_PER_INSERT) await flush();
        }
        await flush();
        log(`copied ${table}: ${copied} rows`);
      }
      // Identity columns continue after the highest copied id.
      const identities = await target.query<{ table_name: string; column_name: string }>(
        "select table_name, column_name from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'",
      );
      for (const { table_name, column_name } of identities.rows) {
        await target.query(
          `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column_name)}) from ${quote(table_name)}), 0) + 1, false)`,
          [quote(table_name), column_name],
        );
      }
      await target.query("commit");
    } catch (error) {
      await target.query("rollback").catch(() => {});
      throw error;
    } finally {
      sqlite.prepare("rollback").run();
    }

    const counts: TableCount[] = [];
    for (const table of tables) {
      const s = sqlite
        .prepare<[], { n: number }>(`select count(*) as n from ${quote(table)}`)
        .get();
      const t = await target.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
      counts.push({ table, source: Number(s?.n ?? 0), target: Number(t.rows[0]?.n ?? 0) });
    }
    const sourceTotals = await orderTotals(async (text) =>
      sqlite.prepare<[], Record<string, unknown>>(text).all(),
    );
    const targetTotals = await orderTotals(async (text) => (await target.query(text)).rows);
    const ok =
      counts.every((c) => c.source === c.target) &&
      sourceTotals.fingerprint === targetTotals.fingerprint &&
      sourceTotals.totalCents === targetTotals.totalCents;
    return { tables: counts, source: sourceTotals, target: targetTotals, ok };
  } finally {
    sqlite.close();
    await target.end();
  }
}
