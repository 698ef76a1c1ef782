import type { ContactMethod } from "../../../../domain/contact-fields";
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

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      first_name: message.firstName,
      last_name: message.lastName,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      message: message.message,
      preferred_contact_method: message.preferredContactMethod,
      status: "new",
      created_at: now(),
      handled_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findContactMessageById(
  db: Db,
  id: number,
): Promise<ContactMessageRow | undefined> {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}
