/**
 * Sends what the texts outbox holds once the transaction that queued it has committed, like the
 * email dispatcher (decision 214): each run claims its texts first (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), so two processes never send the same text; failures retry with backoff (1 min,
 * 2, 4 … up to 6 attempts, then the text stays marked failed).
 */
import type { Db } from "../../db/database";
import {
  claimDueTexts,
  markTextFailed,
  markTextSent,
} from "../../db/repositories/platform/text-outbox";
import type { Logger } from "../../logger";
import type { TextSender } from "../../texts/text-sender";

const BATCH = 20;
const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 6;

export function createTextDispatcher(deps: {
  db: Db;
  sender: TextSender;
  logger: Logger;
  holder: string;
}) {
  const { db, sender, logger, holder } = deps;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let kickTimer: NodeJS.Timeout | null = null;

  async function flushOnce(): Promise<number> {
    const due = await claimDueTexts(
      db,
      holder,
      BATCH,
      new Date(Date.now() + CLAIM_MS).toISOString(),
    );
    let sent = 0;
    for (const text of due) {
      const id = Number(text.id);
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
        logger.warn("text send failed", { textId: id, kind: text.kind, attempts, error: message });
      }
    }
    if (due.length === BATCH) again = true;
    return sent;
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = flushOnce()
      .catch((error) => {
        logger.error("text dispatch failed", { error });
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void flush();
        }
      });
    return running;
  }

  return {
    flush,
    kick(): void {
      if (kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = null;
        void flush();
      }, 100);
      kickTimer.unref();
    },
    start(intervalMs = 30_000): void {
      if (timer) return;
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
      void flush();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      if (kickTimer) clearTimeout(kickTimer);
      kickTimer = null;
      if (running) await running;
    },
  };
}

export type TextDispatcher = ReturnType<typeof createTextDispatcher>;
