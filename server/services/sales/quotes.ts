/**
 * Quotes, the office's side:
 * build a quote from an estimate request, an order's measurement visit or from scratch, priced
 * by the one pricing context at today's rates and keeping those rates; change it while it is
 * open (every change bumps its revision); send it with its PDF through the email outbox; list
 * it by status. Installers reach only the quotes of orders they have a visit on, and their own.
 */
import { type ServiceDeps, withDeps } from "../deps";
import { createQuote } from "./quotes/create-quote";
import { getQuoteDetail } from "./quotes/get-quote";
import { listQuoteEntries } from "./quotes/list-quotes";
import { prefillQuote } from "./quotes/prefill-quote";
import { quoteFromMeasurements } from "./quotes/quote-from-measurements";
import { quotePdfFile } from "./quotes/quote-pdf-file";
import { quoteSummary } from "./quotes/quote-summary";
import { quotesForEstimate } from "./quotes/quotes-for-estimate";
import { sendQuote } from "./quotes/send-quote";
import { link } from "./quotes/shared";
import { updateQuoteDraft } from "./quotes/update-quote";

export {
  isQuoteToken,
  newQuoteToken,
  priceQuoteItems,
  type QuoteDetail,
  type QuoteListEntry,
} from "./quotes/shared";

export function createQuoteService(deps: ServiceDeps) {
  return {
    link: withDeps(deps, link),
    create: withDeps(deps, createQuote),
    fromMeasurements: withDeps(deps, quoteFromMeasurements),
    update: withDeps(deps, updateQuoteDraft),
    list: withDeps(deps, listQuoteEntries),
    get: withDeps(deps, getQuoteDetail),
    pdf: withDeps(deps, quotePdfFile),
    send: withDeps(deps, sendQuote),
    summary: withDeps(deps, quoteSummary),
    prefill: withDeps(deps, prefillQuote),
    forEstimate: withDeps(deps, quotesForEstimate),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
