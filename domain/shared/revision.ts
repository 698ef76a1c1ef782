/**
 * Revisions (decision 581): what the office can change on a visit, an order or a quote, written
 * as canonical JSON and hashed, so the phone's queued write can say which state it was made
 * from (If-Match) on both sides. Pure (no node:crypto) because the job card computes it too; not a
 * secret, only a fingerprint.
 */

/** JSON with object keys sorted: the same value written another way is the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** FNV-1a, 32 bits, from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** 16 hex digits that change when any part of `value` changes. */
export function revisionOf(value: unknown): string {
  const text = canonicalJson(value);
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return hex(fnv1a(text, 0x811c9dc5)) + hex(fnv1a(text, 0x9e3779b9));
}

/** A visit's parts the office changes (never the installer's own times or the order's status). */
export interface VisitRevisionParts {
  kind: string;
  status: string;
  date: string;
  start: string;
  end: string;
  staffId: number | null;
  orderId: number | null;
  customerName: string;
  customerPhone: string;
  address: string;
  note: string | null;
}

export function visitRevisionParts(v: VisitRevisionParts): VisitRevisionParts {
  return {
    kind: v.kind,
    status: v.status,
    date: v.date,
    start: v.start,
    end: v.end,
    staffId: v.staffId,
    orderId: v.orderId,
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    address: v.address,
    note: v.note,
  };
}

export function visitRevision(v: VisitRevisionParts): string {
  return revisionOf(visitRevisionParts(v));
}

/**
 * The If-Match header's entity tags ("abc", W/"abc", or *), or null when the header is none of
 * those.
 */
export function parseIfMatch(header: string): string[] | "any" | null {
  const value = header.trim();
  if (value === "*") return "any";
  const tags: string[] = [];
  for (const part of value.split(",")) {
    const match = /^\s*(?:W\/)?"([\x21\x23-\x7e]*)"\s*$/.exec(part);
    if (!match?.[1]) return null;
    tags.push(match[1]);
  }
  return tags.length > 0 ? tags : null;
}

export type RevisedThing = "visit" | "order" | "quote";

/** What the office changes on each thing, by its JSON's keys (a visit's: VisitRevisionParts). */
const REVISION_KEYS: Record<RevisedThing, readonly string[]> = {
  visit: Object.keys(
    visitRevisionParts({
      kind: "",
      status: "",
      date: "",
      start: "",
      end: "",
      staffId: null,
      orderId: null,
      customerName: "",
      customerPhone: "",
      address: "",
      note: null,
    }),
  ),
  // Not the balance: a payment recorded meanwhile is no change to what the installer installs.
  order: [
    "status",
    "items",
    "total_amount",
    "first_name",
    "last_name",
    "address",
    "city",
    "zip_code",
    "customer_phone",
    "special_instructions",
    "tax_exemption",
    "visit_window",
  ],
  quote: ["revision"],
};

/** The parts of a thing's JSON its revision is made of (absent keys read as null). */
export function pickRevisionParts(
  thing: RevisedThing,
  json: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(REVISION_KEYS[thing].map((k) => [k, json[k] ?? null]));
}
