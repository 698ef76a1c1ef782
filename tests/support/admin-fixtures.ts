/**
 * Rows for admin tests, inserted directly (orders, reviews and contact messages are created by
 * other parts of the store; these tests must not depend on them), and a logged-in cookie.
 */
import { randomBytes } from "node:crypto";
import type { VisitWindow } from "../../domain/orders/checkout-fields";
import type { OrderStatus } from "../../domain/orders/order-status";
import { calculateSalesTax } from "../../domain/orders/sales-tax";
import type { ReviewStatus } from "../../domain/people/admin-schema";
import type { RequestStatus } from "../../domain/requests/request-fields";
import { DEFAULT_BUSINESS } from "../../domain/shared/business";
import type { Db } from "../../server/db/database";
import { nextOrderNumber, orderTaxColumns } from "../../server/db/repositories/orders/orders";

const LEE_COUNTY_TAX = {
  salesTaxBasisPoints: DEFAULT_BUSINESS.salesTaxBasisPoints,
  surtaxBasisPoints: DEFAULT_BUSINESS.surtaxBasisPoints,
};

import { request, type TestStore } from "./test-app";

export const TEST_ADMIN_PASSWORD = "test-admin-password";
/** The first owner: ADMIN_EMAIL defaults to the business email. */
export const TEST_ADMIN_EMAIL = "hello@example.com";
/** The name start-up gives the first owner; changes carry it as their actor. */
export const TEST_ADMIN_NAME = "Owner";

export interface TestOrderInput {
  status?: OrderStatus;
  reference?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
  specialInstructions?: string | null;
  visitWindow?: VisitWindow | null;
  createdAt?: string;
  items?: Partial<TestItemInput>[];
}

export interface TestItemInput {
  name: string;
  itemType: string;
  productId: number | null;
  widthEighths: number;
  heightEighths: number;
  selectedColor: string;
  colorName: string;
  includeInstallation: boolean;
  quantity: number;
  unitPriceCents: number;
  installationCents: number;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
}

const DEFAULT_ITEM: TestItemInput = {
  name: "Vinyl Vertical Blinds",
  itemType: "vinyl",
  productId: 1,
  widthEighths: 36 * 8 + 3,
  heightEighths: 48 * 8,
  selectedColor: "white",
  colorName: "White",
  includeInstallation: true,
  quantity: 1,
  unitPriceCents: 12_400,
  installationCents: 7_500,
  roomLabel: "Kitchen left",
  // As the cart stores a vinyl item: its options; the size is in the size columns.
  configuration: {
    productType: "vinyl",
    selectedColor: "white",
    includeInstallation: true,
  },
};

/** A shutter from the second product (its own supplier in the purchasing tests), sized to the 1/8". */
export const SHUTTER_ITEM: Partial<TestItemInput> = {
  name: "Standard Plantation Shutters",
  itemType: "standard-shutters",
  productId: 2,
  widthEighths: 30 * 8 + 5,
  heightEighths: 60 * 8 + 1,
  selectedColor: "cream",
  colorName: "Cream",
  roomLabel: "Master bedroom",
  unitPriceCents: 30_000,
  configuration: {
    productType: "standard-shutters",
    selectedColor: "cream",
    includeInstallation: true,
    mount: "outside",
    louverSize: "3.5",
  },
};

export async function insertTestOrder(
  db: Db,
  input: TestOrderInput = {},
): Promise<{ id: number; reference: string; orderNumber: number }> {
  const orderNumber = await nextOrderNumber(db);
  const items = (input.items ?? [{}]).map((i) => ({ ...DEFAULT_ITEM, ...i }));
  const subtotal = items.reduce((s, i) => s + i.unitPriceCents * i.quantity, 0);
  const createdAt = input.createdAt ?? new Date().toISOString();
  const tax = calculateSalesTax(items, subtotal, subtotal, LEE_COUNTY_TAX);
  const reference = input.reference ?? `T${randomBytes(6).toString("hex").toUpperCase()}`;
  const order = await db
    .insertInto("orders")
    .values({
      reference,
      order_number: orderNumber,
      cart_id: randomBytes(16).toString("base64url"),
      status: input.status ?? "pending",
      first_name: input.firstName ?? "Jane",
      last_name: input.lastName ?? "Doe",
      email: input.email ?? "jane@example.com",
      phone: input.phone ?? "(239) 555-0100",
      address: input.address ?? "12 Palm Way",
      city: "Fort Myers",
      state: "FL",
      zip_code: "33901",
      special_instructions:
        input.specialInstructions === undefined ? "Gate code 1234" : input.specialInstructions,
      visit_window: input.visitWindow === undefined ? "saturday" : input.visitWindow,
      subtotal_cents: subtotal,
      discount_cents: 0,
      shipping_cents: subtotal > 20_000 ? 0 : 2_500,
      tax_cents: tax.taxCents,
      total_cents: subtotal + (subtotal > 20_000 ? 0 : 2_500) + tax.taxCents,
      ...orderTaxColumns({ ...LEE_COUNTY_TAX, ...tax }),
      item_count: items.length,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let position = 0;
  for (const i of items) {
    await db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        position: position++,
        kind: i.productId === null ? "service" : "product",
        product_id: i.productId,
        service_id: i.productId === null ? 1 : null,
        item_type: i.itemType,
        name: i.name,
        width_eighths: i.widthEighths,
        height_eighths: i.heightEighths,
        selected_color: i.selectedColor,
        color_name: i.colorName,
        include_installation: i.includeInstallation ? 1 : 0,
        quantity: i.quantity,
        unit_price_cents: i.unitPriceCents,
        installation_cents: i.installationCents,
        line_total_cents: i.unitPriceCents * i.quantity,
        room_label: i.roomLabel,
        configuration: JSON.stringify(i.configuration),
      })
      .execute();
  }
  await db
    .insertInto("order_status_history")
    .values({
      order_id: order.id,
      from_status: null,
      to_status: input.status ?? "pending",
      note: null,
      actor: "customer",
      changed_at: createdAt,
    })
    .execute();
  return { id: order.id, reference, orderNumber };
}

export async function insertTestReview(
  db: Db,
  input: { status?: ReviewStatus; customerName?: string; reviewText?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto("reviews")
    .values({
      customer_name: input.customerName ?? "Maria G.",
      customer_email: "maria@example.com",
      customer_location: "Cape Coral",
      product_type: "vinyl",
      rating: 5,
      review_text: input.reviewText ?? "Careful measuring and a tidy installation.",
      status: input.status ?? "pending",
      created_at: new Date().toISOString(),
      moderated_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTestMessage(
  db: Db,
  input: { subject?: string; status?: RequestStatus } = {},
): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      first_name: "Sam",
      last_name: "Lee",
      email: "sam@example.com",
      phone: "(239) 555-0111",
      subject: input.subject ?? "Quote for shutters",
      message: "Three windows in the living room.",
      preferred_contact_method: "email",
      status: input.status ?? "new",
      created_at: new Date().toISOString(),
      handled_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Logs the first owner in through the API and returns the Cookie header value. */
export async function loginCookie(
  store: Pick<TestStore, "app">,
  headers: Record<string, string> = {},
): Promise<string> {
  return loginAs(store, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, headers);
}

/** Logs a staff member in through the API and returns the Cookie header value. */
export async function loginAs(
  store: Pick<TestStore, "app">,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await request(store, "POST", "/api/admin/login", { email, password }, headers);
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status}`);
  const setCookie = res.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}

let staffSerial = 0;

/**
 * A staff member added by the owner (temporary password) who has then chosen his own password:
 * ready to work. Answers his id, email, password and a logged-in cookie.
 */
export async function addWorkingStaff(
  store: Pick<TestStore, "app">,
  ownerCookie: string,
  role: "owner" | "office" | "installer",
  name = `${role} ${++staffSerial}`,
): Promise<{ id: number; email: string; password: string; cookie: string }> {
  const email = `${role}.${randomBytes(4).toString("hex")}@example.com`;
  const temporary = "temporary-pass-1";
  const added = await request(
    store,
    "POST",
    "/api/admin/staff",
    { name, email, role, password: temporary },
    { cookie: ownerCookie },
  );
  if (added.status !== 201) throw new Error(`adding ${email} failed: ${added.status}`);
  const address = { "x-forwarded-for": `10.77.${staffSerial % 250}.${added.body.id % 250}` };
  const first = await loginAs(store, email, temporary, address);
  const password = `own-password-${added.body.id}`;
  const changed = await request(
    store,
    "POST",
    "/api/admin/password",
    { currentPassword: temporary, newPassword: password },
    { cookie: first },
  );
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.status}`);
  return { id: added.body.id, email, password, cookie: first };
}

/** Two suppliers, one for product 1 (vinyl blinds) and one for product 2 (shutters). */
export async function supplyBothProducts(
  store: Pick<TestStore, "app">,
  ownerCookie: string,
): Promise<void> {
  for (const [product, name] of [
    [1, "Sunshine Vinyl Fabricators"],
    [2, "Gulf Shutter Works"],
  ] as const) {
    const supplier = await request(
      store,
      "POST",
      "/api/admin/suppliers",
      { name, email: `po${product}@suppliers.example.com`, leadDays: 7 * product },
      { cookie: ownerCookie },
    );
    if (supplier.status !== 201) throw new Error(`adding ${name} failed: ${supplier.status}`);
    const changed = await request(
      store,
      "PATCH",
      `/api/admin/products/${product}`,
      { supplierId: supplier.body.id },
      { cookie: ownerCookie },
    );
    if (changed.status !== 200) throw new Error(`product ${product}: ${changed.status}`);
  }
}
