/**
 * A counter of this process's writes that can change what the back office's figures show
 * (decision 260): caches of aggregates (server/dashboard-cache.ts) keep an answer only while
 * the counter has not moved. The dialect's driver is wrapped: every statement that is not a
 * read bumps the counter before it runs and after it ends, and a transaction that wrote bumps
 * it again after its COMMIT or ROLLBACK, so an aggregate computed while a write was still
 * uncommitted (PostgreSQL's pool runs reads beside an open transaction) is never kept.
 * Writes to QUIET_TABLES (shoppers' carts, counters of attempts, sessions, queued messages)
 * never change a figure and leave the counter alone; any other write, a raw statement, a
 * write inside a WITH clause (even under a SELECT) or a table this list does not know, counts.
 */
import {
  AliasNode,
  type CompiledQuery,
  type DatabaseConnection,
  DeleteQueryNode,
  type Dialect,
  type Driver,
  InsertQueryNode,
  type OperationNode,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  TableNode,
  type TransactionSettings,
  UpdateQueryNode,
} from "kysely";

/** Tables whose writes no aggregate of the back office reads (checked by their name only). */
export const QUIET_TABLES: ReadonlySet<string> = new Set([
  "rate_limits",
  "carts",
  "cart_items",
  "email_outbox",
  "text_outbox",
  "job_leases",
  "admin_sessions",
  "account_sessions",
  "account_links",
  "audit_log",
]);

/** Raw statements that never write. */
const RAW_READ = /^\s*(?:select|begin|commit|rollback|savepoint|release)\b/i;

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  if (TableNode.is(node)) return node.table.identifier.name;
  return undefined;
}

/** True when a compiled statement may change a figure. */
export function changesFigures(query: OperationNode, sqlText: string): boolean {
  // PostgreSQL runs a write inside WITH whatever the outer statement (`with moved as (update
  // orders … returning id) select …`): each common table expression is judged on its own.
  const withNode =
    SelectQueryNode.is(query) ||
    InsertQueryNode.is(query) ||
    UpdateQueryNode.is(query) ||
    DeleteQueryNode.is(query)
      ? query.with
      : undefined;
  if (withNode?.expressions.some((cte) => changesFigures(cte.expression, sqlText))) return true;
  if (SelectQueryNode.is(query)) return false;
  if (RawNode.is(query)) return !RAW_READ.test(sqlText);
  if (InsertQueryNode.is(query)) return !QUIET_TABLES.has(tableName(query.into) ?? "");
  if (UpdateQueryNode.is(query)) return !QUIET_TABLES.has(tableName(query.table) ?? "");
  if (DeleteQueryNode.is(query)) {
    const froms = query.from?.froms ?? [];
    return froms.length === 0 || froms.some((f) => !QUIET_TABLES.has(tableName(f) ?? ""));
  }
  return true;
}

export interface WriteCounter {
  /** Moves whenever a write that may change a figure starts, ends or is committed. */
  version(): number;
}

/** `dialect` with its driver watched; `counter` reads the count. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; counter: WriteCounter } {
  let version = 0;
  const inTransaction = new WeakSet<DatabaseConnection>();
  const wroteInTransaction = new WeakSet<DatabaseConnection>();
  // A pooled connection comes back many times: its executeQuery is wrapped once.
  const watched = new WeakSet<DatabaseConnection>();

  function watch(connection: DatabaseConnection): DatabaseConnection {
    if (watched.has(connection)) return connection;
    watched.add(connection);
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
      if (!changesFigures(compiled.query, compiled.sql)) return execute<R>(compiled);
      version++;
      if (inTransaction.has(connection)) wroteInTransaction.add(connection);
      try {
        return await execute<R>(compiled);
      } finally {
        version++;
      }
    };
    return connection;
  }

  function ended(connection: DatabaseConnection): void {
    inTransaction.delete(connection);
    if (wroteInTransaction.has(connection)) {
      wroteInTransaction.delete(connection);
      version++;
    }
  }

  function wrapDriver(driver: Driver): Driver {
    const wrapped: Driver = {
      init: () => driver.init(),
      acquireConnection: async () => watch(await driver.acquireConnection()),
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        await driver.beginTransaction(connection, settings);
        inTransaction.add(connection);
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        try {
          await driver.commitTransaction(connection);
        } finally {
          ended(connection);
        }
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        try {
          await driver.rollbackTransaction(connection);
        } finally {
          ended(connection);
        }
      },
      releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
    if (driver.savepoint) {
      const savepoint = driver.savepoint.bind(driver);
      wrapped.savepoint = (c, name, compile: QueryCompiler["compileQuery"]) =>
        savepoint(c, name, compile);
    }
    if (driver.rollbackToSavepoint) {
      const rollbackTo = driver.rollbackToSavepoint.bind(driver);
      wrapped.rollbackToSavepoint = (c, name, compile) => rollbackTo(c, name, compile);
    }
    if (driver.releaseSavepoint) {
      const release = driver.releaseSavepoint.bind(driver);
      wrapped.releaseSavepoint = (c, name, compile) => release(c, name, compile);
    }
    return wrapped;
  }

  return {
    dialect: {
      createDriver: () => wrapDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    counter: { version: () => version },
  };
}
