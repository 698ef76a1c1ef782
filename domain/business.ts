/**
 * Business facts: the one source of truth for every page, email and JSON-LD block
 * (DECISIONS.md "Business facts"). The server may override some of these from the
 * environment (see server/config.ts); pages read the resolved facts from the root loader.
 */

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
  /** Sales tax in basis points (750 = 7.5 %). */
  salesTaxBasisPoints: number;
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
    standardDays: string;
    customDays: string;
  };
  installationHours: string;
  contactReplyHours: number;
  heavyDutyTrackFeet: number;
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
  salesTaxBasisPoints: 750,
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
  delivery: { standardDays: "3–5", customDays: "7–10" },
  installationHours: "2–3",
  contactReplyHours: 24,
  heavyDutyTrackFeet: 12,
};

/** "Mon–Fri 8:00–18:00" style lines for display. */
export function formatHours(hours: readonly OpeningHours[]): string[] {
  return hours.map((h) =>
    h.opens && h.closes
      ? `${h.label} ${h.opens.replace(/^0/, "")}–${h.closes.replace(/^0/, "")}`
      : `${h.label} closed`,
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
