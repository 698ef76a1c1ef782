import type { QuoteCreate } from "../../../../domain/sales/quote-schema";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import { contactColumns } from "../../../db/customer-contact";
import { now } from "../../../db/database";
import { findSalesSettings } from "../../../db/repositories/people/back-office-settings";
import {
  findQuoteById,
  insertQuote,
  insertQuoteEvent,
  nextQuoteNumber,
  replaceQuoteItems,
} from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import type { FieldWorker } from "../../people/field-access";
import type { QuoteView } from "../quote-view";
import {
  assertMayBuild,
  audit,
  checkTerms,
  linkedLanguage,
  newQuoteToken,
  priceQuoteItems,
  totalOf,
  validUntilOf,
  view,
} from "./shared";

export async function createQuote(
  deps: ServiceDeps,
  input: QuoteCreate,
  actor: Actor,
  worker: FieldWorker,
): Promise<QuoteView> {
  const { db, catalog, logger } = deps;

  const orderId = await assertMayBuild(deps, worker, input);
  const settings = await findSalesSettings(db);
  checkTerms(deps, settings, input);
  const ctx = await catalog.pricing();
  const items = priceQuoteItems(ctx, input.items);
  const discountBasisPoints = Math.round(input.discountPercent * 100);
  const depositPercent = input.depositPercent ?? settings.depositPercent;
  const validUntil = validUntilOf(input, settings);
  const at = now();
  const quote = await db.transaction().execute(async (trx) => {
    const quoteNumber = await nextQuoteNumber(trx);
    const c = input.customer;
    const id = await insertQuote(trx, {
      quote_number: quoteNumber,
      token: newQuoteToken(),
      status: validUntil < storeToday() ? "expired" : "draft",
      revision: 1,
      ...contactColumns(c),
      language: c.language ?? (await linkedLanguage(trx, { visitId: input.visitId, orderId })),
      discount_basis_points: discountBasisPoints,
      deposit_percent: depositPercent,
      valid_until: validUntil,
      note: input.note,
      estimate_id: input.estimateId,
      visit_id: input.visitId,
      order_id: orderId,
      staff_id: actor.staffId,
      total_cents: totalOf(deps, items, discountBasisPoints, depositPercent),
      created_at: at,
      updated_at: at,
    });
    await replaceQuoteItems(trx, id, items);
    await insertQuoteEvent(trx, {
      quoteId: id,
      kind: "created",
      summary: `Created with ${items.length} items`,
      actor: actor.label,
    });
    await audit(trx, actor, { quote_number: quoteNumber }, "created", {
      after: {
        items: items.length,
        discountPercent: input.discountPercent,
        depositPercent,
        validUntil,
      },
    });
    const row = await findQuoteById(trx, id);
    if (!row) throw new Error("quote vanished inside its own transaction");
    return row;
  });
  logger.info("quote created", { quoteNumber: quote.quote_number, items: items.length });
  return view(deps, db, quote, settings);
}
