/**
 * Quotes, the customer's side: the page's view (views counted), the PDF, accept, decline, a question
 * and the cancellation within the right to cancel. Accepting makes the order from the stored
 * prices in one transaction that holds the quote's row lock: a repeat or a concurrent second
 * accept waits for the first and answers its order; quotes.accepted_order_id and the order's
 * cart_id ("quote:ID") are unique as a last guard.
 */
import { addBusinessDays } from "../../../domain/sales/business-days";
import { OPEN_QUOTE_STATUSES, type QuoteTotals } from "../../../domain/sales/quote";
import type { QuoteAccept } from "../../../domain/sales/quote-schema";
import { formatVisitDate, storeToday } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import { type CatalogNames, describeColor } from "../../../domain/storefront/cart-item-description";
import { type Db, isUniqueViolation, now } from "../../db/database";
import { itemLineColumns } from "../../db/item-line";
import {
  findOrderById,
  insertOrder,
  insertOrderItems,
  insertStatusHistory,
  lockOrderForUpdate,
  nextOrderNumber,
  orderAmountColumns,
  updateOrderStatus,
  updateOrderTotals,
} from "../../db/repositories/orders/orders";
import { findSalesSettings } from "../../db/repositories/people/back-office-settings";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { insertContactMessage } from "../../db/repositories/requests/contact-messages";
import {
  countQuoteView,
  deleteOrderItemsOf,
  findQuoteByToken,
  findSignature,
  insertQuoteEvent,
  insertSignature,
  listQuoteItems,
  lockQuote,
  moveQuoteStatus,
  type QuoteItemRecord,
  setOrderItemCount,
  setOrderSaleTerms,
  updateQuote,
} from "../../db/repositories/sales/quotes";
import type { QuoteRow } from "../../db/types";
import {
  renderQuoteCancelledEmail,
  renderQuoteStoreNotice,
  renderSignedAgreementEmail,
} from "../../email/quote-emails";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { newOrderReference } from "../orders/orders";
import { renderQuotePdf } from "./quote-pdf";
import {
  buildQuoteView,
  type QuoteView,
  quoteEmailFacts,
  sha256,
  shownText,
  signedTotals,
} from "./quote-view";
import { isQuoteToken } from "./quotes";

/** Statuses an order made from a quote may still be cancelled from by the customer. */
const CANCELLABLE = new Set(["pending", "confirmed", "measured"]);
/** Statuses in which an existing order's items may still be replaced by an accepted quote. */
const REPLACEABLE = new Set(["pending", "confirmed", "measured"]);

export { QUOTE_QUESTIONS_PER_HOUR } from "../../rate-limits";

export interface AcceptedOrder {
  orderNumber: number;
  reference: string;
  depositDueCents: number;
  cancelUntil: string | null;
}

export interface CustomerQuote {
  view: QuoteView;
  /** The order its acceptance made, with what the page shows about it. */
  order: (AcceptedOrder & { status: string; paidCents: number; canCancel: boolean }) | null;
  signature: { name: string; signedAt: string; optionalItemIds: number[] } | null;
}

export function createQuoteAnswerService(deps: ServiceDeps) {
  const { db, catalog, config, logger, emails } = deps;
  const business = config.business;
  const quoteLink = (id: number, label: string) => ({
    href: `${config.publicUrl}/admin/quotes/${id}`,
    label: `Open quote ${label} in the admin`,
  });

  async function quoteOf(token: string): Promise<QuoteRow> {
    const quote = isQuoteToken(token) ? await findQuoteByToken(db, token) : undefined;
    // A draft has never been sent: its link opens nothing yet.
    if (!quote || quote.status === "draft") {
      throw new AppError(
        "not_found",
        `Quote not found. Check the link in our email, or call us at ${business.phone}.`,
      );
    }
    return quote;
  }

  /** Pass `names` when inside a transaction: loading the catalog there would wait for it. */
  async function viewOf(trx: Db, quote: QuoteRow, preloaded?: CatalogNames) {
    const names = preloaded ?? (await catalog.pricing());
    const [rows, settings] = await Promise.all([
      listQuoteItems(trx, quote.id),
      findSalesSettings(trx),
    ]);
    return buildQuoteView({
      quote,
      items: rows,
      names,
      business,
      cancelBusinessDays: settings.cancelBusinessDays,
      today: storeToday(),
    });
  }

  /** The customer's answer: the quote's new status and its event, at one time. */
  async function recordAnswer(
    trx: Db,
    quoteId: number,
    answer:
      | { status: "accepted"; accepted_order_id: number }
      | { status: "declined"; decline_reason: string | null },
    at: string,
    summary: string,
  ): Promise<void> {
    await updateQuote(trx, quoteId, { ...answer, answered_at: at, updated_at: at });
    await insertQuoteEvent(trx, { quoteId, kind: answer.status, summary, actor: "customer" });
  }

  function expiredError(view: { label: string; validUntil: string }) {
    return new AppError(
      "gone",
      `Quote ${view.label} expired at the end of ${formatVisitDate(view.validUntil)}. Call us at ${business.phone} and we'll send you a new one.`,
    );
  }

  async function acceptedOrder(orderId: number): Promise<AcceptedOrder> {
    const order = await findOrderById(db, orderId);
    if (!order) throw new AppError("not_found", "The order of this quote no longer exists.");
    return {
      orderNumber: Number(order.order_number),
      reference: order.reference,
      depositDueCents: Math.max(0, Number(order.deposit_cents) - Number(order.paid_cents)),
      cancelUntil: order.cancel_until,
    };
  }

  function orderItemsOf(
    orderId: number,
    items: readonly QuoteItemRecord[],
    names: Awaited<ReturnType<typeof catalog.pricing>>,
  ) {
    return items.map((row, position) => ({
      order_id: orderId,
      position,
      ...itemLineColumns(row),
      color_name:
        row.color_name ||
        (row.config
          ? (describeColor(
              {
                itemType: row.item_type,
                width: 0,
                height: 0,
                selectedColor: row.selected_color,
                includeInstallation: row.include_installation === 1,
                configuration: row.config,
              },
              names,
            ) ?? "")
          : ""),
      include_installation: row.include_installation,
      quantity: row.quantity,
      unit_price_cents: row.unit_price_cents,
      installation_cents: row.installation_cents,
      line_total_cents: row.line_total_cents,
      room_label: row.room_label,
      configuration: row.configuration,
      pricing: row.pricing,
    }));
  }

  /** Inside the accept's transaction: the order the quote becomes (new, or its order's). */
  async function makeOrder(
    trx: Db,
    quote: QuoteRow,
    items: readonly QuoteItemRecord[],
    totals: QuoteTotals,
    terms: { status: "measured" | "confirmed"; depositCents: number; cancelUntil: string | null },
    label: string,
    names: Awaited<ReturnType<typeof catalog.pricing>>,
  ): Promise<number> {
    const at = now();
    const money = {
      subtotalCents: totals.subtotalCents,
      // One discount column on orders: the multiple-blind discount and the quote's together.
      discountCents: totals.discountCents + totals.extraDiscountCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      taxDetail: totals.taxDetail,
    };
    if (quote.order_id !== null) {
      const order = await lockOrderForUpdate(trx, quote.order_id);
      if (!order) throw new AppError("not_found", "The order of this quote no longer exists.");
      if (!REPLACEABLE.has(order.status)) {
        throw new AppError(
          "conflict",
          `Order #${order.order_number} is already in production; this quote can't replace its items. Call us at ${business.phone}.`,
        );
      }
      await deleteOrderItemsOf(trx, order.id);
      await insertOrderItems(trx, orderItemsOf(order.id, items, names));
      await updateOrderTotals(trx, order.id, money, at);
      await setOrderItemCount(trx, order.id, items.length);
      await setOrderSaleTerms(trx, order.id, {
        depositCents: terms.depositCents,
        cancelUntil: terms.cancelUntil,
        status: "measured",
      });
      if (order.status !== "measured") {
        await insertStatusHistory(trx, {
          orderId: order.id,
          fromStatus: order.status,
          toStatus: "measured",
          note: `Quote ${label} accepted`,
          actor: "customer",
          changedAt: at,
        });
      }
      return order.id;
    }
    const orderId = await insertOrder(trx, {
      reference: newOrderReference(),
      order_number: await nextOrderNumber(trx),
      cart_id: `quote:${quote.id}`,
      status: terms.status,
      first_name: quote.first_name,
      last_name: quote.last_name,
      email: quote.email,
      phone: quote.phone,
      address: quote.address,
      city: quote.city,
      state: "FL",
      zip_code: quote.zip_code,
      special_instructions: null,
      visit_window: null,
      ...orderAmountColumns(money, totals.taxDetail),
      item_count: items.length,
      deposit_cents: terms.depositCents,
      cancel_until: terms.cancelUntil,
      created_at: at,
      updated_at: at,
    });
    await insertOrderItems(trx, orderItemsOf(orderId, items, names));
    await insertStatusHistory(trx, {
      orderId,
      fromStatus: null,
      toStatus: terms.status,
      note: `Quote ${label} accepted`,
      actor: "customer",
      changedAt: at,
    });
    return orderId;
  }

  return {
    /** The customer's page: counts the view (the first one is recorded). */
    async open(token: string, options: { countView: boolean }): Promise<CustomerQuote> {
      let quote = await quoteOf(token);
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
      const view = await viewOf(db, quote);
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
            }
          : null,
      };
    },

    /** The PDF: the signed agreement once accepted, the quote before. */
    async pdf(token: string): Promise<{ label: string; pdf: Buffer }> {
      const quote = await quoteOf(token);
      const view = await viewOf(db, quote);
      const signature = await findSignature(db, quote.id);
      if (signature && quote.accepted_order_id !== null) {
        const chosen = signature.optionalItemIds;
        const order = await acceptedOrder(quote.accepted_order_id);
        const totals = signedTotals(view, business, chosen);
        return {
          label: view.label,
          pdf: await renderQuotePdf({
            view,
            business,
            totals,
            chosenOptionalIds: chosen,
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
    },

    async accept(
      token: string,
      input: QuoteAccept,
      meta: { address: string; userAgent: string },
    ): Promise<{ created: boolean; order: AcceptedOrder }> {
      const first = await quoteOf(token);
      if (first.status === "accepted" && first.accepted_order_id !== null) {
        return { created: false, order: await acceptedOrder(first.accepted_order_id) };
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
          if (view.status === "expired") throw expiredError(view);
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
            throw new AppError(
              "validation_failed",
              `optionalItemIds: item ${unknown} is not an optional item of this quote.`,
            );
          }
          const counted = items.filter((i) => i.optional === 0 || chosen.includes(i.id));
          const totals = signedTotals(view, business, chosen);
          const today = storeToday();
          const cancelUntil =
            settings.cancelBusinessDays > 0
              ? await addBusinessDays(today, settings.cancelBusinessDays)
              : null;
          const status =
            quote.visit_id !== null || quote.order_id !== null ? "measured" : "confirmed";
          const orderId = await makeOrder(
            trx,
            quote,
            counted,
            totals,
            { status, depositCents: totals.depositCents, cancelUntil },
            view.label,
            names,
          );
          const at = now();
          const hash = sha256(shownText(view, chosen, totals));
          await insertSignature(trx, {
            quote_id: quote.id,
            order_id: orderId,
            revision: quote.revision,
            signature_name: input.signatureName,
            signed_at: at,
            ip_address: meta.address,
            user_agent: meta.userAgent.slice(0, 500),
            optional_item_ids: JSON.stringify(chosen),
            shown_sha256: hash,
          });
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
              statusLink: `${config.publicUrl}/orders/${order.reference}`,
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
            return { created: false, order: await acceptedOrder(again.accepted_order_id) };
          }
        }
        throw error;
      }
      if (made.created) {
        logger.info("quote accepted", { quoteNumber: first.quote_number });
        emails.kick();
      }
      return { created: made.created, order: await acceptedOrder(made.orderId) };
    },

    async decline(token: string, reason: string | null): Promise<QuoteView> {
      const first = await quoteOf(token);
      const names = await catalog.pricing();
      const updated = await db.transaction().execute(async (trx) => {
        const quote = await lockQuote(trx, first.id);
        if (!quote) throw new AppError("not_found", "Quote not found.");
        const view = await viewOf(trx, quote, names);
        if (quote.status === "declined") return quote;
        if (view.status === "expired") throw expiredError(view);
        if (!OPEN_QUOTE_STATUSES.includes(quote.status)) {
          throw new AppError(
            "conflict",
            `Quote ${view.label} is ${view.statusLabel.toLowerCase()}; it can't be declined.`,
          );
        }
        const at = now();
        await recordAnswer(
          trx,
          quote.id,
          { status: "declined", decline_reason: reason },
          at,
          reason ? `Declined: ${reason.slice(0, 200)}` : "Declined",
        );
        await enqueueEmail(trx, {
          kind: "quote-declined-store",
          to: config.storeEmail,
          ...renderQuoteStoreNotice(
            business,
            `Quote ${view.label} declined`,
            [
              `${quote.first_name} ${quote.last_name} declined quote ${view.label} (${formatMoney(view.totals.totalCents)}).`,
              reason ? `Reason: ${reason}` : "No reason given.",
            ],
            quoteLink(quote.id, view.label),
          ),
          relatedType: "quote",
          relatedId: quote.id,
        });
        return { ...quote, status: "declined" };
      });
      emails.kick();
      return viewOf(db, { ...updated, status: "declined" });
    },

    async question(token: string, message: string, clientKey: string): Promise<{ sent: true }> {
      const quote = await quoteOf(token);
      const view = await viewOf(db, quote);
      await db.transaction().execute(async (trx) => {
        await deps.limits.quoteQuestions.within(trx).consume(clientKey);
        const messageId = await insertContactMessage(trx, {
          firstName: quote.first_name,
          lastName: quote.last_name,
          email: quote.email,
          phone: quote.phone,
          subject: `Question about quote ${view.label}`,
          message,
          preferredContactMethod: "email",
        });
        await insertQuoteEvent(trx, {
          quoteId: quote.id,
          kind: "question",
          summary: `Question (message #${messageId})`,
          actor: "customer",
        });
        await enqueueEmail(trx, {
          kind: "quote-question-store",
          to: config.storeEmail,
          // Answering the notice answers the customer, as a contact message's does.
          replyTo: quote.email,
          ...renderQuoteStoreNotice(
            business,
            `Question about quote ${view.label}`,
            [
              `${quote.first_name} ${quote.last_name} asked about quote ${view.label}:`,
              message,
              `Reply to ${quote.email} or call ${quote.phone}.`,
            ],
            quoteLink(quote.id, view.label),
          ),
          relatedType: "quote",
          relatedId: quote.id,
        });
      });
      emails.kick();
      return { sent: true };
    },

    /** The buyer's right to cancel: the order is cancelled and any deposit is owed back. */
    async cancel(
      token: string,
    ): Promise<{ orderNumber: number; refundDueCents: number; already: boolean }> {
      const first = await quoteOf(token);
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
    },
  };
}

export type QuoteAnswerService = ReturnType<typeof createQuoteAnswerService>;
