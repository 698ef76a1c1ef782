/**
 * A shopper on the wire: add one configured item to a
 * fresh cart, then place the order with the totals the checkout page would send. Used by the
 * reliability battery and bench:orders over real HTTP, and by in-process tests through `send`.
 */
import { roundCents } from "../../domain/shared/money";
import { SAMPLE_ITEM, SAMPLE_UNIT_CENTS } from "./sample-items";
import { request, type TestStore } from "./test-app";

export interface WireAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** method, path, JSON body, headers → answer. */
export type Send = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<WireAnswer>;

/** A `Send` over real HTTP to `baseUrl`. */
export function httpSend(baseUrl: string): Send {
  return async (method, path, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
    const res = await fetch(`${baseUrl}${path}`, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
}

export interface CustomerInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  specialInstructions: string;
}

/** A customer with unique, recognisable details (n distinguishes them). */
export function sampleCustomer(n: number, tag = "battery"): CustomerInfo {
  const digits = String(1000 + (n % 9000)).padStart(4, "0");
  return {
    firstName: "Pat",
    lastName: `Tester${n}`,
    email: `${tag}.customer${n}@example.org`,
    phone: `(239) 555-${digits}`,
    address: `${100 + n} Periwinkle Way`,
    city: "Fort Myers",
    state: "FL",
    zipCode: "33901",
    specialInstructions: "",
  };
}

/**
 * The order summary of spec §9 / the product rules "Cart and orders" for `quantity` pieces at
 * `unitCents`: 10 % off above one piece, shipping free above $200 (after the discount), Lee
 * County's 6.5 % tax (items under $5,000: the surtax cap of decision 230 does not bite).
 */
export function expectedTotals(unitCents: number, quantity: number, taxBasisPoints = 650) {
  const subtotal = unitCents * quantity;
  const discount = quantity > 1 ? roundCents(subtotal * 0.1) : 0;
  const discounted = subtotal - discount;
  const shipping = discounted > 200_00 ? 0 : 25_00;
  const tax = roundCents((discounted * taxBasisPoints) / 10_000);
  const total = discounted + shipping + tax;
  const amount = (c: number) => c / 100;
  return {
    subtotal: amount(subtotal),
    multipleBlindDiscount: amount(discount),
    shipping: amount(shipping),
    tax: amount(tax),
    total: amount(total),
  };
}

export interface PlacedOrder {
  /** The answer to POST /api/orders. */
  answer: WireAnswer;
  sessionId: string | undefined;
  customer: CustomerInfo;
  totals: ReturnType<typeof expectedTotals>;
  /** True when the first attempt got 409 and the order was retried with the server's totals. */
  retriedWithServerTotals: boolean;
}

/** The server's totals from a 409 answer, wherever the orders API put them. */
export function serverTotalsFrom(body: unknown): Record<string, number> | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as { totals?: unknown; error?: { totals?: unknown; serverTotals?: unknown } };
  const t = b.error?.totals ?? b.error?.serverTotals ?? b.totals;
  return t && typeof t === "object" ? (t as Record<string, number>) : undefined;
}

/** One shopper: a fresh cart with SAMPLE_ITEM, then POST /api/orders. */
export async function placeOneOrder(
  send: Send,
  n: number,
  headers: Record<string, string> = {},
  options: { tag?: string; quantity?: number } = {},
): Promise<PlacedOrder> {
  const quantity = options.quantity ?? 1;
  const customer = sampleCustomer(n, options.tag);
  const cart = await send("POST", "/api/cart", { ...SAMPLE_ITEM, quantity }, headers);
  if (cart.status >= 300) {
    throw new Error(`POST /api/cart answered ${cart.status}: ${JSON.stringify(cart.body)}`);
  }
  const sessionId = (cart.body as { sessionId?: string }).sessionId;
  const withSession = sessionId ? { ...headers, "x-session-id": sessionId } : headers;
  const totals = expectedTotals(SAMPLE_UNIT_CENTS, quantity);
  const order = { items: (cart.body as { items?: unknown }).items ?? [], customerInfo: customer };
  let answer = await send("POST", "/api/orders", { ...order, totals }, withSession);
  let retried = false;
  const serverTotals = answer.status === 409 ? serverTotalsFrom(answer.body) : undefined;
  if (serverTotals) {
    retried = true;
    answer = await send("POST", "/api/orders", { ...order, totals: serverTotals }, withSession);
  }
  return { answer, sessionId, customer, totals, retriedWithServerTotals: retried };
}

/**
 * One order placed through an in-process store's API by shopper `n` (its own address, so no
 * limit is met), found again in the database: its id, reference and total.
 */
export async function placeInStore(
  store: Pick<TestStore, "app" | "services">,
  n: number,
  tag: string,
): Promise<{ id: number; reference: string; totalCents: number }> {
  const placed = await placeOneOrder(
    (method, path, body, headers) => request(store, method, path, body, headers),
    n,
    {
      "x-forwarded-for": `10.${Math.floor(n / 250) % 250}.${n % 250}.1`,
    },
    { tag },
  );
  if (placed.answer.status !== 201) {
    throw new Error(
      `POST /api/orders answered ${placed.answer.status}: ${JSON.stringify(placed.answer.body)}`,
    );
  }
  const reference = (placed.answer.body as { reference: string }).reference;
  const row = await store.services.db
    .selectFrom("orders")
    .select(["id", "total_cents"])
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), reference, totalCents: Number(row.total_cents) };
}
