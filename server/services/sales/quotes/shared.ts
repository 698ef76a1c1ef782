import { randomBytes } from "node:crypto";
import type { Language } from "../../../../domain/i18n/language";
import { seesOnlyOwnVisits } from "../../../../domain/people/permissions";
import {
  calculateQuoteTotals,
  type QuoteChoice,
  type QuoteStatus,
  quoteLabel,
} from "../../../../domain/sales/quote";
import type { QuoteCustomer, QuoteItemInput } from "../../../../domain/sales/quote-schema";
import { addDays, storeToday } from "../../../../domain/scheduling/visit-time";
import { isServiceZip } from "../../../../domain/shared/business";
import { describeColor } from "../../../../domain/storefront/cart-item-description";
import type { CartItemInput } from "../../../../domain/storefront/cart-schema";
import type { PricingContext } from "../../../../domain/storefront/pricing";
import { priceItem } from "../../../../domain/storefront/pricing";
import type { CustomerContact } from "../../../db/customer-contact";
import type { Db } from "../../../db/database";
import { findOrderById } from "../../../db/repositories/orders/orders";
import {
  findSalesSettings,
  type SalesSettings,
} from "../../../db/repositories/people/back-office-settings";
import { findEstimateRequestById } from "../../../db/repositories/requests/estimate-requests";
import {
  findQuoteById,
  listQuoteItems,
  type NewQuoteItem,
  type NewQuoteLine,
} from "../../../db/repositories/sales/quotes";
import {
  findVisitById,
  staffHasVisitOnEstimate,
  staffHasVisitOnOrder,
  type VisitListRow,
} from "../../../db/repositories/scheduling/visits";
import { parseItemConfiguration } from "../../../db/repositories/stored-item";
import type { QuoteRow } from "../../../db/types";
import { AppError, fieldError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import type { FieldWorker } from "../../people/field-access";
import { buildItem } from "../../storefront/cart";
import { buildQuoteView, type QuoteView } from "../quote-view";

/** 144 random bits, URL-safe: /quotes/TOKEN. */
export function newQuoteToken(): string {
  return randomBytes(18).toString("base64url");
}

export const TOKEN = /^[A-Za-z0-9_-]{24}$/;

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
  signature: {
    name: string;
    signedAt: string;
    sha256: string;
    orderId: number;
    choices: QuoteChoice[];
  } | null;
  link: string;
}

/**
 * Items priced by today's catalog, with the rates that priced them; each alternative priced by
 * the same pricing module as its item (decision 570).
 */
export function priceQuoteItems(
  ctx: PricingContext,
  items: readonly QuoteItemInput[],
): NewQuoteLine[] {
  return items.map((input) => {
    const measured = input.measured ? JSON.stringify(input.measured) : null;
    return {
      ...priceQuoteItem(ctx, input, input.optional),
      measured,
      // The same window: its alternatives are made to the same measurements.
      alternatives: (input.alternatives ?? []).map((a) => ({
        ...priceQuoteItem(ctx, a, false),
        measured,
      })),
    };
  });
}

function priceQuoteItem(
  ctx: PricingContext,
  input: CartItemInput,
  optional: boolean,
): NewQuoteItem {
  const item = buildItem(ctx, input);
  const config = parseItemConfiguration(item);
  const price = config && priceItem(ctx, { productId: item.product_id, configuration: config });
  if (!price) throw new AppError("validation_failed", `${item.name} cannot be priced.`);
  return {
    optional: optional ? 1 : 0,
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
}

export function visitContact(v: VisitListRow): CustomerContact & { language: Language } {
  return {
    language: v.language,
    firstName: v.customer_first_name,
    lastName: v.customer_last_name,
    email: v.customer_email,
    phone: v.customer_phone,
    address: v.customer_address,
    city: v.customer_city,
    zipCode: v.customer_zip_code,
  };
}

/** A new quote's language when the builder gives none: its visit's, else its order's, else English. */
export async function linkedLanguage(
  db: Db,
  links: { visitId: number | null; orderId: number | null },
): Promise<Language> {
  const visit = links.visitId === null ? null : await findVisitById(db, links.visitId);
  if (visit) return visit.language;
  const order = links.orderId === null ? undefined : await findOrderById(db, links.orderId);
  return order?.language ?? "en";
}

export function link(deps: ServiceDeps, token: string): string {
  const { config } = deps;

  return `${config.publicUrl}/quotes/${token}`;
}

export async function view(
  deps: ServiceDeps,
  trx: Db,
  quote: QuoteRow,
  settings?: SalesSettings,
): Promise<QuoteView> {
  const { catalog, config } = deps;
  const business = config.business;

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
export async function assertMayBuild(
  deps: ServiceDeps,
  worker: FieldWorker,
  links: { estimateId: number | null; visitId: number | null; orderId: number | null },
): Promise<number | null> {
  const { db } = deps;

  let orderId = links.orderId;
  let ownVisit = false;
  if (links.visitId !== null) {
    const visit = await findVisitById(db, links.visitId);
    if (!visit) throw new AppError("not_found", "Visit not found.");
    if (orderId !== null && visit.order_id !== null && orderId !== visit.order_id) {
      throw fieldError("validation_failed", "visitId", "that visit belongs to another order.");
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
export async function reachable(
  deps: ServiceDeps,
  worker: FieldWorker,
  id: number,
  trx: Db = deps.db,
): Promise<QuoteRow> {
  const quote = await findQuoteById(trx, id);
  if (!quote) throw new AppError("not_found", "Quote not found.");
  if (seesOnlyOwnVisits(worker.role) && quote.staff_id !== worker.staffId) {
    const onOrder =
      quote.order_id !== null && (await staffHasVisitOnOrder(trx, worker.staffId, quote.order_id));
    if (!onOrder) throw new AppError("not_found", "Quote not found.");
  }
  return quote;
}

export function checkTerms(
  deps: ServiceDeps,
  settings: SalesSettings,
  input: { discountPercent?: number; customer?: QuoteCustomer },
) {
  const { config } = deps;
  const business = config.business;

  if (input.discountPercent !== undefined && input.discountPercent > settings.maxDiscountPercent) {
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

export function validUntilOf(
  input: { validDays?: number; validUntil?: string },
  settings: SalesSettings,
) {
  if (input.validUntil) return input.validUntil;
  return addDays(storeToday(), input.validDays ?? settings.quoteValidDays);
}

export function totalOf(
  deps: ServiceDeps,
  items: readonly NewQuoteItem[],
  discountBasisPoints: number,
  depositPercent: number,
): number {
  const { config } = deps;
  const business = config.business;

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

export async function audit(
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
