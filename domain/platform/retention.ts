/**
 * How long personal data is kept (the privacy policy on /faq#privacy, docs/decisions/043 and
 * 003). Pure rules; server/services/platform/retention.ts applies them.
 */
import type { BusinessFacts } from "../shared/business";

export const RETENTION = {
  /** Carts nobody touched for this long are deleted (they hold no personal data). */
  unusedCartDays: 90,
  /** Reviews that were never published are deleted after this long. */
  unpublishedReviewMonths: 12,
  /** Contact messages: this long after our reply (or after arrival, if never handled). */
  contactMessageYears: 2,
  /** Copies of emails we sent (they contain the customer's details). */
  sentEmailDays: 90,
  /** Sample requests: this long after they were handled (or after arrival, if never handled). */
  sampleRequestMonths: 12,
  /** Estimate requests and their window photos: this long after handling (or arrival). */
  estimateRequestYears: 2,
} as const;

/** Warranty years for an ordered item type: how long its order must be kept. */
export function warrantyYearsFor(itemType: string, facts: Pick<BusinessFacts, "warranty">): number {
  const w = facts.warranty;
  if (itemType === "vinyl") return w.vinylYears;
  if (itemType.includes("shutters")) return w.shuttersYears + w.shuttersInHouseYears;
  return Math.max(w.materialsAndWorkmanshipYears, w.installationLabourYears);
}

/** The moment before which an order with these item types may be deleted. */
export function orderKeptUntil(
  createdAt: string,
  itemTypes: readonly string[],
  facts: Pick<BusinessFacts, "warranty">,
): Date {
  const years = Math.max(
    facts.warranty.installationLabourYears,
    ...itemTypes.map((t) => warrantyYearsFor(t, facts)),
  );
  const until = new Date(createdAt);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

export function subtractDays(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

export function subtractMonths(now: Date, months: number): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}
