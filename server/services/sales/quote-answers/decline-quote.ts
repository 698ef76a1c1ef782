import { OPEN_QUOTE_STATUSES } from "../../../../domain/sales/quote";
import { formatMoney } from "../../../../domain/shared/money";
import { now } from "../../../db/database";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { lockQuote } from "../../../db/repositories/sales/quotes";
import { renderQuoteStoreNotice } from "../../../email/quote-emails";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { QuoteView } from "../quote-view";
import { expiredError, quoteLink, quoteOf, recordAnswer, viewOf } from "./shared";

export async function declineQuote(
  deps: ServiceDeps,
  token: string,
  reason: string | null,
): Promise<QuoteView> {
  const { db, catalog, config, emails } = deps;
  const business = config.business;

  const first = await quoteOf(deps, token);
  const names = await catalog.pricing();
  const updated = await db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, first.id);
    if (!quote) throw new AppError("not_found", "Quote not found.");
    const view = await viewOf(deps, trx, quote, names);
    if (quote.status === "declined") return quote;
    if (view.status === "expired") throw expiredError(deps, view);
    if (!OPEN_QUOTE_STATUSES.includes(quote.status)) {
      throw new AppError(
        "conflict",
        `Quote ${view.label} is ${view.statusLabel.toLowerCase()}; it can't be declined.`,
      );
    }
    const at = now();
    await recordAnswer(
      trx,
      quote.id,
      { status: "declined", decline_reason: reason },
      at,
      reason ? `Declined: ${reason.slice(0, 200)}` : "Declined",
    );
    await enqueueEmail(trx, {
      kind: "quote-declined-store",
      to: config.storeEmail,
      ...renderQuoteStoreNotice(
        business,
        `Quote ${view.label} declined`,
        [
          `${quote.first_name} ${quote.last_name} declined quote ${view.label} (${formatMoney(view.totals.totalCents)}).`,
          reason ? `Reason: ${reason}` : "No reason given.",
        ],
        quoteLink(deps, quote.id, view.label),
        quote.language,
      ),
      relatedType: "quote",
      relatedId: quote.id,
    });
    return { ...quote, status: "declined" };
  });
  emails.kick();
  return viewOf(deps, db, { ...updated, status: "declined" });
}
