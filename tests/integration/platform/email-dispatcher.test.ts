/**
 * The email dispatcher's flush promise: "everything due now is sent when it resolves", even when
 * a run started by an earlier kick is under way and claimed its batch before the new email was
 * queued (found as a flaky back-office test: a flush resolved with the previous run, before the
 * adjustment's email had been sent).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database";
import { migrateTo, migrateToLatest } from "../../../server/db/migrate";
import {
  claimDueEmails,
  enqueueEmail,
} from "../../../server/db/repositories/platform/email-outbox";
import type { EmailMessage } from "../../../server/email/mailer";
import { createLogger } from "../../../server/logger";
import { createEmailDispatcher } from "../../../server/services/platform/email-dispatcher";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../support/test-database";

describeEachDialect("email dispatcher on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const queue = (subject: string) =>
    enqueueEmail(handle.db, { kind: "test", to: "a@example.com", subject, text: "t", html: "t" });

  it("a flush called during a run resolves only after what was queued meanwhile is sent", async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const firstSendHeld = new Promise<void>((r) => {
      release = r;
    });
    let sends = 0;
    const dispatcher = createEmailDispatcher({
      db: handle.db,
      logger: createLogger("silent"),
      holder: "test",
      mailer: {
        async send(message: EmailMessage) {
          // The first send waits: the run that claimed it is "under way" while more is queued.
          if (sends++ === 0) await firstSendHeld;
          sent.push(message.subject);
        },
        close() {},
      },
    });
    await queue("before");
    const earlier = dispatcher.flush(); // claims "before" only, then waits in send
    await vi.waitUntil(() => sends === 1);
    await queue("after"); // committed while that run is under way
    const now = dispatcher.flush();
    release();
    await now;
    expect(sent).toEqual(["before", "after"]);
    await earlier;
    // Calls arriving during one run share the run that follows it: nothing is sent twice.
    await queue("third");
    const [a, b, c] = await Promise.all([
      dispatcher.flush(),
      dispatcher.flush(),
      dispatcher.flush(),
    ]);
    expect(sent).toEqual(["before", "after", "third"]);
    expect(a + b + c).toBeGreaterThanOrEqual(1);
    await dispatcher.stop();
  });

  it("claims a backlog oldest first, 50 at a time, each email once, reading unsent rows in id order", async () => {
    await handle.db.deleteFrom("email_outbox").execute();
    for (let i = 0; i < 120; i++) await queue(`backlog ${i}`);
    const until = new Date(Date.now() + 60_000).toISOString();
    const first = await claimDueEmails(handle.db, "a", 50, until);
    const second = await claimDueEmails(handle.db, "b", 50, until);
    const third = await claimDueEmails(handle.db, "c", 50, until);
    expect([first.length, second.length, third.length]).toEqual([50, 50, 20]);
    const subjects = [...first, ...second, ...third].map((e) => e.subject);
    expect(subjects).toEqual(Array.from({ length: 120 }, (_, i) => `backlog ${i}`));
    expect(await claimDueEmails(handle.db, "d", 50, until)).toEqual([]);
    if (dialect !== "sqlite") return;
    // Decision 415: the claim walks the (sent_at, id) index and stops at its 50th due row; with
    // (sent_at, next_attempt_at) SQLite sorted the whole unsent backlog for each batch.
    const at = new Date().toISOString();
    const plan = await sql<{ detail: string }>`explain query plan select id from email_outbox
      where sent_at is null and next_attempt_at <= ${at}
      and (claimed_until is null or claimed_until < ${at}) order by id limit 50`.execute(handle.db);
    const details = plan.rows.map((r) => r.detail).join(" | ");
    expect(details).toContain("email_outbox_unsent");
    expect(details).not.toContain("TEMP B-TREE");
  });

  it("migration 0019 goes down and up again, the unsent emails still claimed", async () => {
    await handle.db.deleteFrom("email_outbox").execute();
    await queue("kept across the migration");
    await migrateTo(handle.db, "0017-one-item-size");
    await migrateToLatest(handle.db);
    const until = new Date(Date.now() + 60_000).toISOString();
    const claimed = await claimDueEmails(handle.db, "a", 50, until);
    expect(claimed.map((e) => e.subject)).toEqual(["kept across the migration"]);
  });
});
