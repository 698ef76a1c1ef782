/**
 * The email dispatcher's flush promise: "everything due now is sent when it resolves", even when
 * a run started by an earlier kick is under way and claimed its batch before the new email was
 * queued (found as a flaky back-office test: a flush resolved with the previous run, before the
 * adjustment's email had been sent).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { enqueueEmail } from "../../server/db/repositories/platform/email-outbox";
import type { EmailMessage } from "../../server/email/mailer";
import { createLogger } from "../../server/logger";
import { createEmailDispatcher } from "../../server/services/platform/email-dispatcher";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../support/test-database";

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
    await new Promise((r) => setTimeout(r, 50));
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
});
