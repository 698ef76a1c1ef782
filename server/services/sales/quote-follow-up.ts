import { addDays, storeLocal } from "../../../domain/scheduling/visit-time";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import {
  claimQuoteReminder,
  insertQuoteEvent,
  listOpenQuotes,
  moveQuoteStatus,
} from "../../db/repositories/sales/quotes";
import type { QuoteRow } from "../../db/types";
import { type QuoteReminderKind, renderQuoteReminderEmail } from "../../email/quote-emails";
import type { ServiceDeps } from "../deps";
import type { ScheduledJob } from "../platform/scheduler";
import { quoteEmailFacts } from "./quote-view";

const DAY_MS = 24 * 60 * 60_000;
export const UNOPENED_AFTER_DAYS = 3;
export const UNANSWERED_AFTER_DAYS = 5;
export const EXPIRY_REMINDER_DAYS = 2;

/** Which reminder a quote is due at `nowMs` (the first that applies), or "expire", or null. */
export function followUpDue(
  quote: Pick<QuoteRow, "status" | "sent_at" | "viewed_at" | "valid_until">,
  nowMs: number,
): QuoteReminderKind[] | "expire" {
  const today = storeLocal(new Date(nowMs)).date;
  if (today > quote.valid_until) return "expire";
  const due: QuoteReminderKind[] = [];
  if (quote.status === "sent" && !quote.viewed_at && quote.sent_at) {
    if (nowMs - Date.parse(quote.sent_at) >= UNOPENED_AFTER_DAYS * DAY_MS) due.push("unopened");
  }
  if (quote.status === "viewed" && quote.viewed_at) {
    if (nowMs - Date.parse(quote.viewed_at) >= UNANSWERED_AFTER_DAYS * DAY_MS)
      due.push("unanswered");
  }
  if (addDays(quote.valid_until, -EXPIRY_REMINDER_DAYS) <= today) due.push("expiring");
  return due;
}

/** `clock` is the scheduled job's "now" (tests pass a fake one). */
export function createQuoteFollowUp(deps: ServiceDeps, clock: () => number = Date.now) {
  const { db, config, logger, emails } = deps;
  const business = config.business;

  async function run(nowMs: number = clock()) {
    let reminders = 0;
    let expired = 0;
    for (const quote of await listOpenQuotes(db)) {
      const due = followUpDue(quote, nowMs);
      if (due === "expire") {
        const moved = await db.transaction().execute(async (trx) => {
          const ok = await moveQuoteStatus(trx, quote.id, ["sent", "viewed"], {
            status: "expired",
          });
          if (ok) {
            await insertQuoteEvent(trx, {
              quoteId: quote.id,
              kind: "expired",
              summary: `Expired after ${quote.valid_until}`,
              actor: "system",
            });
          }
          return ok;
        });
        if (moved) expired += 1;
        continue;
      }
      for (const kind of due) {
        const sent = await db.transaction().execute(async (trx) => {
          if (!(await claimQuoteReminder(trx, quote.id, kind))) return false;
          await enqueueEmail(trx, {
            kind: `quote-reminder-${kind}`,
            to: quote.email,
            ...renderQuoteReminderEmail(
              business,
              quoteEmailFacts(config.publicUrl, quote, quote.total_cents),
              kind,
            ),
            relatedType: "quote",
            relatedId: quote.id,
          });
          await insertQuoteEvent(trx, {
            quoteId: quote.id,
            kind: `reminder-${kind}`,
            summary: `Reminder sent (${kind})`,
            actor: "system",
          });
          return true;
        });
        if (sent) reminders += 1;
      }
    }
    if (reminders > 0) emails.kick();
    if (reminders > 0 || expired > 0) logger.info("quote follow-up", { reminders, expired });
    return { reminders, expired };
  }

  const job: ScheduledJob = {
    name: "quote-follow-up",
    everyMs: 15 * 60_000,
    run: async () => run(),
  };

  return { run, job };
}

export type QuoteFollowUp = ReturnType<typeof createQuoteFollowUp>;
