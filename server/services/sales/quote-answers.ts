/**
 * Quotes, the customer's side: the page's view (views counted), the PDF, accept, decline, a question
 * and the cancellation within the right to cancel. Accepting makes the order from the stored
 * prices in one transaction that holds the quote's row lock: a repeat or a concurrent second
 * accept waits for the first and answers its order; quotes.accepted_order_id and the order's
 * cart_id ("quote:ID") are unique as a last guard.
 */
import { type ServiceDeps, withDeps } from "../deps";
import { acceptQuote } from "./quote-answers/accept-quote";
import { askAboutQuote } from "./quote-answers/ask-about-quote";
import { cancelAcceptedQuote } from "./quote-answers/cancel-accepted-quote";
import { declineQuote } from "./quote-answers/decline-quote";
import { openQuote } from "./quote-answers/open-quote";
import { quotePdf } from "./quote-answers/quote-pdf-file";

export { QUOTE_QUESTIONS_PER_HOUR } from "../../rate-limits";
export type { AcceptedOrder, CustomerQuote } from "./quote-answers/shared";

export function createQuoteAnswerService(deps: ServiceDeps) {
  return {
    open: withDeps(deps, openQuote),
    pdf: withDeps(deps, quotePdf),
    accept: withDeps(deps, acceptQuote),
    decline: withDeps(deps, declineQuote),
    question: withDeps(deps, askAboutQuote),
    cancel: withDeps(deps, cancelAcceptedQuote),
  };
}

export type QuoteAnswerService = ReturnType<typeof createQuoteAnswerService>;
