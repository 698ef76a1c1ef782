/**
 * Business facts: the one source of truth for every page, email and JSON-LD block
 *. The server may override some of these from the
 * environment (see server/config.ts); pages read the resolved facts from the root loader.
 */

import { formatTimeWindow } from "../scheduling/visit-time";
import { TRACK_WIDTH } from "./dimensions";

export interface OpeningHours {
  /** schema.org day names, e.g. "Monday". */
  days: readonly string[];
  /** 24-hour "HH:MM"; null when closed. */
  opens: string | null;
  closes: string | null;
  /** Human label, e.g. "Mon–Fri". */
  label: string;
}

export interface BusinessFacts {
  name: string;
  phone: string;
  email: string;
  foundedYear: number;
  hours: readonly OpeningHours[];
  region: string;
  county: string;
  serviceCities: readonly string[];
  /** ZIP codes of Lee County, Florida that we serve. */
  serviceZipCodes: readonly string[];
  /** The whole Florida sales tax rate in basis points (650 = 6.5 %: 6 % state + 0.5 % county). */
  salesTaxBasisPoints: number;
  /**
   * The part of salesTaxBasisPoints that is Lee County's discretionary surtax, charged only on
   * the first $5,000 of each item (domain/sales-tax.ts); 0 makes the rate flat.
   */
  surtaxBasisPoints: number;
  /** Shipping is free when the discounted subtotal exceeds this (cents). */
  freeShippingOverCents: number;
  /** Flat shipping otherwise (cents). */
  shippingCents: number;
  /** Multiple-blind discount in basis points (1000 = 10 %). */
  multipleBlindDiscountBasisPoints: number;
  warranty: {
    materialsAndWorkmanshipYears: number;
    vinylYears: number;
    shuttersYears: number;
    shuttersInHouseYears: number;
    installationLabourYears: number;
  };
  returns: {
    days: number;
    refundBusinessDays: string;
    cardExtraBusinessDays: string;
    damageReportHours: number;
    installationCancelHours: number;
  };
  delivery: {
    /** Everything we sell is made to measure: one lead time, from the confirmed order. */
    customDays: string;
  };
  /**
   * The fit promise: when our specialist measures (installed items) the fit is
   * guaranteed and a wrong fit is remade free; when the shopper measures, one item per order
   * is remade free within `selfMeasuredRemakeDays` days of delivery, if our guide was followed.
   */
  fitPromise: {
    selfMeasuredFreeRemakes: number;
    selfMeasuredRemakeDays: number;
  };
  installationHours: string;
  /**
   * The store's public address (PUBLIC_URL), set by the server's configuration: emails link
   * the customer's own page from it. Absent in the defaults.
   */
  siteUrl?: string;
  contactReplyHours: number;
  heavyDutyTrackFeet: number;
  /** The license line printed on quotes and agreements (BUSINESS_LICENSE overrides it). */
  licenseLine: string;
}

function range(from: number, to: number): string[] {
  const out: string[] = [];
  for (let zip = from; zip <= to; zip++) out.push(String(zip));
  return out;
}

export const SERVICE_ZIP_CODES: readonly string[] = [
  ...range(33901, 33919),
  "33920",
  "33921",
  "33922",
  "33924",
  "33928",
  "33929",
  "33931",
  "33932",
  "33936",
  "33945",
  "33956",
  "33957",
  ...range(33965, 33967),
  ...range(33970, 33974),
  "33976",
  "33990",
  "33991",
  "33993",
  "33994",
  ...range(34133, 34136),
];

export const DEFAULT_BUSINESS: BusinessFacts = {
  name: "Lee County Blinds & Shutters",
  phone: "(239) 555-0142",
  email: "hello@example.com",
  foundedYear: 2025,
  hours: [
    {
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
      label: "Mon–Fri",
    },
    { days: ["Saturday"], opens: "09:00", closes: "14:00", label: "Sat" },
    { days: ["Sunday"], opens: null, closes: null, label: "Sun" },
  ],
  region: "FL",
  county: "Lee County, Florida",
  serviceCities: [
    "Fort Myers",
    "Cape Coral",
    "Bonita Springs",
    "Estero",
    "Lehigh Acres",
    "North Fort Myers",
    "Sanibel",
    "Fort Myers Beach",
    "Alva",
    "Bokeelia",
    "Boca Grande",
    "Matlacha",
    "St. James City",
  ],
  serviceZipCodes: SERVICE_ZIP_CODES,
  salesTaxBasisPoints: 650,
  surtaxBasisPoints: 50,
  freeShippingOverCents: 200_00,
  shippingCents: 25_00,
  multipleBlindDiscountBasisPoints: 1000,
  warranty: {
    materialsAndWorkmanshipYears: 2,
    vinylYears: 5,
    shuttersYears: 25,
    shuttersInHouseYears: 2,
    installationLabourYears: 2,
  },
  returns: {
    days: 30,
    refundBusinessDays: "5–7",
    cardExtraBusinessDays: "3–5",
    damageReportHours: 48,
    installationCancelHours: 24,
  },
  delivery: { customDays: "7–10" },
  fitPromise: { selfMeasuredFreeRemakes: 1, selfMeasuredRemakeDays: 30 },
  installationHours: "2–3",
  contactReplyHours: 24,
  // The track range's upper limit (192 in), in whole feet: the words follow the rule.
  heavyDutyTrackFeet: Math.floor(TRACK_WIDTH.max / 12),
  licenseLine: "Licensed and insured · Lee County business tax receipt on file",
};

/**
 * What pages need of the business facts (the root loader sends these to every page): all but
 * the ZIP code list, which only the server checks (isServiceZip).
 */
export type PublicBusinessFacts = Omit<BusinessFacts, "serviceZipCodes">;

export function publicBusinessFacts(facts: BusinessFacts): PublicBusinessFacts {
  const { serviceZipCodes: _serverOnly, ...rest } = facts;
  return rest;
}

/**
 * "Mon–Fri 8 AM–6 PM" style lines for display: the clock American shoppers read, as the
 * booking page writes its arrival windows (the facts keep 24-hour times).
 */
export function formatHours(hours: readonly OpeningHours[]): string[] {
  return hours.map((h) =>
    h.opens && h.closes ? `${h.label} ${formatTimeWindow(h.opens, h.closes)}` : `${h.label} closed`,
  );
}

/** "tel:+12395550142" from a display phone number (US numbers). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function isServiceZip(facts: Pick<BusinessFacts, "serviceZipCodes">, zip: string): boolean {
  return facts.serviceZipCodes.includes(zip.trim().slice(0, 5));
}

/**
 * The one service-area sentence (checkout, samples, estimates): what we do only in the county,
 * and the phone number to call. `what` completes "We … in Lee County only": "install",
 * "mail samples", "visit homes".
 */
export function outsideServiceAreaMessage(
  facts: Pick<BusinessFacts, "county" | "phone">,
  zip: string,
  what = "install",
): string {
  return `We ${what} in ${facts.county} only, and ZIP code ${zip.trim()} is outside our service area. Please call us at ${facts.phone} and we'll see how we can help.`;
}

/** The service-area sentence when `zip` is outside the area, else null. */
export function serviceAreaProblem(
  facts: Pick<BusinessFacts, "county" | "phone" | "serviceZipCodes">,
  zip: string,
  what = "install",
): string | null {
  return isServiceZip(facts, zip) ? null : outsideServiceAreaMessage(facts, zip, what);
}

/**
 * Facts still at the shipped placeholders (a 555 phone number, an example.com address): a
 * store must not open with them, so start-up warns loudly. The values
 * themselves are not returned: the log holds no phone number or address.
 */
export function placeholderFacts(facts: Pick<BusinessFacts, "phone" | "email">): string[] {
  const found: string[] = [];
  const digits = facts.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (/^\d{3}555\d{4}$/.test(digits)) found.push("phone (a 555 number)");
  if (/@(?:.+\.)?example\.(?:com|org|net)$/i.test(facts.email.trim())) {
    found.push("email (an example.com address)");
  }
  return found;
}
