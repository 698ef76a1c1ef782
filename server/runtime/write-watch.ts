/**
 * A counter of this process's writes that can change what the back office's figures show
 * (decision 260, docs/caching.md): the figures' caches (server/runtime/caches.ts) keep an answer
 * only while it has not moved. It moves through Kysely's own plugin interface, never by patching
 * a connection:
 * - `transformQuery` sees every statement's operation node once, when it is compiled: a write
 *   that may change a figure moves the counter and its query id is remembered;
 * - `transformResult` runs after every execution: a remembered write moves it again, and so
 *   does a statement whose node the plugin never saw (a hand-made CompiledQuery), to be safe;
 * - Kysely runs BEGIN, COMMIT and ROLLBACK on the driver, not through plugins, so the dialect
 *   is given a driver that tells the counter when a transaction ends: the counter moves again
 *   then if a write was seen since no transaction was open. An aggregate computed while a write
 *   was still uncommitted (PostgreSQL's pool runs reads beside an open transaction) is never
 *   kept.
 * Writes to QUIET_TABLES (shoppers' carts, counters of attempts, sessions, queued messages)
 * never change a figure and leave the counter alone; any other write, a raw statement that does
 * not only read, a write inside a WITH clause (even under a SELECT) or a table this list does not
 * know, counts.
 */
import {
  AliasNode,
  type DatabaseConnection,
  DeleteQueryNode,
  type Dialect,
  type Driver,
  InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  SelectQueryNode,
  TableNode,
  type TransactionSettings,
  type UnknownRow,
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

/** True when a statement may change a figure. */
export function changesFigures(query: OperationNode): boolean {
  // PostgreSQL runs a write inside WITH whatever the outer statement (`with moved as (update
  // orders … returning id) select …`): each common table expression is judged on its own.
  const withNode =
    SelectQueryNode.is(query) ||
    InsertQueryNode.is(query) ||
    UpdateQueryNode.is(query) ||
    DeleteQueryNode.is(query)
      ? query.with
      : undefined;
  if (withNode?.expressions.some((cte) => changesFigures(cte.expression))) return true;
  if (SelectQueryNode.is(query)) return false;
  if (RawNode.is(query)) return !RAW_READ.test(query.sqlFragments.join("?"));
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

export interface WriteWatch {
  /** Give it to Kysely (`plugins: [watch.plugin]`). */
  plugin: KyselyPlugin;
  /** `dialect` with a driver that reports each transaction's end. */
  dialect(dialect: Dialect): Dialect;
  counter: WriteCounter;
}

export function watchWrites(): WriteWatch {
  let version = 0;
  const writing = new WeakSet<QueryId>();
  const seen = new WeakSet<QueryId>();
  let openTransactions = 0;
  let wroteSinceIdle = false;

  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      seen.add(queryId);
      if (changesFigures(node)) {
        writing.add(queryId);
        wroteSinceIdle = true;
        version++;
      }
      return node;
    },
    async transformResult({
      queryId,
      result,
    }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writing.has(queryId) || !seen.has(queryId)) {
        wroteSinceIdle = true;
        version++;
      }
      return result;
    },
  };

  function ended(): void {
    openTransactions--;
    if (!wroteSinceIdle) return;
    version++;
    if (openTransactions === 0) wroteSinceIdle = false;
  }

  function reportingEnds(driver: Driver): Driver {
    const wrapped: Driver = {
      init: () => driver.init(),
      acquireConnection: () => driver.acquireConnection(),
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        await driver.beginTransaction(connection, settings);
        openTransactions++;
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        try {
          await driver.commitTransaction(connection);
        } finally {
          ended();
        }
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        try {
          await driver.rollbackTransaction(connection);
        } finally {
          ended();
        }
      },
      releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
    if (driver.savepoint) wrapped.savepoint = driver.savepoint.bind(driver);
    if (driver.rollbackToSavepoint) {
      wrapped.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
    }
    if (driver.releaseSavepoint) wrapped.releaseSavepoint = driver.releaseSavepoint.bind(driver);
    return wrapped;
  }

  return {
    plugin,
    dialect: (dialect) => ({
      createDriver: () => reportingEnds(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    }),
    counter: { version: () => version },
  };
}
