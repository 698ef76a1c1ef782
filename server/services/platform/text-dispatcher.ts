/**
 * Sends what the texts outbox holds once the transaction that queued it has committed, like the
 * email dispatcher: each run claims its texts first (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), so two processes never send the same text; failures retry with backoff (1 min,
 * 2, 4 … up to 6 attempts, then the text stays marked failed). A text to a number whose last
 * consent entry is an opt-out is dropped, not sent.
 */

import { toE164 } from "../../../domain/shared/phone-number";
import type { Db } from "../../db/database";
import {
  claimDueTexts,
  markTextDropped,
  markTextFailed,
  markTextSent,
} from "../../db/repositories/platform/text-outbox";
import { optedOutAmong } from "../../db/repositories/scheduling/text-consents";
import type { Logger } from "../../logger";
import type { TextSender } from "../../texts/text-sender";
import { createOutboxLoop } from "./outbox-loop";

const BATCH = 20;
const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 6;

export function createTextDispatcher(deps: {
  db: Db;
  sender: TextSender;
  logger: Logger;
  holder: string;
  /** false in a web-only process: the outbox waits for a worker (outbox-loop). */
  sends?: boolean;
  /** Told after each run whether it succeeded (the job metrics). */
  onRun?: (ok: boolean) => void;
}) {
  const { db, sender, logger, holder } = deps;
  return createOutboxLoop({
    logger,
    sends: deps.sends,
    onRun: deps.onRun,
    failureMessage: "text dispatch failed",
    during: "this run",
    async runOnce() {
      const due = await claimDueTexts(
        db,
        holder,
        BATCH,
        new Date(Date.now() + CLAIM_MS).toISOString(),
      );
      let sent = 0;
      // The ledger is read after the claim: a STOP that lands after a text was queued wins
      // (decision 550: no text goes to a number whose last entry is an opt-out).
      const numberOf = (t: (typeof due)[number]) => t.to_e164 ?? toE164(t.to_phone);
      const optedOut = await optedOutAmong(db, due.map(numberOf));
      for (const text of due) {
        const id = Number(text.id);
        if (optedOut.has(numberOf(text))) {
          await markTextDropped(db, id);
          logger.info("text dropped: the number opted out", { textId: id, kind: text.kind });
          continue;
        }
        try {
          await sender.send({ to: text.to_phone, body: text.body });
          await markTextSent(db, id);
          sent++;
        } catch (error) {
          const attempts = Number(text.attempts) + 1;
          const message = error instanceof Error ? error.message : String(error);
          const next =
            attempts >= MAX_ATTEMPTS
              ? null
              : new Date(Date.now() + 60_000 * 2 ** (attempts - 1)).toISOString();
          await markTextFailed(db, id, attempts, message, next);
          logger.warn("text send failed", {
            textId: id,
            kind: text.kind,
            attempts,
            error: message,
          });
        }
      }
      return { sent, full: due.length === BATCH };
    },
  });
}

export type TextDispatcher = ReturnType<typeof createTextDispatcher>;
