/**
 * Table types for Kysely. Conventions, the same on SQLite and PostgreSQL:
 * - money in integer cents (`*_cents`), sizes in integer eighths of an inch (`*_eighths`);
 * - booleans as integers 0/1; timestamps as ISO-8601 UTC text ("2026-11-21T08:00:00.000Z"),
 *   which sorts correctly as text;
 * - JSON as text (`configuration`), parsed by the repositories.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { TaxExemptionType } from "../../domain/books/tax-exemption";
import type { Language } from "../../domain/i18n/language";
import type { VisitWindow } from "../../domain/orders/checkout-fields";
import type { OrderStatus } from "../../domain/orders/order-status";
import type { ReviewStatus } from "../../domain/people/admin-schema";
import type { StaffRole } from "../../domain/people/permissions";
import type { AuditKind } from "../../domain/people/staff-schema";
import type {
  PurchaseOrderStatus,
  RemakePayer,
  RemakeReason,
} from "../../domain/purchasing/purchasing";
import type { ContactMethod } from "../../domain/requests/contact-fields";
import type { RequestStatus } from "../../domain/requests/request-fields";
import type { QuoteStatus } from "../../domain/sales/quote";
import type { Weekday } from "../../domain/scheduling/booking-windows";
import type { VisitKind, VisitStatus } from "../../domain/scheduling/visit-time";
import type { PaymentMethod } from "../../domain/shared/back-office-schema";
import type { ProductType } from "../../domain/storefront/catalog";

/** A re-encoded photo file: its name under uploads, type, size and when it came. */
export interface StoredPhotoColumns {
  file_name: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
}

/** The customer's name, contact and address, as an order, quote, booking or estimate keeps them. */
export interface CustomerContactColumns {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zip_code: string;
}

/** What a cart's, an order's or a quote's line is: the product or service, its size and colour. */
export interface ItemLineColumns {
  /** 'product' (blinds, shutters, zebra) or 'service' (track replacement). */
  kind: string;
  product_id: number | null;
  service_id: number | null;
  /** Product or service type at the time of adding, e.g. 'vinyl', 'track-replacement'. */
  item_type: string;
  name: string;
  width_eighths: number;
  height_eighths: number;
  /** Colour key, or the fabric name for zebra shades; '' for services. */
  selected_color: string;
}

/** An order's or a quote's line with its price (the cart keeps only the unit price). */
export interface PricedItemColumns extends ItemLineColumns {
  /** Display name of the colour or fabric at the time of ordering. */
  color_name: string;
  include_installation: number;
  quantity: number;
  unit_price_cents: number;
  installation_cents: number;
  line_total_cents: number;
  room_label: string | null;
  configuration: string;
}

export interface ProductsTable {
  id: number;
  type: string;
  name: string;
  description: string;
  rate_cents_per_sqft: number;
  minimum_cents: number;
  sort_order: number;
  active: number;
  updated_at: string;
  /** Who makes it (migration 0014); null until the owner chooses. */
  supplier_id: Generated<number | null>;
}

export interface ProductColorsTable {
  product_id: number;
  color_key: string;
  sort_order: number;
}

export interface ColorsTable {
  key: string;
  name: string;
  hex: string;
}

export interface ZebraCollectionsTable {
  slug: string;
  name: string;
  upcharge_cents_per_sqft: number;
  sort_order: number;
}

export interface ZebraFabricsTable {
  slug: string;
  collection_slug: string;
  name: string;
  code: string;
  hex: string;
  sort_order: number;
  /** 1 while sold; 0 once withdrawn (migration 0009). */
  active: Generated<number>;
}

/** Installation per unit by width: up to max_width_inches (null: any wider). */
export interface InstallationTiersTable {
  id: number;
  max_width_inches: number | null;
  price_cents: number;
}

/** Zebra control and motor upcharges, keyed as domain/zebra's ZEBRA_OPTION_KEYS. */
export interface ZebraOptionPricesTable {
  option: string;
  price_cents: number;
}

export interface OrderCountersTable {
  name: string;
  value: number;
}

export interface ServicesTable {
  id: number;
  type: string;
  name: string;
  description: string;
  price_cents_per_unit: number;
  unit: string;
  active: number;
  updated_at: string;
}

export interface CartsTable {
  /** The unguessable session id (≥ 128 bits, base64url). */
  id: string;
  created_at: string;
  updated_at: string;
  /** The customer's language (migration 0031): the emails, texts and PDFs they get use it. */
  language: Generated<Language>;
}

export interface CartItemsTable extends ItemLineColumns {
  id: Generated<number>;
  cart_id: string;
  include_installation: number;
  quantity: number;
  /** Unit price of one piece, recomputed by the server. */
  unit_price_cents: number;
  room_label: string | null;
  /** JSON: the whole configuration (zebra collection, fabric, control, fractions, …). */
  configuration: string;
  created_at: string;
  updated_at: string;
}

/** A shopper's saved project: a name and an unguessable token, no account (decision 523). */
export interface ProjectsTable {
  id: Generated<number>;
  /** 256 bits, base64url: the project's only key, a secret like a quote token. */
  token: string;
  name: string;
  /** Lower-cased; /account lists the projects of its email. */
  email: string | null;
  created_at: string;
}

/** A saved window: a cart item's columns, with its unit price as it was when saved. */
export interface ProjectItemsTable extends ItemLineColumns {
  id: Generated<number>;
  project_id: number;
  position: number;
  include_installation: number;
  quantity: number;
  saved_unit_price_cents: number;
  room_label: string | null;
  configuration: string;
}

/** A window measured on a visit (decision 524); sizes in eighths of an inch. */
export interface VisitMeasurementsTable {
  id: Generated<number>;
  visit_id: number;
  position: number;
  room: string;
  /** A catalog product type, or null when the product is not chosen yet. */
  product_type: ProductType | null;
  mount: "inside" | "outside";
  width_top_eighths: number;
  width_middle_eighths: number;
  width_bottom_eighths: number;
  height_left_eighths: number;
  height_center_eighths: number;
  height_right_eighths: number;
  depth_eighths: number | null;
  note: string | null;
  order_width_eighths: number;
  order_height_eighths: number;
  /** Space-separated: "shallow", "out-of-range"; "" for none. */
  flags: string;
  measured_at: string;
}

export interface OrdersTable extends CustomerContactColumns, TaxExemptColumns {
  id: Generated<number>;
  /** Unguessable public reference shown to the customer (/orders/REFERENCE). */
  reference: string;
  /** The cart this order was placed from: unique, which makes placing idempotent per cart. */
  cart_id: string;
  /** Short sequential number for phone calls ("Order #1001"), unique, from order_counters. */
  order_number: number;
  status: OrderStatus;
  state: string;
  special_instructions: string | null;
  visit_window: VisitWindow | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  item_count: number;
  /** Sum of the order's payments (refunds negative), kept in step with `payments`. */
  paid_cents: Generated<number>;
  /** The deposit to collect before production (migration 0010; 0: none). */
  deposit_cents: Generated<number>;
  /** The customer asked for texts about appointments at checkout (migration 0013). */
  text_reminders: Generated<number>;
  /** Last day (store time, YYYY-MM-DD) of the buyer's right to cancel; null: none. */
  cancel_until: string | null;
  /**
   * The rates that taxed the order (migration 0015, decision 230), basis points: the whole
   * rate and its surtax part (charged on the first $5,000 of each item). Orders placed before
   * carry the flat rate they were charged and 0 surtax.
   */
  tax_rate_bp: number;
  surtax_rate_bp: number;
  /** The amount the surtax was charged on, and the surtax part of tax_cents. */
  surtaxable_cents: number;
  surtax_cents: number;
  created_at: string;
  updated_at: string;
  /** SHA-256 of the completion email's review-link token (migration 0014). */
  review_token_hash: Generated<string | null>;
  /** The customer's language (migration 0031): the emails, texts and PDFs they get use it. */
  language: Generated<Language>;
}

/** A tax-exempt sale's certificate (migration 0025), on an order or a quote; null: taxed. */
export interface TaxExemptColumns {
  tax_exempt_type: Generated<TaxExemptionType | null>;
  tax_exempt_certificate: Generated<string | null>;
  tax_exempt_expires: Generated<string | null>;
}

export interface OrderItemsTable extends PricedItemColumns {
  id: Generated<number>;
  order_id: number;
  position: number;
  /** JSON of the rates that priced the item at placement (domain/pricing ItemRates); null before. */
  pricing: string | null;
  /** Migration 0029: JSON of the measurements the size came from (MeasuredSize), or null. */
  measured: Generated<string | null>;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  /** 'customer' (placing), 'admin', 'system'. */
  actor: string;
  /** 'forward' (the next step or cancelled) or 'back' (one step back; `note` holds why). */
  kind: Generated<string>;
  /** The staff member who made the change, when known (filled for every login since decision 160). */
  staff_id: number | null;
  changed_at: string;
}

export interface StaffTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased. */
  email: string;
  role: StaffRole;
  active: Generated<number>;
  /** SHA-256 of the private calendar feed's secret; null when there is none. */
  calendar_token_hash: string | null;
  created_at: string;
  /** scrypt hash (migration 0008); null for a person who cannot sign in. */
  password_hash: string | null;
  /** 1 while the password is a temporary one an owner gave. */
  must_change_password: Generated<number>;
  /** TOTP secret (base32) once enrolment starts; enabled once a first code confirmed it. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** The last 30-second step whose code was accepted: no code works twice. */
  totp_last_step: number | string | null;
  updated_at: string | null;
  /** What an hour of this person costs the store, and his commission on the quotes he built (migration 0025). */
  hourly_cost_cents: Generated<number>;
  commission_basis_points: Generated<number>;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  /** SHA-256 of the canonical code. */
  code_hash: string;
  used_at: string | null;
}

/** Append-only: the database refuses UPDATE and DELETE (migration 0008). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: string;
  /** Null for the system or an unknown email (failed login). */
  staff_id: number | null;
  /** The person's name (or email tried) at the time. */
  actor: string;
  kind: AuditKind;
  summary: string;
  /** JSON { before?, after? } */
  details: Generated<string>;
}

/** One row (id 1). */
export interface BackOfficeSettingsTable {
  id: number;
  require_two_factor: number;
  /** Sales settings (migration 0010, decision 180). */
  deposit_percent: Generated<number>;
  cancel_business_days: Generated<number>;
  quote_valid_days: Generated<number>;
  max_discount_percent: Generated<number>;
  booking_horizon_days: Generated<number>;
}

/** Where a visit was booked (migration 0022): by the office, or by the customer at /book. */
export type VisitSource = "office" | "online";

export interface VisitsTable {
  id: Generated<number>;
  /** The order it serves; null for a measurement visit booked before any order (migration 0022). */
  order_id: number | null;
  kind: VisitKind;
  status: VisitStatus;
  /** Store-local (America/New_York) YYYY-MM-DD and HH:MM. */
  visit_date: string;
  start_time: string;
  end_time: string;
  staff_id: number | null;
  /** iCalendar UID, stable across reschedules. */
  uid: string;
  /** iCalendar SEQUENCE, incremented with every change the customer may be told about. */
  sequence: number;
  created_at: string;
  updated_at: string;
  /** When the day-before reminder went (migration 0013); null until then. */
  reminder_sent_at: Generated<string | null>;
  source: Generated<VisitSource>;
  /** The booking's key of /bookings/REFERENCE: set on visits booked in a window (online or for an estimate). */
  reference: string | null;
  /** The contact typed at booking; null on an order's visit (the order holds it). */
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  note: string | null;
  text_reminders: Generated<number>;
  estimate_request_id: number | null;
  /** The installer's time on the visit (migration 0025): "on my way", arrival, done (ISO instants). */
  on_my_way_at: Generated<string | null>;
  arrived_at: Generated<string | null>;
  done_at: Generated<string | null>;
  /** The customer's language (migration 0031): the emails, texts and PDFs they get use it. */
  language: Generated<Language>;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  /** Negative for a refund. */
  amount_cents: number;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  /** Who recorded it: 'admin' today; a staff member's id too once staff log in. */
  actor: string;
  staff_id: number | null;
  received_at: string;
}

/** The order's timeline besides status changes: visits, payments, adjustments, receipts. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  summary: string;
  /** JSON: before → after. */
  details: string;
  actor: string;
  staff_id: number | null;
  created_at: string;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  body: string;
  created_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  customer_name: string;
  customer_email: string;
  customer_location: string | null;
  product_type: string | null;
  rating: number;
  review_text: string;
  status: ReviewStatus;
  created_at: string;
  moderated_at: string | null;
  /** 1 when sent from a completed order's review link: "Verified purchase" (migration 0014). */
  verified: Generated<number>;
  order_id: Generated<number | null>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  preferred_contact_method: ContactMethod;
  status: RequestStatus;
  created_at: string;
  handled_at: string | null;
}

/** A free sample request. */
export interface SampleRequestsTable {
  id: Generated<number>;
  /** Shopper-facing reference, e.g. "S-7K3M9Q". */
  reference: string;
  name: string;
  email: string;
  address: string;
  city: string;
  zip_code: string;
  /** JSON: [{ productType, color }], 1 to 5 items. */
  items: string;
  status: RequestStatus;
  created_at: string;
  handled_at: string | null;
  /** What the shopper sent, hashed: the same request within a minute is stored once (0016). */
  fingerprint: string | null;
}

/** A free in-home estimate request. */
export interface EstimateRequestsTable extends CustomerContactColumns {
  id: Generated<number>;
  /** Shopper-facing reference, e.g. "E-7K3M9Q". */
  reference: string;
  window_count: number;
  /** JSON: a list of product types, possibly empty. */
  product_types: string;
  preferred_window: VisitWindow | null;
  message: string | null;
  status: RequestStatus;
  created_at: string;
  handled_at: string | null;
  /** What the shopper sent, hashed: the same request within a minute is stored once (0016). */
  fingerprint: string | null;
}

/** A re-encoded photo of an estimate request; the file is DATA_DIR/uploads/estimates/file_name. */
export interface EstimatePhotosTable extends StoredPhotoColumns {
  id: Generated<number>;
  estimate_id: number;
}

/**
 * An owner's photo of a product: renditions are files under
 * DATA_DIR/uploads/products, `<file_key>-<width>.avif` and `.webp` for each of `widths`.
 */
export interface ProductPhotosTable {
  id: Generated<number>;
  product_id: number;
  file_key: string;
  alt: string;
  /** The widest rendition's size in pixels. */
  width: number;
  height: number;
  /** JSON: the rendition widths, narrowest first. */
  widths: string;
  /** All renditions together. */
  bytes: number;
  sort_order: number;
  created_at: string;
}

export interface AdminCredentialsTable {
  /** Always 1: one shared admin password. */
  id: number;
  password_hash: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  /** SHA-256 of the session token; the token itself lives only in the cookie. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The account signed in (migration 0008). */
  staff_id: number | null;
  user_agent: string | null;
}

/**
 * Transactional outbox for email: written in the same transaction as the order (or review,
 * contact message), sent after commit, retried until sent. A failed send never loses an order.
 */
export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  related_type: string | null;
  related_id: number | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
  /** Which process is sending it, until when (migration 0007). */
  claimed_by: Generated<string | null>;
  claimed_until: Generated<string | null>;
  /** An iCalendar invite (METHOD:REQUEST) sent with the email, or null. */
  calendar: Generated<string | null>;
  /** Where answers go when not to the sender (a contact or estimate notice: the customer). */
  reply_to: Generated<string | null>;
  /** JSON [{ filename, contentType, content (base64) }] sent with the email (migration 0012). */
  attachments: Generated<string | null>;
}

/** Fixed-window counters shared by every process; `expires_at` in ms since the epoch. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expires_at: number | string;
}

/** Migration 0030: the first answer to each Idempotency-Key (decision 580). */
export interface IdempotencyKeysTable {
  staff_id: number;
  /** "POST /api/admin/visits/7/on-my-way": the method and the path asked for. */
  route: string;
  key: string;
  /** sha-256 of the request's body (JSON canonical; multipart: each field and file). */
  request_hash: string;
  state: "running" | "done";
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: string;
}

/** One row per scheduled job: who runs it and when it is due again (ms since the epoch). */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_until: Generated<number | string>;
  next_run_at: Generated<number | string>;
  last_run_at: string | null;
}

/** One row (id 1): bumped by every catalog change, read by the other processes. */
export interface CatalogVersionTable {
  id: number;
  version: number | string;
}

export interface StoreMetaTable {
  key: string;
  value: string;
  created_at: string;
}

/** Quotes the customer accepts online (migration 0012, decision 200). */
export interface QuotesTable extends CustomerContactColumns, TaxExemptColumns {
  id: Generated<number>;
  quote_number: number;
  /** The customer's link /quotes/TOKEN: 128 random bits, never logged unmasked. */
  token: string;
  status: QuoteStatus;
  revision: Generated<number>;
  discount_basis_points: Generated<number>;
  deposit_percent: number;
  /** Store date (YYYY-MM-DD): the quote holds through its end. */
  valid_until: string;
  note: string | null;
  estimate_id: number | null;
  visit_id: number | null;
  order_id: number | null;
  accepted_order_id: number | null;
  staff_id: number | null;
  total_cents: Generated<number>;
  sent_at: string | null;
  viewed_at: string | null;
  view_count: Generated<number>;
  answered_at: string | null;
  decline_reason: string | null;
  created_at: string;
  updated_at: string;
  /** The customer's language (migration 0031): the emails, texts and PDFs they get use it. */
  language: Generated<Language>;
}

export interface QuoteItemsTable extends PricedItemColumns {
  id: Generated<number>;
  quote_id: number;
  position: number;
  optional: number;
  /** JSON: the rates that priced the item (ItemRates). */
  pricing: string;
  /** Migration 0029: the position of the item this row is an alternative to; null for an item. */
  alternative_of: Generated<number | null>;
  /** Migration 0029: 1 for an item offering alternatives, 2, 3… for them; null otherwise. */
  tier: Generated<number | null>;
  /** Migration 0029: 1 for the rows the accepted order was made of. */
  sold: Generated<number>;
  /** Migration 0029: JSON of the measurements the size came from (MeasuredSize), or null. */
  measured: Generated<string | null>;
}

export interface QuoteSignaturesTable {
  quote_id: number;
  order_id: number;
  revision: number;
  signature_name: string;
  signed_at: string;
  ip_address: string;
  user_agent: string;
  /** JSON list of the optional items the customer ticked. */
  optional_item_ids: string;
  shown_sha256: string;
  /** Migration 0029: JSON list of the customer's choices [{ itemId, alternativeId }]. */
  choices: Generated<string>;
}

export interface QuoteEventsTable {
  id: Generated<number>;
  quote_id: number;
  kind: string;
  summary: string;
  actor: string;
  created_at: string;
}

export interface QuoteRemindersTable {
  quote_id: number;
  kind: string;
  sent_at: string;
}

/** A one-time /account sign-in link (migration 0015): only the token's SHA-256 is kept. */
export interface AccountLinksTable {
  token_hash: string;
  /** Lower-cased. */
  email: string;
  created_at: string;
  /** 15 minutes after created_at. */
  expires_at: string;
  /** Set by the first use: a link opens one session, once. */
  used_at: string | null;
  /** The customer's language (migration 0031): the emails, texts and PDFs they get use it. */
  language: Generated<Language>;
}

/** A customer's /account session (30 days); the token lives only in the cookie. */
export interface AccountSessionsTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
}

// ---- Purchasing and close-out (migration 0014) ----

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  account_number: string | null;
  lead_days: number;
  created_at: string;
  updated_at: string;
}

export interface PurchaseOrdersTable {
  id: Generated<number>;
  po_number: number;
  order_id: number;
  supplier_id: number;
  status: PurchaseOrderStatus;
  supplier_reference: string | null;
  /** YYYY-MM-DD, store time. */
  expected_ship_date: string;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Where a purchase-order line's cost came from (migration 0025). */
export type LineCostSource = "entered" | "grid";

export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  purchase_order_id: number;
  order_item_id: number;
  quantity: number;
  received_quantity: Generated<number>;
  is_remake: Generated<number>;
  created_at: string;
  /** What one piece cost (migration 0025): entered, or priced from the supplier's grid; null: unknown. */
  unit_cost_cents: Generated<number | null>;
  cost_source: Generated<LineCostSource | null>;
}

/** Migration 0025: a supplier's cost of a product type up to a width × height (eighths). */
export interface SupplierPriceGridTable {
  id: Generated<number>;
  supplier_id: number;
  product_type: string;
  max_width_eighths: number;
  max_height_eighths: number;
  cost_cents: number;
}

export interface RemakesTable {
  id: Generated<number>;
  order_id: number;
  order_item_id: number;
  reason: RemakeReason;
  note: string;
  paid_by: RemakePayer;
  purchase_order_line_id: number;
  actor: string;
  staff_id: number | null;
  created_at: string;
}

export interface CloseOutsTable {
  id: Generated<number>;
  visit_id: number;
  order_id: number;
  /** JSON [{ itemId, status, note }] */
  items: string;
  signer_name: string;
  signature_file: string;
  actor: string;
  staff_id: number | null;
  created_at: string;
  /** Why money was left due at the close-out; null when nothing was (migration 0022). */
  balance_reason: string | null;
}

export interface CloseOutPhotosTable extends StoredPhotoColumns {
  id: Generated<number>;
  close_out_id: number;
}

export interface Database {
  suppliers: SuppliersTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  remakes: RemakesTable;
  supplier_price_grid: SupplierPriceGridTable;
  close_outs: CloseOutsTable;
  close_out_photos: CloseOutPhotosTable;
  products: ProductsTable;
  product_colors: ProductColorsTable;
  colors: ColorsTable;
  zebra_collections: ZebraCollectionsTable;
  zebra_fabrics: ZebraFabricsTable;
  services: ServicesTable;
  installation_tiers: InstallationTiersTable;
  zebra_option_prices: ZebraOptionPricesTable;
  order_counters: OrderCountersTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  projects: ProjectsTable;
  visit_measurements: VisitMeasurementsTable;
  project_items: ProjectItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_notes: OrderNotesTable;
  reviews: ReviewsTable;
  contact_messages: ContactMessagesTable;
  sample_requests: SampleRequestsTable;
  estimate_requests: EstimateRequestsTable;
  estimate_photos: EstimatePhotosTable;
  product_photos: ProductPhotosTable;
  admin_credentials: AdminCredentialsTable;
  admin_sessions: AdminSessionsTable;
  email_outbox: EmailOutboxTable;
  store_meta: StoreMetaTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  job_leases: JobLeasesTable;
  catalog_version: CatalogVersionTable;
  staff: StaffTable;
  visits: VisitsTable;
  payments: PaymentsTable;
  order_events: OrderEventsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  audit_log: AuditLogTable;
  back_office_settings: BackOfficeSettingsTable;
  staff_hours: StaffHoursTable;
  staff_time_off: StaffTimeOffTable;
  text_consents: TextConsentsTable;
  text_outbox: TextOutboxTable;
  quotes: QuotesTable;
  quote_items: QuoteItemsTable;
  quote_signatures: QuoteSignaturesTable;
  quote_events: QuoteEventsTable;
  quote_reminders: QuoteRemindersTable;
  account_links: AccountLinksTable;
  account_sessions: AccountSessionsTable;
  text_threads: TextThreadsTable;
  text_messages: TextMessagesTable;
  text_media: TextMediaTable;
  closures: ClosuresTable;
}

/** Migration 0013: an installer's weekly working ranges ('mon' … 'sun', HH:MM). */
export interface StaffHoursTable {
  id: Generated<number>;
  staff_id: number;
  weekday: Weekday;
  start_time: string;
  end_time: string;
}

/** Migration 0013: days off, both dates included. */
export interface StaffTimeOffTable {
  id: Generated<number>;
  staff_id: number;
  from_date: string;
  to_date: string;
}

/** Migration 0013: what a customer agreed to about texts, when and from which address. */
export interface TextConsentsTable {
  id: Generated<number>;
  phone: string;
  words: string;
  /** 'booking' | 'checkout' */
  source: string;
  /** The visit booked with this consent (migration 0020; a booking before). */
  visit_id: number | null;
  order_id: number | null;
  client_address: string;
  consented_at: string;
  /** Migration 0024: 'opt-in' | 'opt-out' (the rows before it are opt-ins). */
  event: Generated<ConsentEvent>;
  /** Migration 0024: the number in E.164 form, how one number's entries are found. */
  phone_e164: string | null;
}

export type ConsentEvent = "opt-in" | "opt-out";

/** Migration 0024: one thread per phone number (E.164). */
export interface TextThreadsTable {
  id: Generated<number>;
  phone: string;
  customer_name: string | null;
  created_at: string;
  last_message_at: string;
}

/** Migration 0024: a text in or out of a thread; an inbound MessageSid is taken once. */
export interface TextMessagesTable {
  id: Generated<number>;
  thread_id: number;
  direction: "in" | "out";
  body: string;
  at: string;
  message_sid: string | null;
  /** 0 until staff open the thread (inbound); 1 for what the store sent. */
  read: number;
  staff_id: number | null;
}

/** Migration 0024: an MMS photo of an inbound text, a file under DATA_DIR. */
export interface TextMediaTable {
  id: Generated<number>;
  message_id: number;
  content_type: string;
  file_name: string;
  size_bytes: number;
}

/** Migration 0024: days the store is closed (a storm), both dates included. */
export interface ClosuresTable {
  id: Generated<number>;
  from_date: string;
  to_date: string;
  reason: string;
  created_at: string;
  created_by: number | null;
  /** Set once by the move-all that moved the visits on those days. */
  moved_at: string | null;
}

/** Migration 0013: texts queued in the transaction that decides them, sent once. */
export interface TextOutboxTable {
  id: Generated<number>;
  /** 'reminder' | 'on_my_way' */
  kind: string;
  to_phone: string;
  body: string;
  related_type: string | null;
  related_id: number | null;
  /** 'pending' | 'sending' | 'sent' | 'failed' */
  status: string;
  attempts: number;
  claimed_by: string | null;
  claimed_until: string | null;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Migration 0024: the number in E.164 form (a STOP drops what is queued to it). */
  to_e164: string | null;
}

export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type CartItemRow = Selectable<CartItemsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectItemRow = Selectable<ProjectItemsTable>;
export type NewCartItem = Insertable<CartItemsTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type SampleRequestRow = Selectable<SampleRequestsTable>;
export type EstimateRequestRow = Selectable<EstimateRequestsTable>;
export type EstimatePhotoRow = Selectable<EstimatePhotosTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type StaffRow = Selectable<StaffTable>;
export type VisitRow = Selectable<VisitsTable>;
/**
 * A visit booked in a window (online, or by the office for an estimate request), as its emails
 * and the customer's page read it: its reference and the contact typed at booking.
 */
export type BookingRow = Omit<VisitRow, "reference" | keyof CustomerContactColumns> &
  CustomerContactColumns & { reference: string };
export type TextOutboxRow = Selectable<TextOutboxTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type QuoteItemRow = Selectable<QuoteItemsTable>;
