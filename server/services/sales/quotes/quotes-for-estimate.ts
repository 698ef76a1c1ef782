import { QUOTE_STATUS_LABELS, quoteLabel } from "../../../../domain/sales/quote";
import { listQuotes } from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";

/** Quotes started from one estimate request (what became of it). */
export async function quotesForEstimate(deps: ServiceDeps, estimateId: number) {
  const { db } = deps;

  const rows = await listQuotes(db, { estimateId });
  return rows.map((q) => ({
    id: q.id,
    label: quoteLabel(q.quote_number),
    status: q.status,
    statusLabel: QUOTE_STATUS_LABELS[q.status],
    totalCents: q.total_cents,
    acceptedOrderId: q.accepted_order_id,
  }));
}
