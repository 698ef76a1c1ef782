import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { insertContactMessage } from "../../../db/repositories/requests/contact-messages";
import { insertQuoteEvent } from "../../../db/repositories/sales/quotes";
import { renderQuoteStoreNotice } from "../../../email/quote-emails";
import type { ServiceDeps } from "../../deps";
import { quoteLink, quoteOf, viewOf } from "./shared";

export async function askAboutQuote(
  deps: ServiceDeps,
  token: string,
  message: string,
  clientKey: string,
): Promise<{ sent: true }> {
  const { db, config, emails } = deps;
  const business = config.business;

  const quote = await quoteOf(deps, token);
  const view = await viewOf(deps, db, quote);
  await db.transaction().execute(async (trx) => {
    await deps.limits.quoteQuestions.within(trx).consume(clientKey);
    const messageId = await insertContactMessage(trx, {
      firstName: quote.first_name,
      lastName: quote.last_name,
      email: quote.email,
      phone: quote.phone,
      subject: `Question about quote ${view.label}`,
      message,
      preferredContactMethod: "email",
    });
    await insertQuoteEvent(trx, {
      quoteId: quote.id,
      kind: "question",
      summary: `Question (message #${messageId})`,
      actor: "customer",
    });
    await enqueueEmail(trx, {
      kind: "quote-question-store",
      to: config.storeEmail,
      // Answering the notice answers the customer, as a contact message's does.
      replyTo: quote.email,
      ...renderQuoteStoreNotice(
        business,
        `Question about quote ${view.label}`,
        [
          `${quote.first_name} ${quote.last_name} asked about quote ${view.label}:`,
          message,
          `Reply to ${quote.email} or call ${quote.phone}.`,
        ],
        quoteLink(deps, quote.id, view.label),
        quote.language,
      ),
      relatedType: "quote",
      relatedId: quote.id,
    });
  });
  emails.kick();
  return { sent: true };
}
