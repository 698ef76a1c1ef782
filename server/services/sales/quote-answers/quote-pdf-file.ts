import { findSignature } from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";
import { renderQuotePdf } from "../quote-pdf";
import { signedTotals } from "../quote-view";
import { acceptedOrder, quoteOf, viewOf } from "./shared";

/** The PDF: the signed agreement once accepted, the quote before. */
export async function quotePdf(
  deps: ServiceDeps,
  token: string,
): Promise<{ label: string; pdf: Buffer }> {
  const { db, config } = deps;
  const business = config.business;

  const quote = await quoteOf(deps, token);
  const view = await viewOf(deps, db, quote);
  const signature = await findSignature(db, quote.id);
  if (signature && quote.accepted_order_id !== null) {
    const chosen = signature.optionalItemIds;
    const order = await acceptedOrder(deps, quote.accepted_order_id);
    const totals = signedTotals(view, business, chosen, signature.choices);
    return {
      label: view.label,
      pdf: await renderQuotePdf({
        view,
        business,
        totals,
        chosenOptionalIds: chosen,
        choices: signature.choices,
        signature: {
          name: signature.signature_name,
          signedAt: signature.signed_at,
          sha256: signature.shown_sha256,
          orderNumber: order.orderNumber,
          cancelUntil: order.cancelUntil,
        },
      }),
    };
  }
  return {
    label: view.label,
    pdf: await renderQuotePdf({ view, business, totals: view.totals }),
  };
}
