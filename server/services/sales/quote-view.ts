/**
 * What the customer is shown of a quote (page, PDF, emails) and what the signature's SHA-256 is
 * taken of: one view built from the stored rows, so the three never disagree.
 */
import { createHash } from "node:crypto";
import {
  exemptionHolds,
  exemptionLine,
  exemptionOfRow,
  type TaxExemption,
} from "../../../domain/books/tax-exemption";
import documentsEn from "../../../domain/i18n/compiled/en/documents.js";
import documentsEs from "../../../domain/i18n/compiled/es/documents.js";
import type { Language } from "../../../domain/i18n/language";
import { type MeasuredSize, measuredSizeSchema } from "../../../domain/sales/measured-size";
import {
  calculateQuoteTotals,
  isQuoteExpired,
  QUOTE_STATUS_LABELS,
  type QuoteChoice,
  type QuoteStatus,
  type QuoteTerms,
  type QuoteTotals,
  quoteLabel,
  quoteLinesOf,
} from "../../../domain/sales/quote";
import type { BusinessFacts } from "../../../domain/shared/business";
import { fromEighths } from "../../../domain/shared/dimensions";
import { formatMoney } from "../../../domain/shared/money";
import type { CatalogNames } from "../../../domain/storefront/cart-item-description";
import { describeItem } from "../../../domain/storefront/cart-item-description";
import { type ItemPicture, itemPicture } from "../../../domain/storefront/item-picture";
import { type CustomerContact, contactFromRow } from "../../db/customer-contact";
import type { QuoteItemRecord } from "../../db/repositories/sales/quotes";
import { parseStoredJson } from "../../db/stored-json";
import type { QuoteRow } from "../../db/types";
import type { QuoteEmailFacts } from "../../email/quote-emails";
import { customerUrl } from "../../email/words";
import { configurationObject, describableItem } from "../storefront/cart";

export interface QuoteItemView {
  id: number;
  position: number;
  name: string;
  details: string[];
  picture: ItemPicture;
  roomLabel: string | null;
  width: number;
  height: number;
  quantity: number;
  unitCents: number;
  lineCents: number;
  optional: boolean;
  /** For the builder's edit: the configurators' fields as stored. */
  productId: number | null;
  itemType: string;
  selectedColor: string;
  includeInstallation: boolean;
  configuration: Record<string, unknown>;
  /** The window's measurements the size came from (decision 573), or null. */
  measured: MeasuredSize | null;
  /** 1 for an item offering alternatives, 2, 3… for an alternative; null otherwise. */
  tier: number | null;
  /** The other tiers offered for this window (decision 570); none on an alternative. */
  alternatives: QuoteItemView[];
}

export interface QuoteView {
  id: number;
  quoteNumber: number;
  label: string;
  token: string;
  status: QuoteStatus;
  statusLabel: string;
  revision: number;
  validUntil: string;
  customer: CustomerContact;
  /** The language of the sale: the customer's page, emails and PDF are written in it. */
  language: Language;
  note: string | null;
  discountPercent: number;
  depositPercent: number;
  items: QuoteItemView[];
  /** The certificate on file (type, number, expiry), or null: taxed. */
  taxExemption: TaxExemption | null;
  /** Exempt today: the certificate holds, so the totals carry no tax. */
  taxExempt: boolean;
  /** What the quote, its PDF and the receipt print of the certificate, or null. */
  exemptionText: string | null;
  /** The required items only; optional ones add to it when ticked. */
  totals: QuoteTotals;
  cancelBusinessDays: number;
  terms: string[];
  /** The notice of the buyer's right to cancel; null when the owner turned it off (0 days). */
  cancelNotice: string | null;
  estimateId: number | null;
  visitId: number | null;
  orderId: number | null;
  acceptedOrderId: number | null;
  staffId: number | null;
  sentAt: string | null;
  viewedAt: string | null;
  viewCount: number;
  declineReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The quote's and the agreement's own words, in the language of the sale. */
export function documentWords(language: Language) {
  return language === "es" ? documentsEs : documentsEn;
}

export function quoteTerms(
  business: BusinessFacts,
  depositPercent: number,
  language: Language = "en",
): string[] {
  const t = documentWords(language);
  return [
    t["terms.made"](),
    depositPercent > 0 ? t["terms.deposit"]({ percent: depositPercent }) : t["terms.noDeposit"](),
    t["terms.ready"]({
      days: business.delivery.customDays,
      hours: business.installationHours,
    }),
    t["terms.questions"]({ phone: business.phone }),
  ];
}

/** The buyer's right to cancel, in the language of the sale (the notice of cancellation). */
export function cancelNotice(
  business: BusinessFacts,
  days: number,
  language: Language = "en",
): string | null {
  if (days <= 0) return null;
  return documentWords(language)["cancel.notice"]({
    ordinal: ordinal(days, language),
    phone: business.phone,
  });
}

const ORDINALS: Readonly<Record<Language, readonly string[]>> = {
  en: ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh"],
  es: ["cero", "primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo"],
};

function ordinal(n: number, language: Language): string {
  return ORDINALS[language][n] ?? (language === "es" ? `${n}.º` : `${n}th`);
}

export function quoteItemView(row: QuoteItemRecord, names: CatalogNames): QuoteItemView {
  const item = describableItem(row);
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    details: describeItem(item, names),
    picture: itemPicture(item, names),
    roomLabel: row.room_label,
    width: fromEighths(row.width_eighths),
    height: fromEighths(row.height_eighths),
    quantity: row.quantity,
    unitCents: row.unit_price_cents,
    lineCents: row.line_total_cents,
    optional: row.optional === 1,
    productId: row.product_id,
    itemType: row.item_type,
    selectedColor: row.selected_color,
    includeInstallation: row.include_installation === 1,
    configuration: configurationObject(row.config),
    measured: parseStoredJson(measuredSizeSchema, row.measured) ?? null,
    tier: row.tier,
    alternatives: row.alternatives.map((a) => quoteItemView(a, names)),
  };
}

export function buildQuoteView(input: {
  quote: QuoteRow;
  items: readonly QuoteItemRecord[];
  names: CatalogNames;
  business: BusinessFacts;
  cancelBusinessDays: number;
  today: string;
}): QuoteView {
  const { quote: q, business } = input;
  const items = input.items.map((i) => quoteItemView(i, input.names));
  const status = q.status;
  // A quote past its date is expired even before the job marks it so.
  const shownStatus: QuoteStatus =
    (status === "sent" || status === "viewed" || status === "draft") &&
    isQuoteExpired(q.valid_until, input.today)
      ? "expired"
      : status;
  const discountPercent = q.discount_basis_points / 100;
  const taxExemption = exemptionOfRow(q);
  const taxExempt = exemptionHolds(taxExemption, input.today);
  const terms = { discountPercent, depositPercent: q.deposit_percent, taxExempt };
  return {
    id: q.id,
    quoteNumber: q.quote_number,
    label: quoteLabel(q.quote_number),
    token: q.token,
    status: shownStatus,
    statusLabel: QUOTE_STATUS_LABELS[shownStatus],
    revision: q.revision,
    validUntil: q.valid_until,
    customer: contactFromRow(q),
    language: q.language,
    note: q.note,
    discountPercent,
    depositPercent: q.deposit_percent,
    items,
    taxExemption,
    taxExempt,
    exemptionText: exemptionTextOf(taxExemption, taxExempt),
    totals: totalsOf(items, terms, business, []),
    cancelBusinessDays: input.cancelBusinessDays,
    terms: quoteTerms(business, q.deposit_percent, q.language),
    cancelNotice: cancelNotice(business, input.cancelBusinessDays, q.language),
    estimateId: q.estimate_id,
    visitId: q.visit_id,
    orderId: q.order_id,
    acceptedOrderId: q.accepted_order_id,
    staffId: q.staff_id,
    sentAt: q.sent_at,
    viewedAt: q.viewed_at,
    viewCount: q.view_count,
    declineReason: q.decline_reason,
    createdAt: q.created_at,
    updatedAt: q.updated_at,
  };
}

/** The quote's totals with the optional items and the alternatives the customer chose. */
export function signedTotals(
  view: Pick<QuoteView, "items" | "discountPercent" | "depositPercent" | "taxExempt">,
  business: BusinessFacts,
  chosenOptionalIds: readonly number[],
  choices: readonly QuoteChoice[] = [],
): QuoteTotals {
  return totalsOf(view.items, view, business, chosenOptionalIds, choices);
}

/** The certificate line, or why a lapsed certificate no longer exempts the quote. */
function exemptionTextOf(exemption: TaxExemption | null, holds: boolean): string | null {
  if (!exemption) return null;
  return holds
    ? exemptionLine(exemption)
    : `The tax-exempt certificate ${exemption.certificateNumber} expired on ${exemption.expires}: this quote is taxed.`;
}

export function totalsOf(
  items: readonly QuoteItemView[],
  terms: QuoteTerms,
  business: BusinessFacts,
  chosenOptionalIds: readonly number[],
  choices: readonly QuoteChoice[] = [],
): QuoteTotals {
  return calculateQuoteTotals(quoteLinesOf(items), terms, business, chosenOptionalIds, choices);
}

/** The item each window ends up as: its chosen alternative, or itself. */
export function chosenItem(item: QuoteItemView, choices: readonly QuoteChoice[]): QuoteItemView {
  const choice = choices.find((c) => c.itemId === item.id);
  return item.alternatives.find((a) => a.id === choice?.alternativeId) ?? item;
}

/**
 * What the customer saw and signed, as one canonical text: the items (with the optional ones
 * ticked), the totals, the deposit, the dates, the terms and the notice. Its SHA-256 goes into
 * the signature record; the signed PDF is drawn from the same view.
 */
export function shownText(
  view: QuoteView,
  chosenOptionalIds: readonly number[],
  totals: QuoteTotals,
  choices: readonly QuoteChoice[] = [],
): string {
  const chosen = new Set(chosenOptionalIds);
  const line = (i: QuoteItemView) => ({
    id: i.id,
    name: i.name,
    roomLabel: i.roomLabel,
    details: i.details,
    quantity: i.quantity,
    unit: formatMoney(i.unitCents),
    line: formatMoney(i.lineCents),
  });
  return JSON.stringify({
    quote: view.label,
    revision: view.revision,
    customer: view.customer,
    items: view.items.map((i) => ({
      ...line(i),
      optional: i.optional,
      included: !i.optional || chosen.has(i.id),
      // Only a window offering tiers says which one was signed for (older hashes unchanged).
      ...(i.alternatives.length > 0
        ? { alternatives: i.alternatives.map(line), chosen: chosenItem(i, choices).id }
        : {}),
    })),
    totals: {
      subtotal: totals.subtotalCents,
      multipleBlindDiscount: totals.discountCents,
      extraDiscount: totals.extraDiscountCents,
      shipping: totals.shippingCents,
      tax: totals.taxCents,
      total: totals.totalCents,
      deposit: totals.depositCents,
    },
    validUntil: view.validUntil,
    terms: view.terms,
    cancelNotice: view.cancelNotice,
    // Only an exempt quote names its certificate (older hashes unchanged).
    ...(view.taxExempt ? { taxExemption: view.exemptionText } : {}),
  });
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** What every email about a quote says of it: label, first name, link, a total, valid until. */
export function quoteEmailFacts(
  publicUrl: string,
  q: Pick<QuoteRow, "quote_number" | "first_name" | "token" | "valid_until" | "language">,
  totalCents: number,
): QuoteEmailFacts {
  return {
    language: q.language,
    label: quoteLabel(q.quote_number),
    firstName: q.first_name,
    link: customerUrl(publicUrl, q.language, `/quotes/${q.token}`),
    totalCents,
    validUntil: q.valid_until,
  };
}
