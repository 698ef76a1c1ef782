/**
 * The staff's side of texts (decision 550): threads with their unread counts, a thread with its
 * messages and the customer's orders, visits and quotes (opening it marks it read), a reply
 * queued through the texts outbox when the number's consent allows, and the consent ledger.
 * Owners and office see every thread; an installer those of his visits' customers.
 */

import { seesOnlyOwnVisits } from "../../../../domain/people/permissions";
import type { TextReplyInput } from "../../../../domain/requests/text-keywords";
import { toE164 } from "../../../../domain/shared/phone-number";
import { now } from "../../../db/database";
import { enqueueText } from "../../../db/repositories/platform/text-outbox";
import {
  customerLinksOfPhone,
  customerPhonesOfInstaller,
  type TextCustomerLinks,
} from "../../../db/repositories/requests/text-customers";
import {
  countUnreadThreads,
  findMedia,
  findThreadById,
  insertTextMessage,
  listMediaOfThread,
  listThreadMessages,
  listThreadSummaries,
  markThreadRead,
  type TextMediaRow,
  type ThreadSummaryRow,
  upsertThread,
} from "../../../db/repositories/requests/text-threads";
import {
  type ConsentLedgerRow,
  lastConsentEvent,
  listConsentLedger,
} from "../../../db/repositories/scheduling/text-consents";
import type { ConsentEvent } from "../../../db/types";
import { AppError } from "../../../errors";
import { readStoredPhoto, textMediaDir } from "../../../uploads/photos";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import type { TextDispatcher } from "../../platform/text-dispatcher";

export interface TextViewer {
  staffId: number | null;
  role?: string;
}

export interface TextThreadView {
  id: number;
  phone: string;
  customerName: string | null;
  consent: ConsentEvent | null;
  messages: {
    id: number;
    direction: "in" | "out";
    body: string;
    at: string;
    media: { id: number; contentType: string }[];
    /** Attachments the customer sent that could not be kept (not a photo, or not fetched). */
    mediaMissing: number;
  }[];
  orders: TextCustomerLinks["orders"];
  visits: TextCustomerLinks["visits"];
  quotes: TextCustomerLinks["quotes"];
}

type Deps = Pick<ServiceDeps, "db" | "config"> & { texts: Pick<TextDispatcher, "kick"> };

/** The numbers a viewer may see; null: every number. */
async function visibleNumbers(deps: Deps, viewer: TextViewer): Promise<string[] | null> {
  if (!viewer.role || !seesOnlyOwnVisits(viewer.role)) return null;
  if (viewer.staffId === null) return [];
  const phones = await customerPhonesOfInstaller(deps.db, viewer.staffId);
  return [...new Set(phones.map(toE164))];
}

async function visibleThread(deps: Deps, id: number, viewer: TextViewer) {
  const thread = await findThreadById(deps.db, id);
  const numbers = thread ? await visibleNumbers(deps, viewer) : null;
  // Another installer's customer is as absent as a thread that doesn't exist.
  if (!thread || (numbers !== null && !numbers.some((n) => n === thread.phone))) {
    throw new AppError("not_found", `No text thread ${id}.`);
  }
  return thread;
}

export async function listTextThreads(deps: Deps, viewer: TextViewer): Promise<ThreadSummaryRow[]> {
  return listThreadSummaries(deps.db, await visibleNumbers(deps, viewer));
}

export async function unreadTextThreads(deps: Deps, viewer: TextViewer): Promise<number> {
  return countUnreadThreads(deps.db, await visibleNumbers(deps, viewer));
}

export async function openTextThread(
  deps: Deps,
  id: number,
  viewer: TextViewer,
): Promise<TextThreadView> {
  const thread = await visibleThread(deps, id, viewer);
  await markThreadRead(deps.db, id);
  const [messages, media, links, consent] = await Promise.all([
    listThreadMessages(deps.db, id),
    listMediaOfThread(deps.db, id),
    customerLinksOfPhone(deps.db, thread.phone),
    lastConsentEvent(deps.db, thread.phone),
  ]);
  const byMessage = new Map<number, TextMediaRow[]>();
  for (const m of media) {
    const list = byMessage.get(Number(m.message_id)) ?? [];
    list.push(m);
    byMessage.set(Number(m.message_id), list);
  }
  return {
    id: Number(thread.id),
    phone: thread.phone,
    customerName: thread.customer_name ?? links.customerName,
    consent,
    messages: messages.map((m) => ({
      id: Number(m.id),
      direction: m.direction,
      body: m.body,
      at: m.at,
      media: (byMessage.get(Number(m.id)) ?? []).map((x) => ({
        id: Number(x.id),
        contentType: x.content_type,
      })),
      mediaMissing: Number(m.media_missing),
    })),
    orders: links.orders,
    visits: links.visits,
    quotes: links.quotes,
  };
}

export async function replyToTextThread(
  deps: Deps,
  id: number,
  input: TextReplyInput,
  actor: Actor,
): Promise<{ id: number; direction: "out"; body: string; at: string }> {
  const thread = await visibleThread(deps, id, actor);
  const messageId = await deps.db.transaction().execute(async (trx) => {
    // Read inside the transaction that queues: a STOP committed first wins.
    const consent = await lastConsentEvent(trx, thread.phone);
    if (consent === null) {
      throw new AppError(
        "no_text_consent",
        "This number never agreed to texts from the store: call the customer instead.",
      );
    }
    if (consent === "opt-out") {
      throw new AppError(
        "opted_out",
        "This number replied STOP: no texts go to it until the customer texts START.",
      );
    }
    const at = now();
    await upsertThread(trx, { phone: thread.phone, customerName: thread.customer_name, at });
    const inserted = await insertTextMessage(trx, {
      threadId: id,
      direction: "out",
      body: input.body,
      at,
      messageSid: null,
      read: true,
      staffId: actor.staffId,
    });
    await enqueueText(trx, {
      kind: "reply",
      to: thread.phone,
      body: input.body,
      relatedType: "text_thread",
      relatedId: id,
    });
    return { id: inserted ?? 0, at };
  });
  deps.texts.kick();
  return { id: messageId.id, direction: "out", body: input.body, at: messageId.at };
}

/** Owners and office: the ledger holds every customer's number, not an installer's few. */
export async function textConsentLedger(
  deps: Deps,
  viewer: TextViewer,
): Promise<ConsentLedgerRow[]> {
  if (viewer.role && seesOnlyOwnVisits(viewer.role)) {
    throw new AppError("forbidden", "The consent ledger is for owners and the office.");
  }
  return listConsentLedger(deps.db);
}

export async function textMedia(
  deps: Deps,
  threadId: number,
  mediaId: number,
  viewer: TextViewer,
): Promise<{ contentType: string; data: Buffer }> {
  await visibleThread(deps, threadId, viewer);
  const media = await findMedia(deps.db, threadId, mediaId);
  if (!media) throw new AppError("not_found", `No photo ${mediaId} in this thread.`);
  const data = await readStoredPhoto(textMediaDir(deps.config.dataDir), media.file_name).catch(
    (error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError("not_found", `Photo ${mediaId} is no longer kept.`);
    },
  );
  return { contentType: media.content_type, data };
}
