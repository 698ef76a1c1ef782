/**
 * The SQLite driver: group commit over the one connection.
 *
 * With synchronous=FULL every COMMIT is an fsync of the WAL, and on the one connection they
 * ran one after another. Here a transaction's COMMIT is deferred: the first
 * transaction begins IMMEDIATE and, when its callback is done, leaves that outer
 * transaction open; every transaction that takes the connection while it is open runs as a
 * SAVEPOINT inside it (its failure is ROLLBACK TO its savepoint, which undoes it alone), and
 * any statement outside a transaction runs inside it too. One COMMIT ends the group once
 * nobody waits for the connection: at the end of the event loop's turn (setImmediate), or at
 * once when the group is GROUP_MAX_MEMBERS strong or GROUP_MAX_MS old.
 *
 * Nobody of a group is answered before that COMMIT: a transaction's commitTransaction hands the
 * connection on and then waits for it (Kysely awaits commitTransaction before it returns, in
 * `transaction().execute()` as in a controlled transaction's `commit()`), and the release of a
 * connection that ran anything inside the group waits for it too (Kysely awaits
 * releaseConnection before a query's answer is returned). When the COMMIT fails, or SQLite
 * rolled the whole transaction back after an error (SQLITE_FULL, IOERR…), every member gets
 * the error. Each acquisition gets its own connection object, so a late call of a member that
 * already handed the connection on can never touch the next holder's work.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteStatement,
} from "kysely";

/** What the driver needs of the database: prepare (through the statement cache) and state. */
export interface SqliteStatements {
  prepare(text: string): SqliteStatement;
  /** better-sqlite3's `inTransaction`: false once SQLite rolled a transaction back itself. */
  inTransaction(): boolean;
  close(): void;
}

/** A group's COMMIT is made at once when the group has this many members… */
export const GROUP_MAX_MEMBERS = 64;
/** …or is this old (ms since its first transaction's COMMIT was deferred). */
export const GROUP_MAX_MS = 25;

/**
 * How long a statement waits for another process's write lock (WORKERS > 1, or a script) before
 * it fails with SQLITE_BUSY (503): what SQLite's busy_timeout waited, but waited here, between
 * turns of the event loop. SQLite's own busy handler sleeps inside the statement, and
 * better-sqlite3 runs statements on the event loop: every request of the process, a GET that
 * touches no database included, waited with it.
 */
export const LOCK_WAIT_MS = 5_000;
/** The longest pause between two tries; the first are shorter (a COMMIT takes a few ms). */
const LOCK_RETRY_MAX_MS = 20;

function isBusy(error: unknown): boolean {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : "";
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** `attempt` until it is not refused for the lock, pausing without holding the event loop. */
async function whileLocked<T>(attempt: () => T, refused: unknown): Promise<T> {
  const started = performance.now();
  let error = refused;
  for (let round = 0; performance.now() - started < LOCK_WAIT_MS; round++) {
    const pause = Math.min(2 ** round, LOCK_RETRY_MAX_MS) * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, pause));
    try {
      return attempt();
    } catch (next) {
      if (!isBusy(next)) throw next;
      error = next;
    }
  }
  throw error;
}

/** The savepoint of a transaction that joined an open group. */
const GROUP_MEMBER_SAVEPOINT = "group_member";

/** Every member of a group whose transaction SQLite rolled back by itself gets this. */
export class GroupRolledBackError extends Error {
  readonly code: unknown;
  constructor(cause: unknown) {
    super("SQLite rolled back the group of transactions after an error; nothing was saved", {
      cause,
    });
    this.name = "GroupRolledBackError";
    // The cause's code (SQLITE_FULL, SQLITE_IOERR…) keeps the 503 of isDatabaseUnavailable.
    this.code =
      typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
  }
}

class Group {
  members = 0;
  readonly openedAt = performance.now();
  flushScheduled = false;
  readonly done: Promise<void>;
  #resolve!: () => void;
  #reject!: (error: unknown) => void;
  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // A group nobody awaits any more (all members failed on their own) must not be reported
    // as an unhandled rejection.
    this.done.catch(() => {});
  }
  settle(error?: unknown): void {
    if (error === undefined) this.#resolve();
    else this.#reject(error);
  }
}

/** One acquisition of the connection. */
class Lease implements DatabaseConnection {
  /** The group open when this lease was granted, or the one its transaction opened. */
  group: Group | undefined;
  /** The savepoint of its transaction inside a group; undefined for a transaction outside. */
  savepoint: string | undefined;
  inTransaction = false;
  /** The connection was handed on (by commitTransaction or releaseConnection). */
  handedOn = false;
  readonly #driver: GroupCommitSqliteDriver;
  constructor(driver: GroupCommitSqliteDriver, group: Group | undefined) {
    this.#driver = driver;
    this.group = group;
  }
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.#driver.run<R>(this, compiled));
    } catch (error) {
      // Only a statement that takes the lock by itself (no transaction, no group open: which
      // hold the lock already) can be refused it, and then it did nothing: try it again.
      if (!isBusy(error) || this.inTransaction || this.#driver.groupOpen()) throw error;
      return whileLocked(() => this.#driver.run<R>(this, compiled), error);
    }
  }
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) {
      throw new Error("Sqlite driver only supports streaming of select queries");
    }
    // Rows reach the caller before the release: outside a transaction, end the group first.
    if (!this.inTransaction) this.#driver.commitGroupNow(this);
    const statement = this.#driver.statementFor(this, compiled.sql);
    for (const row of statement.iterate(compiled.parameters)) {
      yield { rows: rowsOf<R>([row]) };
    }
  }
}

export class GroupCommitSqliteDriver implements Driver {
  readonly #database: SqliteStatements;
  #locked = false;
  readonly #waiting: Array<(lease: Lease) => void> = [];
  #holder: Lease | undefined;
  #group: Group | undefined;

  constructor(database: SqliteStatements) {
    this.#database = database;
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve(this.#grant());
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #grant(): Lease {
    const lease = new Lease(this, this.#group);
    this.#holder = lease;
    return lease;
  }

  /** Hands the connection to the next waiter (FIFO), or frees it. */
  #unlock(): void {
    this.#holder = undefined;
    const next = this.#waiting.shift();
    if (next) next(this.#grant());
    else this.#locked = false;
  }

  #lease(connection: DatabaseConnection): Lease {
    if (!(connection instanceof Lease)) throw new Error("not a connection of this driver");
    return connection;
  }

  /** A group's transaction is open: its members and the statements beside it hold the lock. */
  groupOpen(): boolean {
    return this.#group !== undefined;
  }

  statementFor(lease: Lease, text: string): SqliteStatement {
    this.#assertHolder(lease);
    return this.#database.prepare(text);
  }

  #assertHolder(lease: Lease): void {
    if (lease !== this.#holder || lease.handedOn) {
      throw new Error("the SQLite connection was used after it was released");
    }
  }

  run<R>(lease: Lease, compiled: CompiledQuery): QueryResult<R> {
    const statement = this.statementFor(lease, compiled.sql);
    const parameters = compiled.parameters;
    try {
      if (statement.reader) return { rows: rowsOf<R>(statement.all(parameters)) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return {
        numAffectedRows: BigInt(changes),
        insertId: BigInt(lastInsertRowid),
        rows: [],
      };
    } catch (error) {
      this.#checkGroupAlive(error);
      throw error;
    }
  }

  /** Throws away the open group if SQLite rolled its transaction back by itself. */
  #checkGroupAlive(cause: unknown): void {
    const group = this.#group;
    if (group && !this.#database.inTransaction()) {
      this.#group = undefined;
      group.settle(new GroupRolledBackError(cause));
    }
  }

  #exec(text: string): void {
    this.#database.prepare(text).run([]);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    this.#assertHolder(lease);
    this.#checkGroupAlive(new Error("the group's transaction was no longer open"));
    if (this.#group && lease.group === this.#group) {
      // One name for every member: members hold the connection one after another and each
      // releases (or rolls back to) its savepoint before handing it on, so at most one is open,
      // and the same text reuses its cached statement instead of compiling a new one each time
      //.
      this.#exec(`savepoint ${GROUP_MEMBER_SAVEPOINT}`);
      lease.savepoint = GROUP_MEMBER_SAVEPOINT;
    } else {
      // Not in a group: the write lock is taken here, waiting for another
      // process's transaction between turns of the event loop.
      try {
        this.#exec("begin immediate");
      } catch (error) {
        if (!isBusy(error)) throw error;
        await whileLocked(() => this.#exec("begin immediate"), error);
      }
    }
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    this.#assertHolder(lease);
    if (lease.savepoint !== undefined) {
      this.#checkGroupAlive(new Error("the group's transaction was no longer open"));
      if (lease.group !== this.#group) {
        // SQLite rolled the group back while this transaction ran.
        lease.inTransaction = false;
        throw new GroupRolledBackError(undefined);
      }
      this.#exec(`release ${lease.savepoint}`);
    } else {
      // The first transaction: its BEGIN IMMEDIATE becomes the group's.
      this.#group = new Group();
      lease.group = this.#group;
    }
    lease.inTransaction = false;
    const group = this.#handOn(lease);
    await group?.done;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    // A failed group COMMIT was already rolled back, by the holder of that time.
    if (lease.handedOn) return;
    this.#assertHolder(lease);
    lease.inTransaction = false;
    if (lease.savepoint !== undefined) {
      this.#checkGroupAlive(undefined);
      if (lease.group !== this.#group) return;
      this.#exec(`rollback to ${lease.savepoint}`);
      this.#exec(`release ${lease.savepoint}`);
    } else if (this.#database.inTransaction()) {
      this.#exec("rollback");
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = this.#lease(connection);
    if (lease.handedOn) return;
    const group = this.#handOn(lease);
    await group?.done;
  }

  /**
   * The lease is done with the connection: its group (if it was in one) ends now when full or
   * old, else at the end of this turn of the event loop unless someone takes the connection
   * first; the connection goes to the next waiter. Returns the group to wait for.
   */
  #handOn(lease: Lease): Group | undefined {
    lease.handedOn = true;
    const group = lease.group;
    if (group && group === this.#group) {
      this.#checkGroupAlive(undefined);
      group.members++;
      if (
        group.members >= GROUP_MAX_MEMBERS ||
        performance.now() - group.openedAt >= GROUP_MAX_MS
      ) {
        this.#commit();
      } else if (!group.flushScheduled) {
        group.flushScheduled = true;
        setImmediate(() => {
          group.flushScheduled = false;
          // When held, the holder hands on later and schedules this again.
          if (this.#group === group && !this.#locked) this.#commit();
        });
      }
    }
    this.#unlock();
    return group;
  }

  /** Called by the holder outside a transaction (a stream): end the open group now. */
  commitGroupNow(lease: Lease): void {
    this.#assertHolder(lease);
    if (this.#group) this.#commit();
  }

  /** COMMIT the open group; settle every member with its outcome. */
  #commit(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.#exec("commit");
      group.settle();
    } catch (error) {
      if (this.#database.inTransaction()) {
        try {
          this.#exec("rollback");
        } catch {
          // The COMMIT's error is the one to report.
        }
      }
      group.settle(error);
    }
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.#savepointCommand(connection, "savepoint", name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.#savepointCommand(connection, "rollback to", name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.#savepointCommand(connection, "release", name, compileQuery);
  }

  async #savepointCommand(
    connection: DatabaseConnection,
    command: string,
    name: string,
    _compileQuery: QueryCompiler["compileQuery"],
  ): Promise<void> {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad savepoint name ${name}`);
    await connection.executeQuery(CompiledQuery.raw(`${command} ${name}`));
  }

  async destroy(): Promise<void> {
    // Wait for the holder, end an open group, then close.
    const lease = this.#lease(await this.acquireConnection());
    if (this.#group) this.#commit();
    lease.handedOn = true;
    this.#database.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) with the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: SqliteStatements;
  constructor(database: SqliteStatements) {
    super({ database: { close: () => {}, prepare: () => unreachable() } });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#database);
  }
}

function unreachable(): never {
  throw new Error("the group-commit dialect prepares through its own driver");
}

/** Rows as the query's row type: SQLite answers what the compiled SQL selects. */
function rowsOf<R>(rows: unknown[]): R[] {
  return rows as R[];
}
