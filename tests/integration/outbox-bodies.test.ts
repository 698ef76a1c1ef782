/**
 * An email's bodies live in email_outbox_bodies, apart from its outbox row (migration 0018,
 * decision 425): written once when queued, read when sent, deleted with the row. The claim and
 * mark-sent rewrite the small row only (before, each rewrote the ~5 KB of bodies).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import * as m0018 from "../../server/db/migrations/0018-outbox-bodies";
import {
  claimDueEmails,
  enqueueEmails,
  markEmailsSent,
  type NewEmail,
} from "../../server/db/repositories/platform/email-outbox";
import { deleteSentEmails } from "../../server/db/repositories/platform/retention";
import type { EmailMessage } from "../../server/email/mailer";
import { createLogger } from "../../server/logger";
import { createEmailDispatcher } from "../../server/services/platform/email-dispatcher";
import { useStatementSpy } from "../support/statement-spy";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../support/test-database";

const PDF = { filename: "q.pdf", contentType: "application/pdf", content: "JVBERi0=" };
const email = (n: number, extra: Partial<NewEmail> = {}): NewEmail => ({
  kind: "bodies-test",
  to: `to${n}@example.com`,
  subject: `Subject ${n}`,
  text: `text ${n} `.repeat(200),
  html: `<p>html ${n}</p>`.repeat(200),
  ...extra,
});

describeEachDialect("the outbox's bodies on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const spy = useStatementSpy();
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  const db = () => handle.db;
  const until = () => new Date(Date.now() + 60_000).toISOString();
  const bodiesOf = (id: number) =>
    db().selectFrom("email_outbox_bodies").selectAll().where("outbox_id", "=", id).execute();

  it("queues the bodies once, apart from the row; the claim and mark-sent rewrite no body", async () => {
    await db().deleteFrom("email_outbox").execute();
    await enqueueEmails(db(), [
      email(1),
      email(2, { calendar: "BEGIN:VCALENDAR", attachments: [PDF] }),
      email(3),
    ]);
    const row = await db().selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(row)).not.toContain("text_body");
    expect(Object.keys(row)).not.toContain("html_body");

    const { statements, answer: claimed } = await spy.record(() =>
      claimDueEmails(db(), "a", 50, until()),
    );
    const writes = statements.filter((s) => /^\s*(update|insert|delete)\b/i.test(s));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^update "email_outbox" set "claimed_by"/);
    expect(claimed.map((e) => e.subject)).toEqual(["Subject 1", "Subject 2", "Subject 3"]);
    expect(claimed[0]?.bodies).toEqual({
      text_body: email(1).text,
      html_body: email(1).html,
      calendar: null,
      attachments: null,
    });
    expect(claimed[1]?.bodies).toEqual({
      text_body: email(2).text,
      html_body: email(2).html,
      calendar: "BEGIN:VCALENDAR",
      attachments: JSON.stringify([PDF]),
    });

    const ids = claimed.map((e) => e.id);
    const marked = await spy.record(() => markEmailsSent(db(), ids));
    expect(marked.statements).toHaveLength(1);
    expect(marked.statements[0]).toMatch(/^update "email_outbox" set/);
    const sent = await db().selectFrom("email_outbox").select("sent_at").execute();
    expect(sent.every((r) => r.sent_at !== null)).toBe(true);
    expect((await bodiesOf(ids[2] as number))[0]?.text_body).toBe(email(3).text);
  });

  it("the dispatcher sends the bodies; a row without its bodies is failed and retried, not sent empty", async () => {
    await db().deleteFrom("email_outbox").execute();
    await enqueueEmails(db(), [email(4, { calendar: "BEGIN:VCALENDAR", attachments: [PDF] })]);
    const at = new Date().toISOString();
    await db()
      .insertInto("email_outbox")
      .values({
        kind: "bodies-test",
        to_address: "lost@example.com",
        subject: "No bodies",
        related_type: null,
        related_id: null,
        attempts: 0,
        last_error: null,
        next_attempt_at: at,
        sent_at: null,
        created_at: at,
      })
      .execute();
    const sent: EmailMessage[] = [];
    const dispatcher = createEmailDispatcher({
      db: db(),
      holder: "test",
      logger: createLogger("silent"),
      mailer: {
        async send(message: EmailMessage) {
          sent.push(message);
        },
      },
    });
    await dispatcher.flush();
    await dispatcher.stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "to4@example.com",
      subject: "Subject 4",
      text: email(4).text,
      html: email(4).html,
      calendar: "BEGIN:VCALENDAR",
      attachments: [PDF],
    });
    const lost = await db()
      .selectFrom("email_outbox")
      .select(["attempts", "last_error", "sent_at"])
      .where("to_address", "=", "lost@example.com")
      .executeTakeFirstOrThrow();
    expect(lost).toMatchObject({ attempts: 1, sent_at: null });
    expect(lost.last_error).toMatch(/no bodies/);
  });

  it("retention deletes a sent email's bodies with its row and keeps the others'", async () => {
    await db().deleteFrom("email_outbox").execute();
    await enqueueEmails(db(), [email(5), email(6), email(7)]);
    const rows = await db().selectFrom("email_outbox").select("id").orderBy("id").execute();
    const [old, recent, unsent] = rows.map((r) => r.id) as [number, number, number];
    await db()
      .updateTable("email_outbox")
      .set({ sent_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", old)
      .execute();
    await markEmailsSent(db(), [recent]);
    expect(await deleteSentEmails(db(), "2021-01-01T00:00:00.000Z")).toBe(1);
    expect(await bodiesOf(old)).toEqual([]);
    expect(await bodiesOf(recent)).toHaveLength(1);
    expect(await bodiesOf(unsent)).toHaveLength(1);
  });

  it("migration 0018 moves the bodies back down and out again, also on a database already at 0019", async () => {
    await db().deleteFrom("email_outbox").execute();
    await enqueueEmails(db(), [
      email(8),
      email(9, { calendar: "BEGIN:VCALENDAR", attachments: [PDF] }),
    ]);
    // A database that ran 0019 but not 0018 (0018 landed after it): 0018's down, unrecorded.
    await m0018.down(db());
    await sql`delete from kysely_migration where name = '0018-outbox-bodies'`.execute(db());
    const old = await sql<
      Record<string, unknown>
    >`select to_address, text_body, html_body, calendar,
      attachments from email_outbox order by id`.execute(db());
    expect(old.rows).toEqual([
      {
        to_address: "to8@example.com",
        text_body: email(8).text,
        html_body: email(8).html,
        calendar: null,
        attachments: null,
      },
      {
        to_address: "to9@example.com",
        text_body: email(9).text,
        html_body: email(9).html,
        calendar: "BEGIN:VCALENDAR",
        attachments: JSON.stringify([PDF]),
      },
    ]);
    expect(await migrateToLatest(db())).toEqual(["0018-outbox-bodies"]);
    const claimed = await claimDueEmails(db(), "a", 50, until());
    expect(claimed.map((e) => [e.to_address, e.bodies])).toEqual([
      [
        "to8@example.com",
        { text_body: email(8).text, html_body: email(8).html, calendar: null, attachments: null },
      ],
      [
        "to9@example.com",
        {
          text_body: email(9).text,
          html_body: email(9).html,
          calendar: "BEGIN:VCALENDAR",
          attachments: JSON.stringify([PDF]),
        },
      ],
    ]);
    const row = await db().selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(row)).not.toContain("text_body");
  });
});
