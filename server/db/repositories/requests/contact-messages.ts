import type { ContactMethod } from "../../../../domain/requests/contact-fields";
import { fixedQuery } from "../../compiled-query";
import type { Db } from "../../database";
import { now } from "../../database";
import type { ContactMessageRow } from "../../types";

export interface NewContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  preferredContactMethod: ContactMethod;
}

/** Built and compiled once: one shape for every message. */
const insertMessage = fixedQuery((db, p: NewContactMessage & { createdAt: string }) =>
  db
    .insertInto("contact_messages")
    .values({
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone: p.phone,
      subject: p.subject,
      message: p.message,
      preferred_contact_method: p.preferredContactMethod,
      status: "new",
      created_at: p.createdAt,
      handled_at: null,
    })
    .returning("id"),
);

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<number> {
  const row = await insertMessage.first(db, { ...message, createdAt: now() });
  return Number(row.id);
}

export async function findContactMessageById(
  db: Db,
  id: number,
): Promise<ContactMessageRow | undefined> {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}
