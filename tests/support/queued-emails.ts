import type { Db } from "../../server/db/database";

/** Queued emails with their bodies (kept in a table of their own, decision 425). */
export function queuedEmails(db: Db) {
  return db
    .selectFrom("email_outbox")
    .innerJoin("email_outbox_bodies", "email_outbox_bodies.outbox_id", "email_outbox.id")
    .selectAll("email_outbox")
    .select(["text_body", "html_body", "calendar", "attachments"]);
}
