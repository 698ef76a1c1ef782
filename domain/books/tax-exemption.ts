/**
 * Tax-exempt sales (DECISIONS "Profit per job", tax-exempt customers): churches, schools,
 * governments and resellers buy without Florida sales tax on a certificate (the DR-14 consumer's
 * certificate of exemption, or the annual resale certificate). A quote or an order carries the
 * type, the certificate number and its expiry; its tax is 0. No zod here: pages that show an
 * exemption (and domain/sales/quote.ts) load none; the inputs are in tax-exemption-schema.ts.
 */
import type { CartTotals } from "../storefront/cart-totals";

export const TAX_EXEMPTION_TYPES = ["resale", "nonprofit", "government"] as const;
export type TaxExemptionType = (typeof TAX_EXEMPTION_TYPES)[number];
export const TAX_EXEMPTION_LABELS: Record<TaxExemptionType, string> = {
  resale: "Resale (annual resale certificate)",
  nonprofit: "Nonprofit (consumer's certificate of exemption, DR-14)",
  government: "Government (consumer's certificate of exemption, DR-14)",
};

export interface TaxExemption {
  type: TaxExemptionType;
  certificateNumber: string;
  /** YYYY-MM-DD: the last day the certificate holds. */
  expires: string;
}

/** Null when the certificate holds on `today`; else the refusal, naming the date. */
export function expiredExemptionMessage(exemption: TaxExemption, today: string): string | null {
  return exemption.expires < today
    ? `taxExemption.expires: the certificate expired on ${exemption.expires}; ask the customer for a current one.`
    : null;
}

/**
 * Whether the exemption holds on `today` (the last day it holds is `expires`). A quote priced
 * exempt is taxed again once its certificate lapses, so what the customer signs is lawful.
 */
export function exemptionHolds(exemption: TaxExemption | null, today: string): boolean {
  return exemption !== null && exemption.expires >= today;
}

/** How the receipt and the quote print it. */
export function exemptionLine(exemption: TaxExemption): string {
  return `Tax-exempt: ${TAX_EXEMPTION_LABELS[exemption.type]}, certificate ${exemption.certificateNumber}, valid through ${exemption.expires}`;
}

/** The exemption kept in a row's three columns, or null. */
export function exemptionOfRow(row: {
  tax_exempt_type: string | null;
  tax_exempt_certificate: string | null;
  tax_exempt_expires: string | null;
}): TaxExemption | null {
  const type = TAX_EXEMPTION_TYPES.find((t) => t === row.tax_exempt_type);
  if (!type || !row.tax_exempt_certificate || !row.tax_exempt_expires) return null;
  return { type, certificateNumber: row.tax_exempt_certificate, expires: row.tax_exempt_expires };
}

/** The statuses before production: an exemption may still be set or removed. */
export const EXEMPTION_OPEN_STATUSES = ["pending", "confirmed", "measured"] as const;

/** The certificate line of a row that may be exempt, or null when it is taxed. */
export function exemptionText(row: Parameters<typeof exemptionOfRow>[0]): string | null {
  const exemption = exemptionOfRow(row);
  return exemption ? exemptionLine(exemption) : null;
}

/**
 * The totals of an exempt sale: no tax, surtax or surtaxable amount, and the total without
 * them. The rates stay in `taxDetail`, so an order made from it is taxed at them again if its
 * exemption is removed.
 */
export function untaxedTotals<T extends CartTotals>(totals: T): T {
  return {
    ...totals,
    taxCents: 0,
    taxDetail: { ...totals.taxDetail, taxCents: 0, surtaxCents: 0, surtaxableCents: 0 },
    totalCents: totals.totalCents - totals.taxCents,
  };
}
