import {
  EDITABLE_QUOTE_STATUSES,
  QUOTE_STATUS_LABELS,
  quoteLabel,
} from "../../../../domain/sales/quote";
import type { QuoteUpdate } from "../../../../domain/sales/quote-schema";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import { contactColumns } from "../../../db/customer-contact";
import { findSalesSettings } from "../../../db/repositories/people/back-office-settings";
import {
  findQuoteById,
  insertQuoteEvent,
  listQuoteItems,
  lockQuote,
  replaceQuoteItems,
  updateQuote,
} from "../../../db/repositories/sales/quotes";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import type { FieldWorker } from "../../people/field-access";
import type { QuoteView } from "../quote-view";
import {
  audit,
  checkTerms,
  priceQuoteItems,
  reachable,
  totalOf,
  validUntilOf,
  view,
} from "./shared";

export async function updateQuoteDraft(
  deps: ServiceDeps,
  id: number,
  input: QuoteUpdate,
  actor: Actor,
  worker: FieldWorker,
): Promise<QuoteView> {
  const { db, catalog } = deps;

  await reachable(deps, worker, id);
  const settings = await findSalesSettings(db);
  checkTerms(deps, settings, input);
  const ctx = await catalog.pricing();
  const items = input.items ? priceQuoteItems(ctx, input.items) : null;
  const quote = await db.transaction().execute(async (trx) => {
    const q = await lockQuote(trx, id);
    if (!q) throw new AppError("not_found", "Quote not found.");
    if (!EDITABLE_QUOTE_STATUSES.includes(q.status)) {
      throw new AppError(
        "conflict",
        `Quote ${quoteLabel(q.quote_number)} is ${QUOTE_STATUS_LABELS[q.status].toLowerCase()}: it can no longer change. Make a new quote.`,
      );
    }
    const discountBasisPoints =
      input.discountPercent === undefined
        ? q.discount_basis_points
        : Math.round(input.discountPercent * 100);
    const depositPercent = input.depositPercent ?? q.deposit_percent;
    const validUntil =
      input.validUntil || input.validDays ? validUntilOf(input, settings) : q.valid_until;
    const c = input.customer;
    if (items) await replaceQuoteItems(trx, id, items);
    const current =
      items ??
      (await listQuoteItems(trx, id)).map(
        ({ id: _i, quote_id: _q, position: _p, config: _c, ...rest }) => rest,
      );
    await updateQuote(trx, id, {
      revision: q.revision + 1,
      ...(c ? contactColumns(c) : {}),
      ...(c?.language ? { language: c.language } : {}),
      discount_basis_points: discountBasisPoints,
      deposit_percent: depositPercent,
      valid_until: validUntil,
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(validUntil < storeToday() ? { status: "expired" } : {}),
      total_cents: totalOf(deps, current, discountBasisPoints, depositPercent),
    });
    await insertQuoteEvent(trx, {
      quoteId: id,
      kind: "changed",
      summary: `Changed (revision ${q.revision + 1})`,
      actor: actor.label,
    });
    await audit(trx, actor, q, `changed (revision ${q.revision + 1})`, {
      before: {
        revision: q.revision,
        discountPercent: q.discount_basis_points / 100,
        depositPercent: q.deposit_percent,
        validUntil: q.valid_until,
      },
      after: {
        revision: q.revision + 1,
        discountPercent: discountBasisPoints / 100,
        depositPercent,
        validUntil,
        ...(items ? { items: items.length } : {}),
      },
    });
    const row = await findQuoteById(trx, id);
    if (!row) throw new Error("quote vanished inside its own transaction");
    return row;
  });
  return view(deps, db, quote, settings);
}
