/**
 * An email's bodies get a table of their own (decision 425): email_outbox_bodies holds the text,
 * the html, the calendar invite and the attachments of each queued email, keyed by its outbox
 * id, written once when the email is queued and deleted with its row (ON DELETE CASCADE). The
 * claim and the mark-sent update rewrite the email_outbox row; with the ~5 KB of bodies in it
 * each rewrote them (three writes of every body: insert, claim, mark). Existing rows' bodies
 * are moved; down moves them back (text_body and html_body come back NOT NULL DEFAULT '':
 * SQLite adds a NOT NULL column only with a default).
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

const BODY_COLUMNS = ["text_body", "html_body", "calendar", "attachments"] as const;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("email_outbox_bodies")
    .addColumn("outbox_id", "integer", (c) =>
      c.primaryKey().references("email_outbox.id").onDelete("cascade"),
    )
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("calendar", "text")
    .addColumn("attachments", "text")
    .execute();
  await sql`insert into email_outbox_bodies (outbox_id, text_body, html_body, calendar, attachments)
    select id, text_body, html_body, calendar, attachments from email_outbox`.execute(db);
  for (const column of BODY_COLUMNS) {
    await db.schema.alterTable("email_outbox").dropColumn(column).execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .alterTable("email_outbox")
    .addColumn("text_body", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("email_outbox")
    .addColumn("html_body", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("email_outbox").addColumn("calendar", "text").execute();
  await db.schema.alterTable("email_outbox").addColumn("attachments", "text").execute();
  const from = (column: string) =>
    sql`(select ${sql.ref(`b.${column}`)} from email_outbox_bodies b where b.outbox_id = email_outbox.id)`;
  await sql`update email_outbox set
      text_body = ${from("text_body")}, html_body = ${from("html_body")},
      calendar = ${from("calendar")}, attachments = ${from("attachments")}
    where exists (select 1 from email_outbox_bodies b where b.outbox_id = email_outbox.id)`.execute(
    db,
  );
  await db.schema.dropTable("email_outbox_bodies").execute();
}
