import { EDITABLE_QUOTE_STATUSES } from "../../../../domain/sales/quote";
import { formatMoney } from "../../../../domain/shared/money";
import { now } from "../../../db/database";
import { findSalesSettings } from "../../../db/repositories/people/back-office-settings";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import {
  findQuoteById,
  insertQuoteEvent,
  lockQuote,
  updateQuote,
} from "../../../db/repositories/sales/quotes";
import { renderQuoteSentEmail } from "../../../email/quote-emails";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import type { FieldWorker } from "../../people/field-access";
import { renderQuotePdf } from "../quote-pdf";
import { type QuoteView, quoteEmailFacts } from "../quote-view";
import { audit, reachable, view } from "./shared";

/** Emails the customer the link and the PDF; a sent quote can be sent again. */
export async function sendQuote(
  deps: ServiceDeps,
  id: number,
  actor: Actor,
  worker: FieldWorker,
): Promise<QuoteView> {
  const { db, config, logger, emails } = deps;
  const business = config.business;

  const quote = await reachable(deps, worker, id);
  const settings = await findSalesSettings(db);
  const before = await view(deps, db, quote, settings);
  if (!EDITABLE_QUOTE_STATUSES.includes(before.status)) {
    throw new AppError(
      "conflict",
      before.status === "expired"
        ? `Quote ${before.label} expired on ${before.validUntil}: change its valid-until date before sending it.`
        : `Quote ${before.label} is ${before.statusLabel.toLowerCase()}: it can't be sent again.`,
    );
  }
  // Rendered before the transaction, which holds SQLite's only connection.
  const pdf = await renderQuotePdf({ view: before, business, totals: before.totals });
  const updated = await db.transaction().execute(async (trx) => {
    const q = await lockQuote(trx, id);
    if (!q || q.revision !== before.revision || q.status !== quote.status) {
      throw new AppError("conflict", "The quote changed meanwhile. Reload it and send it again.");
    }
    const at = now();
    await updateQuote(trx, id, {
      status: q.status === "draft" ? "sent" : q.status,
      sent_at: at,
      updated_at: at,
    });
    const email = renderQuoteSentEmail(
      business,
      quoteEmailFacts(config.publicUrl, q, before.totals.totalCents),
    );
    await enqueueEmail(trx, {
      kind: "quote-sent",
      to: q.email,
      ...email,
      relatedType: "quote",
      relatedId: id,
      attachments: [
        {
          filename: `quote-${before.label}.pdf`,
          contentType: "application/pdf",
          content: pdf.toString("base64"),
        },
      ],
    });
    await insertQuoteEvent(trx, {
      quoteId: id,
      kind: "sent",
      summary: `Sent to the customer (${formatMoney(before.totals.totalCents)})`,
      actor: actor.label,
    });
    await audit(trx, actor, q, q.sent_at ? "sent again" : "sent", {
      after: { revision: q.revision, total: before.totals.totalCents / 100 },
    });
    const row = await findQuoteById(trx, id);
    if (!row) throw new Error("quote vanished inside its own transaction");
    return row;
  });
  emails.kick();
  logger.info("quote sent", { quoteNumber: updated.quote_number });
  return view(deps, db, updated, settings);
}
