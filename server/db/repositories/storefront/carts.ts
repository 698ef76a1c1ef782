/** Carts and their items. Every item query is scoped by cart id: one session never sees another's. */
import type { Language } from "../../../../domain/i18n/language";
import type { StoredConfiguration } from "../../../../domain/shared/schemas";
import { fixedQuery } from "../../compiled-query";
import { type Db, now, toNumber } from "../../database";
import type { CartItemRow } from "../../types";
import { parseItemConfiguration } from "../stored-item";

/** Every column of a new cart item: all given, none left to the schema. */
export type CartItemColumns = Omit<CartItemRow, "id">;

/** A cart item row with its configuration parsed once (null when it no longer parses). */
export interface CartItemRecord extends CartItemRow {
  config: StoredConfiguration | null;
}

export async function cartExists(db: Db, cartId: string): Promise<boolean> {
  const row = await db.selectFrom("carts").select("id").where("id", "=", cartId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the cart exists and, when it has become an order, that order's id: one query for
 * what placing an order checks before its transaction (undefined: no such cart).
 */
export async function findCartOrderId(
  db: Db,
  cartId: string,
): Promise<{ orderId: number | null } | undefined> {
  const [row] = await selectCartOrderId.rows(db, { cartId });
  return row ? { orderId: row.order_id === null ? null : toNumber(row.order_id) } : undefined;
}

// The statements of adding to a cart and of placing an order, compiled once.
const selectCartOrderId = fixedQuery((db, p: { cartId: string }) =>
  db
    .selectFrom("carts")
    .leftJoin("orders", "orders.cart_id", "carts.id")
    .select("orders.id as order_id")
    .where("carts.id", "=", p.cartId),
);
const insertCart = fixedQuery((db, p: { id: string; at: string; language: Language }) =>
  db
    .insertInto("carts")
    .values({ id: p.id, created_at: p.at, updated_at: p.at, language: p.language }),
);
const touchCartRow = fixedQuery((db, p: { cartId: string; at: string }) =>
  db
    .updateTable("carts")
    .set({ updated_at: p.at })
    .where("id", "=", p.cartId)
    .returning(["id", "language"]),
);
const selectCartItems = fixedQuery((db, p: { cartId: string }) =>
  db.selectFrom("cart_items").selectAll().where("cart_id", "=", p.cartId).orderBy("id"),
);
// Every column named: the markers stand for the values (a column left out would not be stored).
const insertCartItemRow = fixedQuery((db, p: CartItemColumns) =>
  db
    .insertInto("cart_items")
    .values({
      cart_id: p.cart_id,
      kind: p.kind,
      product_id: p.product_id,
      service_id: p.service_id,
      item_type: p.item_type,
      name: p.name,
      width_eighths: p.width_eighths,
      height_eighths: p.height_eighths,
      selected_color: p.selected_color,
      include_installation: p.include_installation,
      quantity: p.quantity,
      unit_price_cents: p.unit_price_cents,
      room_label: p.room_label,
      configuration: p.configuration,
      created_at: p.created_at,
      updated_at: p.updated_at,
    })
    // The id alone: every other column is what the caller gave.
    .returning("id"),
);
const deleteItemsOfCart = fixedQuery((db, p: { cartId: string }) =>
  db.deleteFrom("cart_items").where("cart_id", "=", p.cartId),
);

export async function createCart(
  db: Db,
  cartId: string,
  at: string = now(),
  language: Language = "en",
): Promise<void> {
  await insertCart.run(db, { id: cartId, at, language });
}

/** The language the shopper last added in (the order takes it when checkout sends none). */
export async function setCartLanguage(db: Db, cartId: string, language: Language): Promise<void> {
  await db.updateTable("carts").set({ language }).where("id", "=", cartId).execute();
}

export async function findCartLanguage(db: Db, cartId: string): Promise<Language | undefined> {
  const row = await db
    .selectFrom("carts")
    .select("language")
    .where("id", "=", cartId)
    .executeTakeFirst();
  return row?.language;
}

export async function touchCart(db: Db, cartId: string): Promise<void> {
  await db.updateTable("carts").set({ updated_at: now() }).where("id", "=", cartId).execute();
}

/**
 * Locks the cart for the rest of the transaction and says whether it exists. An UPDATE takes
 * the row lock on PostgreSQL (as SELECT … FOR UPDATE would) and, as the transaction's first
 * statement, SQLite's write lock: add-item and place-order on one cart run one after the other.
 */
export async function lockCart(db: Db, cartId: string): Promise<boolean> {
  return (await lockCartReadingLanguage(db, cartId)) !== undefined;
}

/** `lockCart`, answering the cart's language (undefined: no such cart). */
export async function lockCartReadingLanguage(
  db: Db,
  cartId: string,
): Promise<Language | undefined> {
  const [row] = await touchCartRow.rows(db, { cartId, at: now() });
  return row?.language;
}

export async function listCartItems(db: Db, cartId: string): Promise<CartItemRecord[]> {
  return (await selectCartItems.rows(db, { cartId })).map(normalizeItem);
}

export async function countCartItems(db: Db, cartId: string): Promise<number> {
  const row = await db
    .selectFrom("cart_items")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("cart_id", "=", cartId)
    .executeTakeFirst();
  return toNumber(row?.n);
}

/**
 * Inserts an item and answers its row as a read would, nothing read back: every column is the
 * value given (the insert names them all, decision 385) and RETURNING brings only the new id.
 * RETURNING * cost SQLite a third more CPU for this insert, copying back what it was just given
 *.
 */
export async function insertCartItem(db: Db, item: CartItemColumns): Promise<CartItemRecord> {
  const { id } = await insertCartItemRow.first(db, item);
  return normalizeItem({ id, ...item });
}

export async function findCartItem(
  db: Db,
  cartId: string,
  itemId: number,
): Promise<CartItemRecord | undefined> {
  const row = await db
    .selectFrom("cart_items")
    .selectAll()
    .where("cart_id", "=", cartId)
    .where("id", "=", itemId)
    .executeTakeFirst();
  return row ? normalizeItem(row) : undefined;
}

/** Returns how many rows changed: 0 when the item is not in this cart. */
export async function updateCartItemQuantity(
  db: Db,
  cartId: string,
  itemId: number,
  quantity: number,
  unitPriceCents: number,
): Promise<number> {
  const result = await db
    .updateTable("cart_items")
    .set({ quantity, unit_price_cents: unitPriceCents, updated_at: now() })
    .where("cart_id", "=", cartId)
    .where("id", "=", itemId)
    .executeTakeFirst();
  return toNumber(result.numUpdatedRows);
}

/** Returns how many rows went: 0 when the item is not in this cart. */
export async function deleteCartItem(db: Db, cartId: string, itemId: number): Promise<number> {
  const result = await db
    .deleteFrom("cart_items")
    .where("cart_id", "=", cartId)
    .where("id", "=", itemId)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteCartItems(db: Db, cartId: string): Promise<void> {
  await deleteItemsOfCart.run(db, { cartId });
}

/**
 * The one row mapper: pg answers bigint (money) and some ids as strings. Object.assign, not
 * `{ ...row, id, … }`: on Node 20 the spread followed by properties cost ~7 µs a row.
 */
function normalizeItem(row: CartItemRow): CartItemRecord {
  return Object.assign({}, row, {
    id: toNumber(row.id),
    product_id: row.product_id === null ? null : toNumber(row.product_id),
    service_id: row.service_id === null ? null : toNumber(row.service_id),
    unit_price_cents: toNumber(row.unit_price_cents),
    config: parseItemConfiguration(row),
  });
}
