/**
 * An inbound text, once Twilio's signature has been checked at the edge (decision 550): each
 * MessageSid taken once; keywords (STOP, START, HELP) change the ledger and are answered; any
 * other text lands unread in its number's thread, known number or not. Its photos (MMS) are
 * fetched from Twilio before the transaction and kept like estimate photos, re-encoded without
 * metadata; what could not be kept is counted on the message.
 */
import {
  helpAnswer,
  type InboundText,
  keywordOf,
  startAnswer,
  stopAnswer,
} from "../../../../domain/requests/text-keywords";
import { toE164 } from "../../../../domain/shared/phone-number";
import type { Db } from "../../../db/database";
import { now } from "../../../db/database";
import { dropPendingTextsTo } from "../../../db/repositories/platform/text-outbox";
import { customerLinksOfPhone } from "../../../db/repositories/requests/text-customers";
import {
  findThreadByPhone,
  insertTextMedia,
  insertTextMessage,
  messageSidTaken,
  upsertThread,
} from "../../../db/repositories/requests/text-threads";
import {
  insertTextConsent,
  lastConsentEvent,
} from "../../../db/repositories/scheduling/text-consents";
import { fetchTwilioMedia, type InboundMedia } from "../../../texts/twilio-media";
import {
  processPhoto,
  removeStoredPhotos,
  storePhoto,
  textMediaDir,
} from "../../../uploads/photos";
import type { ServiceDeps } from "../../deps";

/** Where a keyword's ledger entry came from: the text itself, not a web page. */
const KEYWORD_ADDRESS = "sms";

export interface InboundResult {
  /** The repeat of a MessageSid already taken: nothing stored. */
  duplicate: boolean;
  /** What the store answers in TwiML; null: an empty answer. */
  answer: string | null;
  threadId: number | null;
  messageId: number | null;
}

/** A MessageSid taken meanwhile by another request: the transaction rolls back. */
class RepeatedMessage extends Error {}

const REPEAT: InboundResult = { duplicate: true, answer: null, threadId: null, messageId: null };

interface KeptMedia {
  files: { fileName: string; contentType: string; sizeBytes: number }[];
  missing: number;
}

/** Fetches and re-encodes each attachment; one that fails is counted, never fatal. */
async function keepMedia(
  deps: Pick<ServiceDeps, "config" | "logger">,
  media: readonly InboundMedia[],
): Promise<KeptMedia> {
  const kept: KeptMedia = { files: [], missing: 0 };
  const twilio = deps.config.twilio;
  for (const [index, item] of media.entries()) {
    const fetched = twilio
      ? await fetchTwilioMedia(twilio, item)
      : { ok: false as const, reason: "Twilio is not configured" };
    if (!fetched.ok) {
      deps.logger.warn("inbound text attachment not kept", { index, reason: fetched.reason });
      kept.missing += 1;
      continue;
    }
    try {
      const photo = await processPhoto(
        { name: `attachment ${index + 1}`, bytes: fetched.bytes },
        index,
      );
      const fileName = await storePhoto(textMediaDir(deps.config.dataDir), photo);
      kept.files.push({ fileName, contentType: photo.contentType, sizeBytes: photo.data.length });
    } catch {
      // A video, a contact card or a broken image: not a photo the store shows.
      deps.logger.warn("inbound text attachment not kept", { index, reason: "not a photo" });
      kept.missing += 1;
    }
  }
  return kept;
}

export async function receiveInboundText(
  deps: Pick<ServiceDeps, "db" | "config" | "logger">,
  text: InboundText,
  media: readonly InboundMedia[] = [],
): Promise<InboundResult> {
  const { db, config } = deps;
  // A repeat is answered before anything is fetched; a race past this check rolls back below.
  if (await messageSidTaken(db, text.MessageSid)) return REPEAT;
  const kept = await keepMedia(deps, media);
  const dropFiles = () =>
    removeStoredPhotos(
      textMediaDir(config.dataDir),
      kept.files.map((f) => f.fileName),
    );
  try {
    return await storeInbound(deps, text, kept);
  } catch (error) {
    await dropFiles();
    if (error instanceof RepeatedMessage) return REPEAT;
    throw error;
  }
}

async function storeInbound(
  deps: Pick<ServiceDeps, "db" | "config">,
  text: InboundText,
  kept: KeptMedia,
): Promise<InboundResult> {
  const { db, config } = deps;
  const phone = toE164(text.From);
  const keyword = keywordOf(text.Body);
  const store = { name: config.business.name, phone: config.business.phone };
  return await db.transaction().execute(async (trx) => {
    if (await messageSidTaken(trx, text.MessageSid)) return REPEAT;
    const at = now();
    const known = await findThreadByPhone(trx, phone);
    const customerName = known ? known.customer_name : await nameOf(trx, phone);
    const threadId = await upsertThread(trx, { phone, customerName, at });
    const messageId = await insertTextMessage(trx, {
      threadId,
      direction: "in",
      body: text.Body,
      at,
      messageSid: text.MessageSid,
      // A keyword is shown in the thread but asks nothing of the staff.
      read: keyword !== null,
      staffId: null,
      mediaMissing: kept.missing,
    });
    if (messageId === null) throw new RepeatedMessage();
    for (const file of kept.files) await insertTextMedia(trx, { messageId, ...file });
    let answer: string | null = null;
    if (keyword === "stop") {
      await dropPendingTextsTo(trx, phone);
      // The opt-out is confirmed once: a second STOP changes nothing and answers nothing.
      if ((await lastConsentEvent(trx, phone)) !== "opt-out") {
        await recordKeyword(trx, phone, "opt-out", text.Body, at);
        answer = stopAnswer(store);
      }
    } else if (keyword === "start") {
      const last = await lastConsentEvent(trx, phone);
      if (last === "opt-out") {
        await recordKeyword(trx, phone, "opt-in", text.Body, at);
        answer = startAnswer(store);
      } else {
        // No record: START is no consent the store asked for; it answers like HELP.
        answer = last === null ? helpAnswer(store) : startAnswer(store);
      }
    } else if (keyword === "help") {
      answer = helpAnswer(store);
    }
    if (answer !== null) {
      await insertTextMessage(trx, {
        threadId,
        direction: "out",
        body: answer,
        at,
        messageSid: null,
        read: true,
        staffId: null,
      });
    }
    return { duplicate: false, answer, threadId, messageId };
  });
}

async function nameOf(db: Db, phone: string): Promise<string | null> {
  return (await customerLinksOfPhone(db, phone)).customerName;
}

async function recordKeyword(
  db: Db,
  phone: string,
  event: "opt-in" | "opt-out",
  words: string,
  at: string,
): Promise<void> {
  await insertTextConsent(db, {
    phone,
    words: words.trim(),
    source: "keyword",
    visitId: null,
    orderId: null,
    clientAddress: KEYWORD_ADDRESS,
    at,
    event,
  });
}
