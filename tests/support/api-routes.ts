/**
 * The store's /api surface as the Hono app registers it, so batteries cover every endpoint,
 * including ones added after the battery was written; plus valid sample bodies that the fuzzer breaks.
 */
import { SAMPLE_ITEM } from "./sample-items";
import { sampleCustomer } from "./shopper";

export interface ApiRoute {
  method: string;
  /** Hono pattern, e.g. /api/cart/:itemId */
  path: string;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every concrete state-changing /api route of `app` (middleware and catch-alls left out). */
export function stateChangingApiRoutes(app: {
  routes: readonly { method: string; path: string }[];
}): ApiRoute[] {
  const seen = new Set<string>();
  const out: ApiRoute[] = [];
  for (const r of app.routes) {
    if (!STATE_CHANGING.has(r.method) || !r.path.startsWith("/api/") || r.path.includes("*")) {
      continue;
    }
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

/** The endpoints spec §7 and the issues promise; a missing one fails the batteries. */
export const PROMISED_ROUTES: readonly ApiRoute[] = [
  { method: "POST", path: "/api/calculate-price" },
  { method: "POST", path: "/api/calculate-zebra-shade-price" },
  { method: "POST", path: "/api/calculate-service-price" },
  { method: "POST", path: "/api/cart" },
  { method: "PUT", path: "/api/cart/:itemId" },
  { method: "DELETE", path: "/api/cart/:itemId" },
  { method: "DELETE", path: "/api/cart" },
  { method: "POST", path: "/api/orders" },
  { method: "POST", path: "/api/reviews" },
  { method: "POST", path: "/api/contact" },
  { method: "POST", path: "/api/admin/login" },
  { method: "POST", path: "/api/admin/logout" },
  { method: "POST", path: "/api/admin/orders/:id/visits" },
  { method: "PATCH", path: "/api/admin/visits/:id" },
  { method: "PATCH", path: "/api/admin/orders/:id/items/:itemId" },
  { method: "POST", path: "/api/admin/orders/:id/payments" },
  { method: "POST", path: "/api/admin/orders/:id/receipt" },
  { method: "POST", path: "/api/admin/staff" },
  { method: "POST", path: "/api/admin/staff/:id/calendar-feed" },
  { method: "DELETE", path: "/api/admin/staff/:id/calendar-feed" },
  { method: "PATCH", path: "/api/admin/products/:id" },
  { method: "PATCH", path: "/api/admin/zebra-collections/:slug" },
  { method: "PATCH", path: "/api/admin/zebra-fabrics/:slug" },
  { method: "PATCH", path: "/api/admin/installation-prices" },
  { method: "PATCH", path: "/api/admin/services/:id" },
  { method: "PATCH", path: "/api/admin/colors/:key" },
  { method: "POST", path: "/api/admin/colors" },
  { method: "POST", path: "/api/booking" },
  { method: "PATCH", path: "/api/bookings/:reference" },
  { method: "POST", path: "/api/bookings/:reference/cancel" },
  { method: "PUT", path: "/api/admin/staff/:id/availability" },
  { method: "POST", path: "/api/admin/visits/:id/on-my-way" },
  { method: "POST", path: "/api/admin/visits/:id/arrived" },
  { method: "PATCH", path: "/api/admin/orders/:id" },
  { method: "PATCH", path: "/api/admin/purchase-orders/:id" },
  { method: "POST", path: "/api/admin/suppliers/:id/price-grid" },
  { method: "PATCH", path: "/api/admin/staff/:id" },
  { method: "POST", path: "/api/admin/quotes" },
  { method: "PATCH", path: "/api/admin/quotes/:id" },
  { method: "POST", path: "/api/admin/quotes/:id/send" },
  { method: "PATCH", path: "/api/admin/settings" },
  { method: "POST", path: "/api/quotes/:token/accept" },
  { method: "POST", path: "/api/quotes/:token/decline" },
  { method: "POST", path: "/api/quotes/:token/question" },
  { method: "POST", path: "/api/quotes/:token/cancel" },
  { method: "POST", path: "/api/account/link" },
  { method: "POST", path: "/api/account/logout" },
];

export function routeKey(r: ApiRoute): string {
  return `${r.method} ${r.path}`;
}

/** A concrete path for a pattern: every :param replaced by `value`. */
export function fillParams(pattern: string, value: string): string {
  return pattern.replace(/:[A-Za-z_]\w*(\{[^}]*\})?/g, value);
}

const customer = sampleCustomer(1, "fuzz");

/** Valid-looking bodies to break, keyed by "METHOD /api/path". */
export const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/calculate-price": {
    productType: "vinyl",
    width: 36.5,
    height: 48,
    includeInstallation: true,
  },
  "POST /api/calculate-zebra-shade-price": {
    productType: "zebra-shades",
    width: 36,
    height: 48,
    widthFraction: 0.25,
    heightFraction: 0,
    fabricCollection: "tropic",
    fabric: "palm",
    mountType: "inside",
    controlType: "motorized",
    motorOptions: { remote: true, smartHome: true, batteryWand: false },
    valance: true,
    includeInstallation: true,
  },
  "POST /api/calculate-service-price": { serviceType: "track-replacement", width: 72 },
  "POST /api/cart": { ...SAMPLE_ITEM, configuration: { mountType: "inside" } },
  "PUT /api/cart/:itemId": { quantity: 2 },
  "POST /api/orders": {
    items: [SAMPLE_ITEM],
    customerInfo: customer,
    totals: { subtotal: 54, multipleBlindDiscount: 0, shipping: 25, tax: 3.51, total: 82.51 },
  },
  "POST /api/reviews": {
    customerName: "Pat Tester",
    customerEmail: "pat.fuzz@example.org",
    customerLocation: "Cape Coral",
    productType: "vinyl",
    rating: 5,
    reviewText: "Measured, made and installed in a week. Fits perfectly.",
  },
  "POST /api/contact": {
    firstName: "Pat",
    lastName: "Tester",
    email: "pat.fuzz@example.org",
    phone: "(239) 555-0199",
    subject: "Measuring visit",
    message: "Could someone measure three windows next week?",
    preferredContactMethod: "email",
  },
  "POST /api/account/link": { email: "pat.fuzz@example.org" },
  "POST /api/admin/login": { email: "hello@example.com", password: "not-the-password" },
  "POST /api/admin/orders/:id/visits": {
    kind: "measure",
    date: "2026-12-01",
    start: "09:00",
    end: "11:00",
    staffId: null,
    notifyCustomer: true,
  },
  "PATCH /api/admin/visits/:id": { date: "2026-12-02", start: "13:00", end: "15:00" },
  "PATCH /api/admin/orders/:id/items/:itemId": {
    width: 48.5,
    height: 60,
    quantity: 2,
    reason: "Re-measured on site",
    notifyCustomer: false,
  },
  "POST /api/admin/orders/:id/items/:itemId/preview": { width: 48.5, height: 60, quantity: 2 },
  "POST /api/admin/orders/:id/payments": {
    amount: 120.5,
    method: "check",
    reference: "1042",
    note: "At the measuring visit",
    emailReceipt: false,
  },
  "POST /api/admin/staff": {
    name: "Luis Ortega",
    email: "luis@example.com",
    role: "installer",
    password: "temporary-password-1",
  },
  "PATCH /api/admin/staff/:id": { role: "office" },
  "POST /api/admin/password": {
    currentPassword: "not-the-password",
    newPassword: "a-new-password-123",
  },
  "PATCH /api/admin/products/:id": {
    name: "Vinyl Vertical Blinds",
    ratePerSqFt: 4.5,
    minimumPrice: 39,
    colors: ["white", "ivory"],
    active: true,
  },
  "PATCH /api/admin/zebra-collections/:slug": { ratePerSqFt: 12 },
  "PATCH /api/admin/zebra-fabrics/:slug": { name: "Palm", active: true },
  "PATCH /api/admin/installation-prices": { upTo60: 75, upTo96: 95, over96: 125 },
  "PATCH /api/admin/services/:id": { pricePerInch: 2 },
  "PATCH /api/admin/colors/:key": { name: "White", hex: "#FFFFFF" },
  "POST /api/admin/colors": { key: "sea-blue", name: "Sea Blue", hex: "#3A6EA5" },
  "POST /api/booking": {
    date: "2031-03-04",
    start: "08:00",
    zipCode: "33904",
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
    city: customer.city,
    textReminders: false,
  },
  "PATCH /api/bookings/:reference": { date: "2031-03-05", start: "10:00" },
  "PUT /api/admin/staff/:id/availability": {
    weekly: { mon: [{ start: "08:00", end: "12:00" }] },
    timeOff: [{ from: "2031-03-04", to: "2031-03-05" }],
  },
  "POST /api/admin/visits/:id/on-my-way": { minutes: 30 },
  "PATCH /api/admin/orders/:id": {
    taxExemption: {
      type: "nonprofit",
      certificateNumber: "85-8012345678C-1",
      expires: "2031-01-01",
    },
  },
  "PATCH /api/admin/purchase-orders/:id": { lines: [{ itemId: 1, unitCost: 41.5 }] },
  "POST /api/admin/quotes": {
    customer: { ...customer, state: undefined, specialInstructions: undefined },
    items: [{ ...SAMPLE_ITEM, optional: false }],
    discountPercent: 5,
    depositPercent: 50,
    validDays: 30,
    note: "Measured on site",
  },
  "PATCH /api/admin/quotes/:id": { discountPercent: 10, note: "Second look" },
  "PATCH /api/admin/settings": { depositPercent: 40, cancelBusinessDays: 3 },
  "POST /api/quotes/:token/accept": { signatureName: "Pat Tester", agree: true, revision: 1 },
  "POST /api/quotes/:token/decline": { reason: "Too expensive" },
  "POST /api/quotes/:token/question": { message: "Can the kitchen shade be motorized?" },
};

/** Fallback for an endpoint the battery has no sample for yet. */
export const GENERIC_SAMPLE: Record<string, unknown> = {
  id: 1,
  name: "Pat",
  status: "confirmed",
  note: "text",
  quantity: 1,
  approved: true,
};
