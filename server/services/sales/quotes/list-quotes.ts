import { seesOnlyOwnVisits } from "../../../../domain/people/permissions";
import { QUOTE_STATUS_LABELS, type QuoteStatus, quoteLabel } from "../../../../domain/sales/quote";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import { listQuotes } from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";
import type { FieldWorker } from "../../people/field-access";
import type { QuoteListEntry } from "./shared";

export async function listQuoteEntries(
  deps: ServiceDeps,
  status: QuoteStatus | "all",
  worker: FieldWorker,
): Promise<QuoteListEntry[]> {
  const { db } = deps;

  const rows = await listQuotes(db, {
    ...(status === "all" ? {} : { status: status === "expired" ? undefined : status }),
    ...(seesOnlyOwnVisits(worker.role) ? { staffId: worker.staffId } : {}),
  });
  const today = storeToday();
  return rows
    .map((q): QuoteListEntry => {
      const expired =
        (q.status === "sent" || q.status === "viewed" || q.status === "draft") &&
        today > q.valid_until;
      const shown: QuoteStatus = expired ? "expired" : q.status;
      return {
        id: q.id,
        quoteNumber: q.quote_number,
        label: quoteLabel(q.quote_number),
        status: shown,
        statusLabel: QUOTE_STATUS_LABELS[shown] ?? q.status,
        customerName: `${q.first_name} ${q.last_name}`,
        city: q.city,
        totalCents: q.total_cents,
        validUntil: q.valid_until,
        sentAt: q.sent_at,
        updatedAt: q.updated_at,
        estimateId: q.estimate_id,
        orderId: q.order_id,
        acceptedOrderId: q.accepted_order_id,
      };
    })
    .filter((q) => status === "all" || q.status === status);
}
