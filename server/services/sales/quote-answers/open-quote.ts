import { storeToday } from "../../../../domain/scheduling/visit-time";
import { now } from "../../../db/database";
import { findOrderById } from "../../../db/repositories/orders/orders";
import {
  countQuoteView,
  findQuoteByToken,
  findSignature,
  insertQuoteEvent,
  moveQuoteStatus,
} from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";
import { CANCELLABLE, type CustomerQuote, quoteOf, viewOf } from "./shared";

/** The customer's page: counts the view (the first one is recorded). */
export async function openQuote(
  deps: ServiceDeps,
  token: string,
  options: { countView: boolean },
): Promise<CustomerQuote> {
  const { db } = deps;

  let quote = await quoteOf(deps, token);
  if (options.countView) {
    const at = now();
    const counted = await db.transaction().execute(async (trx) => {
      const view = await countQuoteView(trx, quote.id, at, quote.viewed_at !== null);
      if (view.first) {
        await moveQuoteStatus(trx, quote.id, ["sent"], {
          status: "viewed",
          updated_at: quote.updated_at,
        });
        await insertQuoteEvent(trx, {
          quoteId: quote.id,
          kind: "viewed",
          summary: "First opened by the customer",
          actor: "customer",
        });
      }
      return view;
    });
    // Only the first view moves the quote (its status, viewed_at): read it again then. A
    // later view changed view_count alone, which its own statement returned.
    quote = counted.first
      ? ((await findQuoteByToken(db, token)) ?? quote)
      : { ...quote, view_count: counted.viewCount };
  }
  const view = await viewOf(deps, db, quote);
  const signature = await findSignature(db, quote.id);
  let order: CustomerQuote["order"] = null;
  if (quote.accepted_order_id !== null) {
    const o = await findOrderById(db, quote.accepted_order_id);
    if (o) {
      const cancelUntil = o.cancel_until;
      order = {
        orderNumber: Number(o.order_number),
        reference: o.reference,
        depositDueCents: Math.max(0, Number(o.deposit_cents) - Number(o.paid_cents)),
        cancelUntil,
        status: o.status,
        paidCents: Number(o.paid_cents),
        canCancel:
          quote.status === "accepted" &&
          cancelUntil !== null &&
          storeToday() <= cancelUntil &&
          CANCELLABLE.has(o.status),
      };
    }
  }
  return {
    view,
    order,
    signature: signature
      ? {
          name: signature.signature_name,
          signedAt: signature.signed_at,
          optionalItemIds: signature.optionalItemIds,
          choices: signature.choices,
        }
      : null,
  };
}
