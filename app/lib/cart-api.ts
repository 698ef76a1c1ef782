/**
 * The browser side of the cart: the session id lives in localStorage
 * under `cart-session-id` and goes out as x-session-id; when the server answers with another
 * sessionId, it is adopted (the first add creates the cart under a new id). The server also sets
 * a cookie, so server-rendered pages know the cart.
 */
import type { Language } from "../../domain/i18n/language";
import { apiRequest } from "./api-client";

export const CART_SESSION_KEY = "cart-session-id";

export function readCartSessionId(): string | null {
  try {
    return window.localStorage.getItem(CART_SESSION_KEY);
  } catch {
    return null;
  }
}

export function storeCartSessionId(id: string): void {
  try {
    window.localStorage.setItem(CART_SESSION_KEY, id);
  } catch {
    // Private mode without storage: the cookie still carries the cart.
  }
}

function sessionHeaders(): Record<string, string> {
  const id = readCartSessionId();
  return id ? { "x-session-id": id } : {};
}

/** What a cart item is on the wire, both ways. */
interface CartItemFields {
  productName: string;
  width: number;
  height: number;
  selectedColor: string;
  includeInstallation: boolean;
  quantity: number;
  /** Sent as spec §7 says; the server ignores it and prices the item itself. */
  calculatedPrice: string;
}

export interface CartItemPayload extends CartItemFields {
  productId?: number;
  serviceType?: string;
  roomLabel?: string | null;
  configuration?: Record<string, unknown>;
  /** The page's language ("es" from /es/…): the cart keeps it for its order's emails. */
  language?: Language;
}

export interface CartItem extends CartItemFields {
  id: number;
  productId: number | null;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
  /** "track-replacement" for the service, null for products. */
  serviceType?: string | null;
  itemType?: string;
  /** Colour name, or "Collection · Fabric (code)" for zebra shades; null for services. */
  colorName?: string | null;
  /** unit × quantity, "123.45". */
  lineTotal?: string;
  /** Human lines describing the configuration (size, colour, installation…). */
  details?: string[];
  /** False when the catalog no longer sells the item (remove it to check out). */
  available?: boolean;
}

/** spec §9 totals computed by the server, 2-decimal numbers. */
export interface CartTotalsResponse {
  subtotal: number;
  multipleBlindDiscount: number;
  shipping: number;
  tax: number;
  total: number;
  /** How much more makes shipping free; 0 when it already is. */
  freeShippingRemaining: number;
}

export interface CartResponse {
  sessionId: string;
  items: CartItem[];
  /** Number of rows (the header badge), not summed quantity. */
  itemCount?: number;
  totals?: CartTotalsResponse;
}

async function cartCall(method: string, path: string, body?: unknown): Promise<CartResponse> {
  const cart = await apiRequest<CartResponse>(method, path, { body, headers: sessionHeaders() });
  if (cart?.sessionId && cart.sessionId !== readCartSessionId()) storeCartSessionId(cart.sessionId);
  return cart;
}

/** The configurators add through here; the cart page changes items through its own forms. */
export const addToCart = (item: CartItemPayload) => cartCall("POST", "/api/cart", item);
