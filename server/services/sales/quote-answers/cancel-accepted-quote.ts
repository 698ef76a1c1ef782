import { formatVisitDate, storeToday } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import { now } from "../../../db/database";
import {
  insertStatusHistory,
  lockOrderForUpdate,
  updateOrderStatus,
} from "../../../db/repositories/orders/orders";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { insertQuoteEvent, lockQuote, updateQuote } from "../../../db/repositories/sales/quotes";
import { renderQuoteCancelledEmail, renderQuoteStoreNotice } from "../../../email/quote-emails";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { quoteEmailFacts } from "../quote-view";
import { CANCELLABLE, quoteOf } from "./shared";

/** The buyer's right to cancel: the order is cancelled and any deposit is owed back. */
export async function cancelAcceptedQuote(
  deps: ServiceDeps,
  token: string,
): Promise<{ orderNumber: number; refundDueCents: number; already: boolean }> {
  const { db, config, emails } = deps;
  const business = config.business;

  const first = await quoteOf(deps, token);
  if (first.accepted_order_id === null) {
    throw new AppError("conflict", "This quote was not accepted: there is no order to cancel.");
  }
  const orderId = first.accepted_order_id;
  const result = await db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, first.id);
    const order = await lockOrderForUpdate(trx, orderId);
    if (!quote || !order)
      throw new AppError("not_found", "The order of this quote no longer exists.");
    if (quote.status === "cancelled") {
      return {
        orderNumber: order.order_number,
        refundDueCents: order.paid_cents,
        already: true,
      };
    }
    const today = storeToday();
    if (order.cancel_until === null || today > order.cancel_until) {
      throw new AppError(
        "conflict",
        order.cancel_until
          ? `The period to cancel ended on ${formatVisitDate(order.cancel_until)}. Call us at ${business.phone}.`
          : `This order has no cancellation period. Call us at ${business.phone}.`,
      );
    }
    if (!CANCELLABLE.has(order.status)) {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} can no longer be cancelled here. Call us at ${business.phone}.`,
      );
    }
    const at = now();
    await updateOrderStatus(trx, order.id, order.status, "cancelled", at);
    await insertStatusHistory(trx, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: "cancelled",
      note: "Cancelled by the customer within the right to cancel",
      actor: "customer",
      changedAt: at,
    });
    await updateQuote(trx, quote.id, { status: "cancelled", updated_at: at });
    await insertQuoteEvent(trx, {
      quoteId: quote.id,
      kind: "cancelled",
      summary: `Order #${order.order_number} cancelled by the customer`,
      actor: "customer",
    });
    const facts = quoteEmailFacts(config.publicUrl, quote, 0);
    const { label } = facts;
    await enqueueEmail(trx, {
      kind: "quote-cancelled",
      to: quote.email,
      ...renderQuoteCancelledEmail(business, {
        ...facts,
        orderNumber: order.order_number,
        refundCents: order.paid_cents,
      }),
      relatedType: "order",
      relatedId: order.id,
    });
    await enqueueEmail(trx, {
      kind: "quote-cancelled-store",
      to: config.storeEmail,
      ...renderQuoteStoreNotice(
        business,
        `Order #${order.order_number} cancelled by the customer`,
        [
          `${quote.first_name} ${quote.last_name} cancelled Order #${order.order_number} (quote ${label}) within the right to cancel.`,
          order.paid_cents > 0
            ? `Refund owed: ${formatMoney(order.paid_cents)}.`
            : "Nothing was paid.",
        ],
        {
          href: `${config.publicUrl}/admin/orders/${order.id}`,
          label: `Open Order #${order.order_number} in the admin`,
        },
        quote.language,
      ),
      relatedType: "order",
      relatedId: order.id,
    });
    return {
      orderNumber: order.order_number,
      refundDueCents: order.paid_cents,
      already: false,
    };
  });
  if (!result.already) emails.kick();
  return result;
}
