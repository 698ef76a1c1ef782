/**
 * The SQL statements a use case runs, as the drivers receive them: a spy on better-sqlite3's
 * Statement (all, get, run, iterate) and pg's Client.query. Transaction control (begin, commit,
 * savepoints) is not a statement of the use case and is left out. `useStatementSpy()` in a
 * describe block sets the spy before each test and removes it after; `record(fn)` answers what
 * ran during fn alone.
 */
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, vi } from "vitest";

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

export interface StatementSpy {
  /** The statements run while `fn` ran (and fn's answer). */
  record<T>(fn: () => Promise<T>): Promise<{ statements: string[]; answer: T }>;
}

function spyOnStatements(): StatementSpy {
  let statements: string[] | null = null;
  const note = (text: unknown) => {
    if (statements && typeof text === "string" && !CONTROL.test(text)) statements.push(text);
  };
  const Statement = Object.getPrototypeOf(new SQLite(":memory:").prepare("select 1"));
  for (const method of ["all", "get", "run", "iterate"] as const) {
    const original = Statement[method];
    vi.spyOn(Statement, method).mockImplementation(function (
      this: SQLite.Statement,
      ...args: unknown[]
    ) {
      note(this.source);
      return original.apply(this, args);
    });
  }
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const first = args[0];
    note(typeof first === "string" ? first : (first as { text?: string } | undefined)?.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  return {
    async record(fn) {
      statements = [];
      try {
        const answer = await fn();
        return { statements, answer };
      } finally {
        statements = null;
      }
    },
  };
}

/** The statement spy of each test of the enclosing describe block. */
export function useStatementSpy(): StatementSpy {
  let spy: StatementSpy | null = null;
  beforeEach(() => {
    spy = spyOnStatements();
  });
  afterEach(() => {
    spy = null;
    vi.restoreAllMocks();
  });
  return {
    record(fn) {
      if (!spy) throw new Error("record() runs inside a test");
      return spy.record(fn);
    },
  };
}
