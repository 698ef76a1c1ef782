/**
 * Text threads and their messages (migration 0024, decision 550): one thread per number
 * (E.164), an inbound MessageSid taken once by its unique index, inbound texts unread until
 * staff open the thread.
 */

import type { Selectable } from "kysely";
import type { Db } from "../../database";
import type { TextMediaTable, TextMessagesTable, TextThreadsTable } from "../../types";

export type TextThreadRow = Selectable<TextThreadsTable>;
export type TextMessageRow = Selectable<TextMessagesTable>;
export type TextMediaRow = Selectable<TextMediaTable>;

export async function findThreadByPhone(db: Db, phone: string): Promise<TextThreadRow | null> {
  return (
    (await db
      .selectFrom("text_threads")
      .selectAll()
      .where("phone", "=", phone)
      .executeTakeFirst()) ?? null
  );
}

export async function findThreadById(db: Db, id: number): Promise<TextThreadRow | null> {
  return (
    (await db.selectFrom("text_threads").selectAll().where("id", "=", id).executeTakeFirst()) ??
    null
  );
}

/**
 * The number's thread, made when it has none; `last_message_at` moves to `at`. One statement,
 * so two first texts from one number at once still make one thread.
 */
export async function upsertThread(
  db: Db,
  thread: { phone: string; customerName: string | null; at: string },
): Promise<number> {
  const row = await db
    .insertInto("text_threads")
    .values({
      phone: thread.phone,
      customer_name: thread.customerName,
      created_at: thread.at,
      last_message_at: thread.at,
    })
    .onConflict((oc) => oc.column("phone").doUpdateSet({ last_message_at: thread.at }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function messageSidTaken(db: Db, sid: string): Promise<boolean> {
  const row = await db
    .selectFrom("text_messages")
    .select("id")
    .where("message_sid", "=", sid)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a message; null when its MessageSid was already taken (a repeat from Twilio). */
export async function insertTextMessage(
  db: Db,
  message: {
    threadId: number;
    direction: "in" | "out";
    body: string;
    at: string;
    messageSid: string | null;
    read: boolean;
    staffId: number | null;
    /** Attachments of an inbound text that could not be kept. */
    mediaMissing?: number;
  },
): Promise<number | null> {
  const row = await db
    .insertInto("text_messages")
    .values({
      thread_id: message.threadId,
      direction: message.direction,
      body: message.body,
      at: message.at,
      message_sid: message.messageSid,
      read: message.read ? 1 : 0,
      staff_id: message.staffId,
      media_missing: message.mediaMissing ?? 0,
    })
    .onConflict((oc) => oc.column("message_sid").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface ThreadSummaryRow {
  id: number;
  phone: string;
  customerName: string | null;
  lastMessageAt: string;
  unread: number;
}

/** Threads, the latest first, with their unread count; `phones` narrows them (an installer's). */
export async function listThreadSummaries(
  db: Db,
  phones: readonly string[] | null,
): Promise<ThreadSummaryRow[]> {
  if (phones !== null && phones.length === 0) return [];
  let query = db
    .selectFrom("text_threads as t")
    .leftJoin("text_messages as m", (j) =>
      j.onRef("m.thread_id", "=", "t.id").on("m.read", "=", 0).on("m.direction", "=", "in"),
    )
    .select((eb) => [
      "t.id",
      "t.phone",
      "t.customer_name",
      "t.last_message_at",
      eb.fn.count<number | string>("m.id").as("unread"),
    ])
    .groupBy(["t.id", "t.phone", "t.customer_name", "t.last_message_at"])
    .orderBy("t.last_message_at", "desc")
    .orderBy("t.id", "desc");
  if (phones !== null) query = query.where("t.phone", "in", [...phones]);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    phone: r.phone,
    customerName: r.customer_name,
    lastMessageAt: r.last_message_at,
    unread: Number(r.unread),
  }));
}

/** How many threads hold an unread inbound text; `phones` narrows them (an installer's). */
/** The number of threads with an unread inbound message (among `phones`; null: all). */
export function unreadThreadsQuery(db: Db, phones: readonly string[] | null) {
  let query = db
    .selectFrom("text_threads as t")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("text_messages as m")
          .select("m.id")
          .whereRef("m.thread_id", "=", "t.id")
          .where("m.read", "=", 0)
          .where("m.direction", "=", "in"),
      ),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (phones !== null) query = query.where("t.phone", "in", [...phones]);
  return query;
}

export async function countUnreadThreads(
  db: Db,
  phones: readonly string[] | null,
): Promise<number> {
  if (phones !== null && phones.length === 0) return 0;
  const row = await unreadThreadsQuery(db, phones).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listThreadMessages(db: Db, threadId: number): Promise<TextMessageRow[]> {
  return db
    .selectFrom("text_messages")
    .selectAll()
    .where("thread_id", "=", threadId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

export async function markThreadRead(db: Db, threadId: number): Promise<void> {
  await db
    .updateTable("text_messages")
    .set({ read: 1 })
    .where("thread_id", "=", threadId)
    .where("read", "=", 0)
    .execute();
}

export async function insertTextMedia(
  db: Db,
  media: { messageId: number; contentType: string; fileName: string; sizeBytes: number },
): Promise<number> {
  const row = await db
    .insertInto("text_media")
    .values({
      message_id: media.messageId,
      content_type: media.contentType,
      file_name: media.fileName,
      size_bytes: media.sizeBytes,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listMediaOfThread(db: Db, threadId: number): Promise<TextMediaRow[]> {
  return db
    .selectFrom("text_media as x")
    .innerJoin("text_messages as m", "m.id", "x.message_id")
    .selectAll("x")
    .where("m.thread_id", "=", threadId)
    .orderBy("x.id")
    .execute();
}

export async function findMedia(
  db: Db,
  threadId: number,
  mediaId: number,
): Promise<TextMediaRow | null> {
  return (
    (await db
      .selectFrom("text_media as x")
      .innerJoin("text_messages as m", "m.id", "x.message_id")
      .selectAll("x")
      .where("m.thread_id", "=", threadId)
      .where("x.id", "=", mediaId)
      .executeTakeFirst()) ?? null
  );
}
