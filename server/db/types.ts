/**
 * Table types for Kysely. Conventions, the same on SQLite and PostgreSQL:
 * - money in integer cents (`*_cents`), sizes in integer eighths of an inch (`*_eighths`);
 * - booleans as integers 0/1; timestamps as ISO-8601 UTC text ("2026-11-21T08:00:00.000Z"),
 *   which sorts correctly as text;
 * - JSON as text (`configuration`), parsed by the repositories.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

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
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: string;
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

export interface OrdersTable {
  id: Generated<number>;
  /** Unguessable public reference shown to the customer (/orders/REFERENCE). */
  reference: string;
  /** The cart this order was placed from: unique, which makes placing idempotent per cart. */
  cart_id: string;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  special_instructions: string | null;
  visit_window: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  item_count: number;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  kind: string;
  product_id: number | null;
  service_id: number | null;
  item_type: string;
  name: string;
  width_eighths: number;
  height_eighths: number;
  selected_color: string;
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

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: string | null;
  to_status: string;
  note: string | null;
  /** 'customer' (placing), 'admin', 'system'. */
  actor: string;
  changed_at: string;
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
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  created_at: string;
  moderated_at: string | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  preferred_contact_method: string;
  /** 'new' | 'handled' */
  status: string;
  created_at: string;
  handled_at: string | null;
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
}

export interface Database {
  products: ProductsTable;
  product_colors: ProductColorsTable;
  colors: ColorsTable;
  zebra_collections: ZebraCollectionsTable;
  zebra_fabrics: ZebraFabricsTable;
  services: ServicesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_notes: OrderNotesTable;
  reviews: ReviewsTable;
  contact_messages: ContactMessagesTable;
  admin_credentials: AdminCredentialsTable;
  admin_sessions: AdminSessionsTable;
  email_outbox: EmailOutboxTable;
}

export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type CartItemRow = Selectable<CartItemsTable>;
export type NewCartItem = Insertable<CartItemsTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
