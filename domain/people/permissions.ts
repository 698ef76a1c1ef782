/**
 * Who may do what in the back office: the
 * roles, what each role may do, and the one table where every /api/admin route and every admin
 * page declares the permission it needs. A route or page missing from these tables fails its
 * test and is refused at run time.
 */
import { oneOf } from "../shared/one-of";

export const STAFF_ROLES = ["owner", "office", "installer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  office: "Office",
  installer: "Installer",
};

export const PERMISSIONS = [
  /** Signed in with any role: own session, logout, own password and two-factor. */
  "self",
  /** The dashboard (an installer's shows his own visits). */
  "dashboard",
  /** Orders: list, detail, status, notes, adjustments, visits booking, CSV. */
  "orders",
  /**
   * Visits, installation sheets, payments and receipts. Installers hold it scoped: only the
   * visits assigned to them and those visits' orders (the services check the assignment).
   */
  "field-work",
  /** Purchase orders, receiving and remakes; suppliers are the catalog's. */
  "purchasing",
  "reviews",
  "messages",
  /** Sample and estimate requests. */
  "requests",
  "catalog",
  "staff",
  "audit",
  /** Every account's sessions: see and revoke. */
  "sessions",
  /** Back-office settings (two-factor required for everyone; the sales settings). */
  "settings",
  /**
   * Quotes. Installers hold it scoped: quotes for the orders they have a visit
   * on, and their own (the quote service checks).
   */
  "quotes",
  /** The books: /admin/reports and its CSVs (owners: decision 232). */
  "books",
  /**
   * Business-wide figures: quote, order and money summaries. Not installers, who see their own
   * figures only.
   */
  "figures",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The roles nest: the office does an installer's work and runs the orders; owners do it all. */
const INSTALLER_PERMISSIONS: readonly Permission[] = ["self", "dashboard", "field-work", "quotes"];
const OFFICE_PERMISSIONS: readonly Permission[] = [
  ...INSTALLER_PERMISSIONS,
  "orders",
  "purchasing",
  "reviews",
  "messages",
  "requests",
  "figures",
];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  office: OFFICE_PERMISSIONS,
  installer: INSTALLER_PERMISSIONS,
};

export function roleHas(role: string, permission: Permission): boolean {
  return oneOf(STAFF_ROLES, role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles whose field work is limited to the visits assigned to them. */
export function seesOnlyOwnVisits(role: string): boolean {
  return role === "installer";
}

/** Routes answered without a session (only the login). */
export const PUBLIC = "public" as const;

/**
 * Every /api/admin route, as Hono registers it ("METHOD /path" relative to /api/admin), and
 * the permission it needs.
 */
export const ADMIN_API_PERMISSIONS: Record<string, Permission | typeof PUBLIC> = {
  "POST /login": PUBLIC,
  "POST /logout": "self",
  "GET /session": "self",
  "GET /dashboard": "dashboard",
  "GET /orders": "orders",
  "GET /orders.csv": "orders",
  "GET /orders/:id": "orders",
  "POST /orders/:id/status": "orders",
  "POST /orders/:id/notes": "orders",
  "PATCH /orders/:id/items/:itemId": "orders",
  "PATCH /orders/:id": "orders",
  "POST /orders/:id/items/:itemId/preview": "orders",
  "POST /orders/:id/visits": "orders",
  "GET /orders/:id/visits": "field-work",
  "GET /visits": "field-work",
  "PATCH /visits/:id": "field-work",
  "GET /orders/:id/payments": "field-work",
  "POST /orders/:id/payments": "field-work",
  "POST /orders/:id/receipt": "field-work",
  "GET /reviews": "reviews",
  "POST /reviews/:id/approve": "reviews",
  "POST /reviews/:id/reject": "reviews",
  "GET /messages": "messages",
  "GET /messages/:id": "messages",
  "POST /messages/:id/handled": "messages",
  "GET /samples": "requests",
  "POST /samples/:id/handled": "requests",
  "GET /estimates": "requests",
  "GET /estimates/:id": "requests",
  "POST /estimates/:id/handled": "requests",
  "GET /estimates/:id/photos/:photoId": "requests",
  /** Office books visits for a person: it needs the list of staff, not the right to change it. */
  "GET /staff": "orders",
  "POST /staff": "staff",
  "PATCH /staff/:id": "staff",
  "POST /staff/:id/calendar-feed": "staff",
  "DELETE /staff/:id/calendar-feed": "staff",
  "GET /catalog": "catalog",
  "PATCH /products/:id": "catalog",
  "POST /products/:id/photos": "catalog",
  "PATCH /products/:id/photos/:photoId": "catalog",
  "DELETE /products/:id/photos/:photoId": "catalog",
  "PATCH /zebra-collections/:slug": "catalog",
  "PATCH /zebra-fabrics/:slug": "catalog",
  "PATCH /installation-prices": "catalog",
  "PATCH /services/:id": "catalog",
  "PATCH /colors/:key": "catalog",
  "POST /colors": "catalog",
  "POST /password": "self",
  "GET /sessions": "sessions",
  "DELETE /sessions/:id": "sessions",
  "GET /audit": "audit",
  /** One's own two-factor: open while owners require it and it is not set up yet. */
  "GET /two-factor": "self",
  "POST /two-factor/setup": "self",
  "POST /two-factor/confirm": "self",
  "POST /two-factor/recovery-codes": "self",
  "POST /two-factor/disable": "self",
  "GET /settings": "settings",
  "PATCH /settings": "settings",
  "POST /staff/:id/two-factor/reset": "staff",
  "GET /staff/:id/availability": "staff",
  "PUT /staff/:id/availability": "staff",
  "POST /visits/:id/on-my-way": "field-work",
  "GET /visits/:id": "field-work",
  "GET /visits/:id/measurements": "field-work",
  "POST /visits/:id/measurements": "field-work",
  "POST /visits/:id/arrived": "field-work",
  // Supplier orders, receiving, remakes and the installer's close-out.
  "GET /suppliers": "catalog",
  "POST /suppliers": "catalog",
  "PATCH /suppliers/:id": "catalog",
  "POST /suppliers/:id/price-grid": "catalog",
  "POST /orders/:id/purchase-orders": "purchasing",
  "GET /purchase-orders": "purchasing",
  "GET /purchase-orders/:id": "purchasing",
  "GET /purchase-orders/:id/pdf": "purchasing",
  "POST /purchase-orders/:id/send": "purchasing",
  "PATCH /purchase-orders/:id": "purchasing",
  "POST /purchase-orders/:id/receive": "purchasing",
  "POST /orders/:id/items/:itemId/remake": "purchasing",
  "GET /remakes": "purchasing",
  "POST /visits/:id/close-out": "field-work",
  "GET /visits/:id/close-out/photos/:photoId": "field-work",
  "GET /visits/:id/close-out/signature": "field-work",
  "GET /quotes": "quotes",
  "POST /quotes": "quotes",
  "GET /quote-summary": "figures",
  "GET /quotes/:id": "quotes",
  "PATCH /quotes/:id": "quotes",
  "POST /quotes/:id/send": "quotes",
  "GET /quotes/:id/pdf": "quotes",
  "GET /estimates/:id/quotes": "requests",
  "GET /estimates/:id/booking-windows": "requests",
  "GET /estimates/:id/bookings": "requests",
  "POST /estimates/:id/booking": "requests",
  "GET /reports": "books",
  "GET /reports/summary.csv": "books",
  "GET /reports/payments.csv": "books",
  // Texts (decision 550): installers hold field-work scoped to their visits' customers; /texts/:id
  // also answers /texts/consents.csv, which the service refuses to installers.
  // Storm days (decision 551): owners and office, who run the schedule.
  "GET /closures": "orders",
  "POST /closures": "orders",
  "GET /closures/:id": "orders",
  "POST /closures/:id/move-all": "orders",
  "DELETE /closures/:id": "orders",
  "GET /texts": "field-work",
  "GET /texts/:id": "field-work",
  "GET /texts/:id/media/:mediaId": "field-work",
  "POST /texts/:id/reply": "field-work",
  "GET /reports/margin": "books",
  "GET /reports/export": "books",
};

/**
 * Every admin page, by its route file in app/routes.ts, and the permission it needs. The layout
 * (routes/admin/layout.tsx) shows the login form without a session and so needs none.
 */
export const ADMIN_PAGE_PERMISSIONS = {
  "routes/admin/layout.tsx": PUBLIC,
  "routes/admin/orders/dashboard.tsx": "dashboard",
  "routes/admin/orders/orders.tsx": "orders",
  "routes/admin/orders/order.tsx": "orders",
  "routes/admin/orders/order-sheet.tsx": "field-work",
  "routes/admin/orders/order-receipt.tsx": "field-work",
  "routes/admin/scheduling/schedule.tsx": "field-work",
  "routes/admin/storefront/reviews.tsx": "reviews",
  "routes/admin/requests/messages.tsx": "messages",
  "routes/admin/requests/message.tsx": "messages",
  "routes/admin/requests/samples.tsx": "requests",
  "routes/admin/requests/estimates.tsx": "requests",
  "routes/admin/requests/estimate.tsx": "requests",
  "routes/admin/storefront/catalog.tsx": "catalog",
  "routes/admin/people/staff.tsx": "staff",
  "routes/admin/people/audit.tsx": "audit",
  "routes/admin/people/password.tsx": "self",
  "routes/admin/people/two-factor.tsx": "self",
  "routes/admin/people/security.tsx": "settings",
  "routes/admin/purchasing/purchase-orders.tsx": "purchasing",
  "routes/admin/purchasing/purchase-order.tsx": "purchasing",
  "routes/admin/purchasing/supplier.tsx": "catalog",
  "routes/admin/scheduling/visits.tsx": "field-work",
  "routes/admin/requests/texts.tsx": "field-work",
  "routes/admin/scheduling/storm-days.tsx": "orders",
  "routes/admin/requests/text.tsx": "field-work",
  "routes/admin/scheduling/visit.tsx": "field-work",
  "routes/admin/sales/quotes.tsx": "quotes",
  "routes/admin/sales/quote.tsx": "quotes",
  "routes/admin/sales/settings.tsx": "settings",
  "routes/admin/books/reports.tsx": "books",
} as const satisfies Record<string, Permission | typeof PUBLIC>;

/** What the access check needs to know of the signed-in person. */
export interface AccessHolder {
  role: string;
  mustChangePassword: boolean;
  twoFactorRequired: boolean;
}

/** What is asked: the permission the route or page declares, and what it stays open for. */
export interface AccessRequest {
  /** undefined: the route or page is missing from its table (refused). */
  permission: Permission | typeof PUBLIC | undefined;
  /** Open while the password is a temporary one (logout, own session, the password change). */
  openDuringPasswordChange: boolean;
  /** Open while the owners require two-factor and the account has none (its set-up). */
  openDuringTwoFactorSetup: boolean;
}

export type AccessVerdict =
  | "allowed"
  | "password_change_required"
  | "two_factor_required"
  | "forbidden";

/**
 * The one access rule of the back office, for /api/admin (server/api/people/
 * admin-access.ts) and the admin pages (app/components/admin/admin-route.ts) alike, in this
 * order: a temporary password first, then two-factor the owners require, then the role's
 * permission. A signed-in person reaching something declared PUBLIC is refused: public routes
 * are answered before any session is read.
 */
export function authorize(who: AccessHolder, asked: AccessRequest): AccessVerdict {
  if (who.mustChangePassword && !asked.openDuringPasswordChange) {
    return "password_change_required";
  }
  if (who.twoFactorRequired && !asked.openDuringPasswordChange && !asked.openDuringTwoFactorSetup) {
    return "two_factor_required";
  }
  const { permission } = asked;
  if (permission === undefined || permission === PUBLIC) return "forbidden";
  return roleHas(who.role, permission) ? "allowed" : "forbidden";
}
