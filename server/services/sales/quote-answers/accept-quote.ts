import { addBusinessDays } from "../../../../domain/sales/business-days";
import { choiceProblem, OPEN_QUOTE_STATUSES, quoteLinesOf } from "../../../../domain/sales/quote";
import type { QuoteAccept } from "../../../../domain/sales/quote-schema";
import { formatVisitDate, storeToday } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import { isUniqueViolation, now } from "../../../db/database";
import { findOrderById } from "../../../db/repositories/orders/orders";
import { setOrderExemptionColumns } from "../../../db/repositories/orders/tax-exemption";
import { findSalesSettings } from "../../../db/repositories/people/back-office-settings";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import {
  findQuoteByToken,
  insertSignature,
  listQuoteItems,
  lockQuote,
  markQuoteItemsSold,
} from "../../../db/repositories/sales/quotes";
import { renderQuoteStoreNotice, renderSignedAgreementEmail } from "../../../email/quote-emails";
import { customerUrl } from "../../../email/words";
import { AppError, fieldError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { renderQuotePdf } from "../quote-pdf";
import { buildQuoteView, quoteEmailFacts, sha256, shownText, signedTotals } from "../quote-view";
import {
  type AcceptedOrder,
  acceptedOrder,
  expiredError,
  makeOrder,
  quoteOf,
  recordAnswer,
} from "./shared";

export async function acceptQuote(
  deps: ServiceDeps,
  token: string,
  input: QuoteAccept,
  meta: { address: string; userAgent: string },
): Promise<{ created: boolean; order: AcceptedOrder }> {
  const { db, catalog, config, logger, emails } = deps;
  const business = config.business;

  const first = await quoteOf(deps, token);
  if (first.status === "accepted" && first.accepted_order_id !== null) {
    return { created: false, order: await acceptedOrder(deps, first.accepted_order_id) };
  }
  // Loaded outside the transaction, which holds SQLite's only connection.
  const names = await catalog.pricing();
  const settings = await findSalesSettings(db);
  let made: { created: boolean; orderId: number; pdf?: Buffer };
  try {
    made = await db.transaction().execute(async (trx) => {
      const quote = await lockQuote(trx, first.id);
      if (!quote) throw new AppError("not_found", "Quote not found.");
      if (quote.status === "accepted" && quote.accepted_order_id !== null) {
        return { created: false, orderId: quote.accepted_order_id };
      }
      const items = await listQuoteItems(trx, quote.id);
      const view = buildQuoteView({
        quote,
        items,
        names,
        business,
        cancelBusinessDays: settings.cancelBusinessDays,
        today: storeToday(),
      });
      if (view.status === "expired") throw expiredError(deps, view);
      if (!OPEN_QUOTE_STATUSES.includes(quote.status)) {
        throw new AppError(
          "conflict",
          `Quote ${view.label} is ${view.statusLabel.toLowerCase()}; it can't be accepted. Call us at ${business.phone}.`,
        );
      }
      if (input.revision !== quote.revision) {
        throw new AppError("conflict", "This quote changed, please review it again.", {
          details: { reason: "stale_revision", revision: quote.revision },
        });
      }
      const optionalIds = new Set(view.items.filter((i) => i.optional).map((i) => i.id));
      const chosen = [...new Set(input.optionalItemIds)].sort((a, b) => a - b);
      const unknown = chosen.find((id) => !optionalIds.has(id));
      if (unknown !== undefined) {
        throw fieldError(
          "validation_failed",
          "optionalItemIds",
          `item ${unknown} is not an optional item of this quote.`,
        );
      }
      const choices = input.choices;
      const problem = choiceProblem(quoteLinesOf(view.items), choices);
      if (problem) throw fieldError("validation_failed", "choices", problem);
      // Each window as chosen: the alternative's row (its product, price, quantity, room).
      const counted = items
        .filter((i) => i.optional === 0 || chosen.includes(i.id))
        .map((i) => {
          const choice = choices.find((c) => c.itemId === i.id);
          return i.alternatives.find((a) => a.id === choice?.alternativeId) ?? i;
        });
      const totals = signedTotals(view, business, chosen, choices);
      const today = storeToday();
      const cancelUntil =
        settings.cancelBusinessDays > 0
          ? await addBusinessDays(today, settings.cancelBusinessDays)
          : null;
      const status = quote.visit_id !== null || quote.order_id !== null ? "measured" : "confirmed";
      const orderId = await makeOrder(
        deps,
        trx,
        quote,
        counted,
        totals,
        { status, depositCents: totals.depositCents, cancelUntil },
        view.label,
        names,
      );
      // The certificate goes with the sale it exempted; a taxed quote leaves none on its order.
      await setOrderExemptionColumns(trx, orderId, view.taxExempt ? view.taxExemption : null);
      const at = now();
      const hash = sha256(shownText(view, chosen, totals, choices));
      await insertSignature(trx, {
        quote_id: quote.id,
        order_id: orderId,
        revision: quote.revision,
        signature_name: input.signatureName,
        signed_at: at,
        ip_address: meta.address,
        user_agent: meta.userAgent.slice(0, 500),
        optional_item_ids: JSON.stringify(chosen),
        choices: JSON.stringify(choices),
        shown_sha256: hash,
      });
      await markQuoteItemsSold(
        trx,
        quote.id,
        counted.map((i) => i.id),
      );
      await recordAnswer(
        trx,
        quote.id,
        { status: "accepted", accepted_order_id: orderId },
        at,
        `Accepted and signed (${formatMoney(totals.totalCents)})`,
      );
      const order = await findOrderById(trx, orderId);
      if (!order) throw new Error("order vanished inside its own transaction");
      const pdf = await renderQuotePdf({
        view,
        business,
        totals,
        chosenOptionalIds: chosen,
        choices,
        signature: {
          name: input.signatureName,
          signedAt: at,
          sha256: hash,
          orderNumber: Number(order.order_number),
          cancelUntil,
        },
      });
      const facts = quoteEmailFacts(config.publicUrl, quote, totals.totalCents);
      await enqueueEmail(trx, {
        kind: "quote-signed",
        to: quote.email,
        ...renderSignedAgreementEmail(business, {
          ...facts,
          orderNumber: Number(order.order_number),
          depositCents: totals.depositCents,
          cancelUntil,
          statusLink: customerUrl(config.publicUrl, quote.language, `/orders/${order.reference}`),
        }),
        relatedType: "order",
        relatedId: orderId,
        attachments: [
          {
            filename: `agreement-${view.label}.pdf`,
            contentType: "application/pdf",
            content: pdf.toString("base64"),
          },
        ],
      });
      await enqueueEmail(trx, {
        kind: "quote-accepted-store",
        to: config.storeEmail,
        ...renderQuoteStoreNotice(
          business,
          `Quote ${view.label} accepted: Order #${order.order_number}`,
          [
            `${quote.first_name} ${quote.last_name} accepted quote ${view.label} for ${formatMoney(totals.totalCents)}.`,
            `Order #${order.order_number}. Deposit due: ${formatMoney(totals.depositCents)}.`,
            cancelUntil
              ? `The customer may cancel through ${formatVisitDate(cancelUntil)}: no production before.`
              : "No right to cancel applies.",
          ],
          {
            href: `${config.publicUrl}/admin/orders/${orderId}`,
            label: `Open Order #${order.order_number} in the admin`,
          },
          quote.language,
        ),
        relatedType: "order",
        relatedId: orderId,
      });
      return { created: true, orderId };
    });
  } catch (error) {
    // A concurrent accept of this quote committed first: answer its order.
    if (isUniqueViolation(error)) {
      const again = await findQuoteByToken(db, token);
      if (again?.accepted_order_id) {
        return { created: false, order: await acceptedOrder(deps, again.accepted_order_id) };
      }
    }
    throw error;
  }
  if (made.created) {
    logger.info("quote accepted", { quoteNumber: first.quote_number });
    emails.kick();
  }
  return { created: made.created, order: await acceptedOrder(deps, made.orderId) };
}
