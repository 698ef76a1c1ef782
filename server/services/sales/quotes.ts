/**
 * Quotes, the office's side:
 * build a quote from an estimate request, an order's measurement visit or from scratch, priced
 * by the one pricing context at today's rates and keeping those rates; change it while it is
 * open (every change bumps its revision); send it with its PDF through the email outbox; list
 * it by status. Installers reach only the quotes of orders they have a visit on, and their own.
 */
import { randomBytes } from "node:crypto";
import { seesOnlyOwnVisits } from "../../../domain/people/permissions";
import {
  calculateQuoteTotals,
  EDITABLE_QUOTE_STATUSES,
  QUOTE_STATUS_LABELS,
  type QuoteStatus,
  quoteLabel,
} from "../../../domain/sales/quote";
import type {
  QuoteCreate,
  QuoteCustomer,
  QuoteItemInput,
  QuoteUpdate,
} from "../../../domain/sales/quote-schema";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { isServiceZip } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import { describeColor } from "../../../domain/storefront/cart-item-description";
import type { PricingContext } from "../../../domain/storefront/pricing";
import { priceItem } from "../../../domain/storefront/pricing";
import { type CustomerContact, contactColumns, contactFromRow } from "../../db/customer-contact";
import { type Db, now } from "../../db/database";
import { findOrderById } from "../../db/repositories/orders/orders";
import {
  findSalesSettings,
  type SalesSettings,
} from "../../db/repositories/people/back-office-settings";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { findEstimateRequestById } from "../../db/repositories/requests/estimate-requests";
import {
  findQuoteById,
  findSignature,
  insertQuote,
  insertQuoteEvent,
  listQuoteEvents,
  listQuoteItems,
  listQuoteReminders,
  listQuotes,
  lockQuote,
  type NewQuoteItem,
  nextQuoteNumber,
  quoteFigures,
  replaceQuoteItems,
  updateQuote,
} from "../../db/repositories/sales/quotes";
import {
  findVisitById,
  staffHasVisitOnEstimate,
  staffHasVisitOnOrder,
  type VisitListRow,
} from "../../db/repositories/scheduling/visits";
import { parseItemConfiguration } from "../../db/repositories/stored-item";
import type { QuoteRow } from "../../db/types";
import { renderQuoteSentEmail } from "../../email/quote-emails";
import { AppError, fieldError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit, storeDayStart } from "../people/audit";
import type { FieldWorker } from "../people/field-access";
import { buildItem } from "../storefront/cart";
import { renderQuotePdf } from "./quote-pdf";
import { buildQuoteView, type QuoteView, quoteEmailFacts } from "./quote-view";

/** 144 random bits, URL-safe: /quotes/TOKEN. */
export function newQuoteToken(): string {
  return randomBytes(18).toString("base64url");
}

const TOKEN = /^[A-Za-z0-9_-]{24}$/;
export function isQuoteToken(value: string): boolean {
  return TOKEN.test(value);
}

export interface QuoteListEntry {
  id: number;
  quoteNumber: number;
  label: string;
  status: QuoteStatus;
  statusLabel: string;
  customerName: string;
  city: string;
  totalCents: number;
  validUntil: string;
  sentAt: string | null;
  updatedAt: string;
  estimateId: number | null;
  orderId: number | null;
  acceptedOrderId: number | null;
}

export interface QuoteDetail extends QuoteView {
  events: { kind: string; summary: string; actor: string; at: string }[];
  reminders: string[];
  signature: { name: string; signedAt: string; sha256: string; orderId: number } | null;
  link: string;
}

/** Items priced by today's catalog, with the rates that priced them. */
export function priceQuoteItems(
  ctx: PricingContext,
  items: readonly QuoteItemInput[],
): NewQuoteItem[] {
  return items.map((input) => {
    const item = buildItem(ctx, input);
    const config = parseItemConfiguration(item);
    const price = config && priceItem(ctx, { productId: item.product_id, configuration: config });
    if (!price) throw new AppError("validation_failed", `${item.name} cannot be priced.`);
    return {
      optional: input.optional ? 1 : 0,
      kind: item.kind,
      product_id: item.product_id,
      service_id: item.service_id,
      item_type: item.item_type,
      name: item.name,
      width_eighths: item.width_eighths,
      height_eighths: item.height_eighths,
      selected_color: item.selected_color,
      color_name:
        describeColor(
          {
            itemType: item.item_type,
            width: 0,
            height: 0,
            selectedColor: item.selected_color,
            includeInstallation: item.include_installation === 1,
            configuration: config,
          },
          ctx,
        ) ?? "",
      include_installation: item.include_installation,
      quantity: item.quantity,
      unit_price_cents: price.unitCents,
      installation_cents: price.installationCents,
      line_total_cents: price.unitCents * item.quantity,
      room_label: item.room_label,
      configuration: item.configuration,
      pricing: JSON.stringify(price.rates),
    };
  });
}

function visitContact(v: VisitListRow): CustomerContact {
  return {
    firstName: v.customer_first_name,
    lastName: v.customer_last_name,
    email: v.customer_email,
    phone: v.customer_phone,
    address: v.customer_address,
    city: v.customer_city,
    zipCode: v.customer_zip_code,
  };
}

export function createQuoteService(deps: ServiceDeps) {
  const { db, catalog, config, logger, emails } = deps;
  const business = config.business;

  function link(token: string): string {
    return `${config.publicUrl}/quotes/${token}`;
  }

  async function view(trx: Db, quote: QuoteRow, settings?: SalesSettings): Promise<QuoteView> {
    const [items, names, s] = await Promise.all([
      listQuoteItems(trx, quote.id),
      catalog.pricing(),
      settings ?? findSalesSettings(trx),
    ]);
    return buildQuoteView({
      quote,
      items,
      names,
      business,
      cancelBusinessDays: s.cancelBusinessDays,
      today: storeToday(),
    });
  }

  /**
   * An installer builds only for orders (or visits' orders) he has a visit on, and for estimate
   * requests whose measurement visit is booked with him.
   */
  async function assertMayBuild(
    worker: FieldWorker,
    links: { estimateId: number | null; visitId: number | null; orderId: number | null },
  ): Promise<number | null> {
    let orderId = links.orderId;
    let ownVisit = false;
    if (links.visitId !== null) {
      const visit = await findVisitById(db, links.visitId);
      if (!visit) throw new AppError("not_found", "Visit not found.");
      if (orderId !== null && visit.order_id !== null && orderId !== visit.order_id) {
        throw new AppError("validation_failed", "visitId: that visit belongs to another order.");
      }
      orderId = visit.order_id ?? orderId;
      // A measurement visit booked online is his when it is assigned to him.
      ownVisit = visit.staff_id === worker.staffId && visit.status !== "cancelled";
    }
    if (orderId !== null && !(await findOrderById(db, orderId))) {
      throw new AppError("not_found", "Order not found.");
    }
    if (links.estimateId !== null && !(await findEstimateRequestById(db, links.estimateId))) {
      throw new AppError("not_found", "Estimate request not found.");
    }
    if (seesOnlyOwnVisits(worker.role)) {
      const onOrder = orderId !== null && (await staffHasVisitOnOrder(db, worker.staffId, orderId));
      // The measurement visit booked for an estimate request is his too (a booking).
      const onEstimate =
        links.estimateId !== null &&
        (await staffHasVisitOnEstimate(db, worker.staffId, links.estimateId));
      if (!onOrder && !onEstimate && !ownVisit) {
        throw new AppError(
          "forbidden",
          "An installer can build quotes only for orders and estimate requests he has a visit on.",
        );
      }
    }
    return orderId;
  }

  /** 404 for a quote out of an installer's reach, like one that does not exist. */
  async function reachable(worker: FieldWorker, id: number, trx: Db = db): Promise<QuoteRow> {
    const quote = await findQuoteById(trx, id);
    if (!quote) throw new AppError("not_found", "Quote not found.");
    if (seesOnlyOwnVisits(worker.role) && quote.staff_id !== worker.staffId) {
      const onOrder =
        quote.order_id !== null &&
        (await staffHasVisitOnOrder(trx, worker.staffId, quote.order_id));
      if (!onOrder) throw new AppError("not_found", "Quote not found.");
    }
    return quote;
  }

  function checkTerms(
    settings: SalesSettings,
    input: { discountPercent?: number; customer?: QuoteCustomer },
  ) {
    if (
      input.discountPercent !== undefined &&
      input.discountPercent > settings.maxDiscountPercent
    ) {
      throw fieldError(
        "validation_failed",
        "discountPercent",
        `the discount can be at most ${settings.maxDiscountPercent} % (the owner's setting).`,
      );
    }
    if (input.customer && !isServiceZip(business, input.customer.zipCode)) {
      const message = `ZIP code ${input.customer.zipCode} is outside our service area (${business.county}).`;
      throw new AppError("outside_service_area", message, {
        fields: { "customer.zipCode": message },
      });
    }
  }

  function validUntilOf(
    input: { validDays?: number; validUntil?: string },
    settings: SalesSettings,
  ) {
    if (input.validUntil) return input.validUntil;
    return addDays(storeToday(), input.validDays ?? settings.quoteValidDays);
  }

  function totalOf(
    items: readonly NewQuoteItem[],
    discountBasisPoints: number,
    depositPercent: number,
  ): number {
    // The list's value: the required items with the quote's discounts, before any optional one.
    return calculateQuoteTotals(
      items.map((i, n) => ({
        id: n,
        unitPriceCents: Number(i.unit_price_cents),
        quantity: Number(i.quantity),
        optional: Number(i.optional) === 1,
      })),
      { discountPercent: discountBasisPoints / 100, depositPercent },
      business,
    ).totalCents;
  }

  async function audit(
    trx: Db,
    actor: Actor,
    quote: { quote_number: number },
    summary: string,
    details: { before?: unknown; after?: unknown } = {},
  ) {
    await recordAudit(
      trx,
      actor,
      "quote",
      `Quote ${quoteLabel(quote.quote_number)}: ${summary}`,
      details,
    );
  }

  return {
    link,

    async create(input: QuoteCreate, actor: Actor, worker: FieldWorker): Promise<QuoteView> {
      const orderId = await assertMayBuild(worker, input);
      const settings = await findSalesSettings(db);
      checkTerms(settings, input);
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
          discount_basis_points: discountBasisPoints,
          deposit_percent: depositPercent,
          valid_until: validUntil,
          note: input.note,
          estimate_id: input.estimateId,
          visit_id: input.visitId,
          order_id: orderId,
          staff_id: actor.staffId,
          total_cents: totalOf(items, discountBasisPoints, depositPercent),
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
      return view(db, quote, settings);
    },

    async update(
      id: number,
      input: QuoteUpdate,
      actor: Actor,
      worker: FieldWorker,
    ): Promise<QuoteView> {
      await reachable(worker, id);
      const settings = await findSalesSettings(db);
      checkTerms(settings, input);
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
          discount_basis_points: discountBasisPoints,
          deposit_percent: depositPercent,
          valid_until: validUntil,
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(validUntil < storeToday() ? { status: "expired" } : {}),
          total_cents: totalOf(current, discountBasisPoints, depositPercent),
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
      return view(db, quote, settings);
    },

    async list(status: QuoteStatus | "all", worker: FieldWorker): Promise<QuoteListEntry[]> {
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
    },

    async get(id: number, worker: FieldWorker): Promise<QuoteDetail> {
      const quote = await reachable(worker, id);
      const [v, events, reminders, signature] = await Promise.all([
        view(db, quote),
        listQuoteEvents(db, id),
        listQuoteReminders(db, id),
        findSignature(db, id),
      ]);
      return {
        ...v,
        events: events.map((e) => ({
          kind: e.kind,
          summary: e.summary,
          actor: e.actor,
          at: e.created_at,
        })),
        reminders,
        signature: signature
          ? {
              name: signature.signature_name,
              signedAt: signature.signed_at,
              sha256: signature.shown_sha256,
              orderId: signature.order_id,
            }
          : null,
        link: link(quote.token),
      };
    },

    /** The quote's PDF as sent (no optional item counted). */
    async pdf(id: number, worker: FieldWorker): Promise<{ label: string; pdf: Buffer }> {
      const quote = await reachable(worker, id);
      const v = await view(db, quote);
      return { label: v.label, pdf: await renderQuotePdf({ view: v, business, totals: v.totals }) };
    },

    /** Emails the customer the link and the PDF; a sent quote can be sent again. */
    async send(id: number, actor: Actor, worker: FieldWorker): Promise<QuoteView> {
      const quote = await reachable(worker, id);
      const settings = await findSalesSettings(db);
      const before = await view(db, quote, settings);
      if (!EDITABLE_QUOTE_STATUSES.includes(before.status)) {
        throw new AppError(
          "conflict",
          before.status === "expired"
            ? `Quote ${before.label} expired on ${before.validUntil}: change its valid-until date before sending it.`
            : `Quote ${before.label} is ${before.statusLabel.toLowerCase()}: it can't be sent again.`,
        );
      }
      // Rendered before the transaction, which holds SQLite's only connection.
      const pdf = await renderQuotePdf({ view: before, business, totals: before.totals });
      const updated = await db.transaction().execute(async (trx) => {
        const q = await lockQuote(trx, id);
        if (!q || q.revision !== before.revision || q.status !== quote.status) {
          throw new AppError(
            "conflict",
            "The quote changed meanwhile. Reload it and send it again.",
          );
        }
        const at = now();
        await updateQuote(trx, id, {
          status: q.status === "draft" ? "sent" : q.status,
          sent_at: at,
          updated_at: at,
        });
        const email = renderQuoteSentEmail(
          business,
          quoteEmailFacts(config.publicUrl, q, before.totals.totalCents),
        );
        await enqueueEmail(trx, {
          kind: "quote-sent",
          to: q.email,
          ...email,
          relatedType: "quote",
          relatedId: id,
          attachments: [
            {
              filename: `quote-${before.label}.pdf`,
              contentType: "application/pdf",
              content: pdf.toString("base64"),
            },
          ],
        });
        await insertQuoteEvent(trx, {
          quoteId: id,
          kind: "sent",
          summary: `Sent to the customer (${formatMoney(before.totals.totalCents)})`,
          actor: actor.label,
        });
        await audit(trx, actor, q, q.sent_at ? "sent again" : "sent", {
          after: { revision: q.revision, total: before.totals.totalCents / 100 },
        });
        const row = await findQuoteById(trx, id);
        if (!row) throw new Error("quote vanished inside its own transaction");
        return row;
      });
      emails.kick();
      logger.info("quote sent", { quoteNumber: updated.quote_number });
      return view(db, updated, settings);
    },

    /** The dashboard's figures for the month that holds `today` (store time). */
    async summary(today: string = storeToday()) {
      const monthStart = storeDayStart(`${today.slice(0, 7)}-01`);
      const f = await quoteFigures(db, monthStart);
      return {
        sentThisMonth: f.sent,
        acceptedThisMonth: f.accepted,
        closeRate: f.answered === 0 ? null : Math.round((f.accepted / f.answered) * 100),
        waitingCount: f.waitingCount,
        waitingCents: f.waitingCents,
      };
    },

    /**
     * The customer of a new quote started from an estimate request, a visit or an order (the
     * builder's first fields); null from scratch, where the builder starts empty.
     */
    async prefill(
      links: {
        estimateId: number | null;
        visitId: number | null;
        orderId: number | null;
      },
      worker: FieldWorker,
    ): Promise<CustomerContact | null> {
      // An installer sees only the customers of his own visits, as when he saves the quote.
      if (
        seesOnlyOwnVisits(worker.role) &&
        (links.estimateId !== null || links.visitId !== null || links.orderId !== null)
      ) {
        await assertMayBuild(worker, links);
      }
      if (links.estimateId !== null) {
        const e = await findEstimateRequestById(db, links.estimateId);
        if (!e) throw new AppError("not_found", "Estimate request not found.");
        return contactFromRow(e);
      }
      let orderId = links.orderId;
      if (links.visitId !== null) {
        const visit = await findVisitById(db, links.visitId);
        if (!visit) throw new AppError("not_found", "Visit not found.");
        // A visit booked before any order holds the contact typed at booking.
        if (visit.order_id === null) return visitContact(visit);
        orderId = visit.order_id;
      }
      if (orderId !== null) {
        const o = await findOrderById(db, orderId);
        if (!o) throw new AppError("not_found", "Order not found.");
        return contactFromRow(o);
      }
      return null;
    },

    /** Quotes started from one estimate request (what became of it). */
    async forEstimate(estimateId: number) {
      const rows = await listQuotes(db, { estimateId });
      return rows.map((q) => ({
        id: q.id,
        label: quoteLabel(q.quote_number),
        status: q.status,
        statusLabel: QUOTE_STATUS_LABELS[q.status],
        totalCents: q.total_cents,
        acceptedOrderId: q.accepted_order_id,
      }));
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
