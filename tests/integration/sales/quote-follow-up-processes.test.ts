/**
 * Decision 200's follow-up with more than one process on one database (SQLite file, and
 * PostgreSQL when TEST_DATABASE_URL is set): two real child processes (each its own database
 * connection and scheduler holder, a fake clock given by the test) run the quote follow-up job
 * together; each reminder goes out once and the quote expires once, even when the two runs
 * overlap (a lease that ended mid-run).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loginCookie } from "../../support/admin-fixtures";
import { VINYL_INSTALLED } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const DAY_MS = 24 * 3600_000;
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A child running tests/support/quote-follow-up-process.ts: one command, one JSON answer. */
interface FollowUpProcess {
  child: ChildProcess;
  ask(command: string): Promise<Record<string, unknown>>;
}

async function startProcess(store: TestStore, holder: string): Promise<FollowUpProcess> {
  const database = store.config.database;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "tests/support/quote-follow-up-process.ts")],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOLDER: holder,
        DATA_DIR: store.config.dataDir,
        DATABASE_URL:
          database.dialect === "postgres" ? database.connectionString : database.filename,
        LOG_LEVEL: "warn",
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const waiting: ((line: string) => void)[] = [];
  const pending: string[] = [];
  lines.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else pending.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const early = pending.shift();
      if (early !== undefined) return resolve(early);
      waiting.push(resolve);
      child.once("exit", (code) => reject(new Error(`${holder} exited (${code}):\n${stderr}`)));
    });
  const ready = JSON.parse(await nextLine());
  expect(ready).toEqual({ ready: true });
  return {
    child,
    async ask(command) {
      child.stdin?.write(`${command}\n`);
      return JSON.parse(await nextLine());
    },
  };
}

describeEachDialect("quote follow-up through two processes on one %s database", (dialect) => {
  let store: TestStore;
  let cookie: string;
  let processes: FollowUpProcess[] = [];

  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookie = await loginCookie(store);
    processes = await Promise.all([
      startProcess(store, "process-a"),
      startProcess(store, "process-b"),
    ]);
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) {
      p.child.stdin?.end();
      if (p.child.exitCode === null) await new Promise((r) => p.child.once("exit", r));
    }
    await store?.close();
  });

  /** The same command to both processes at once. */
  const both = (command: string) => Promise.all(processes.map((p) => p.ask(command)));

  async function sentQuote(validDays: number) {
    const created = await request(
      store,
      "POST",
      "/api/admin/quotes",
      {
        customer: {
          firstName: "Ana",
          lastName: "Reyes",
          email: "ana.reyes@example.org",
          phone: "(239) 555-0161",
          address: "8 Shell Ct",
          city: "Cape Coral",
          zipCode: "33904",
        },
        items: [VINYL_INSTALLED],
        validDays,
      },
      { cookie },
    );
    expect(created.status).toBe(201);
    const sent = await request(
      store,
      "POST",
      `/api/admin/quotes/${created.body.id}/send`,
      undefined,
      {
        cookie,
      },
    );
    expect(sent.status).toBe(200);
    return Number(created.body.id);
  }

  const outbox = (quoteId: number) =>
    store.services.db
      .selectFrom("email_outbox")
      .select("kind")
      .where("related_type", "=", "quote")
      .where("related_id", "=", quoteId)
      .where("kind", "like", "quote-reminder-%")
      .execute()
      .then((rows) => rows.map((r) => r.kind).sort());

  it("sends each reminder once and expires the quote once", async () => {
    const quoteId = await sentQuote(10);
    const sentAt = Date.now();
    const unopened = sentAt + 4 * DAY_MS; // unopened for four days

    // The lease: one of the two processes runs the job.
    const ran = await both(`lease ${unopened}`);
    expect(ran.filter((r) => r.ran === true)).toHaveLength(1);
    expect(await outbox(quoteId)).toEqual(["quote-reminder-unopened"]);
    // Two runs at once (a lease that ended mid-run), then again: still one reminder.
    const overlapping = await both(`run ${unopened}`);
    expect(overlapping.map((r) => r.reminders)).toEqual([0, 0]);
    await both(`run ${unopened + 3600_000}`);
    expect(await outbox(quoteId)).toEqual(["quote-reminder-unopened"]);

    const expiring = sentAt + 9 * DAY_MS; // two days before it expires
    const first = await both(`run ${expiring}`);
    expect(first.reduce((n, r) => n + Number(r.reminders), 0)).toBe(1);
    await both(`run ${expiring}`);
    expect(await outbox(quoteId)).toEqual(["quote-reminder-expiring", "quote-reminder-unopened"]);

    const past = sentAt + 12 * DAY_MS; // past its valid-until date
    const results = await both(`run ${past}`);
    expect(results.reduce((n, r) => n + Number(r.expired), 0)).toBe(1);
    const quote = await store.services.db
      .selectFrom("quotes")
      .select("status")
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("expired");
    const events = await store.services.db
      .selectFrom("quote_events")
      .select("kind")
      .where("quote_id", "=", quoteId)
      .execute();
    const kinds = events.map((e) => e.kind);
    expect(kinds.filter((k) => k === "expired")).toHaveLength(1);
    expect(kinds.filter((k) => k.startsWith("reminder-")).sort()).toEqual([
      "reminder-expiring",
      "reminder-unopened",
    ]);
    expect(await outbox(quoteId)).toHaveLength(2);
  });
});
