/**
 * Cart use cases. Every price
 * comes from the domain's pricing engine with the catalog's pricing context; a client's
 * calculatedPrice is never read. Sessions are scoped: an item of another cart is "not found".
 * A cart row is created by the first add, never by reading.
 */

import type { Language } from "../../../domain/i18n/language";
import { fromEighths, toEighths } from "../../../domain/shared/dimensions";
import { centsToDecimalString } from "../../../domain/shared/money";
import { type StoredConfiguration, serializeConfiguration } from "../../../domain/shared/schemas";
import {
  type CatalogNames,
  type DescribableItem,
  describeColor,
  describeItem,
} from "../../../domain/storefront/cart-item-description";
import type { CartItemInput } from "../../../domain/storefront/cart-schema";
import { type CartTotals, calculateCartTotals } from "../../../domain/storefront/cart-totals";
import { ZEBRA_PRODUCT_ID } from "../../../domain/storefront/catalog";
import {
  findPricingProduct,
  findPricingService,
  type ItemPrice,
  type PricingContext,
  type PricingProduct,
  priceItem,
} from "../../../domain/storefront/pricing";
import { productOptionsSchema } from "../../../domain/storefront/product-options-schema";
import { type Db, now } from "../../db/database";
import { findOrderByCartId } from "../../db/repositories/orders/orders";
import {
  type CartItemRecord,
  cartExists,
  countCartItems,
  createCart,
  deleteCartItem,
  deleteCartItems,
  findCartItem,
  insertCartItem,
  listCartItems,
  lockCart,
  lockCartReadingLanguage,
  setCartLanguage,
  touchCart,
  updateCartItemQuantity,
} from "../../db/repositories/storefront/carts";
import type { CartItemRow } from "../../db/types";
import { AppError, fieldError, validationError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { isCartSessionId, newCartSessionId } from "./cart-session";
import { requireSoldZebraFabric } from "./zebra-choice";

export type { ItemPrice };

/** A cart holds at most this many rows (each row can hold 99 pieces). */
export const MAX_CART_ITEMS = 50;

/** The columns a cart item and an order item snapshot share for describing the item. */
export interface StoredItem
  extends Pick<
    CartItemRow,
    "item_type" | "width_eighths" | "height_eighths" | "selected_color" | "include_installation"
  > {
  product_id: number | null;
  config: StoredConfiguration | null;
}

/** The server's price of one piece of a stored item, or null when it can't be sold any more. */
export function priceStoredItem(ctx: PricingContext, row: StoredItem): ItemPrice | null {
  return row.config
    ? priceItem(ctx, { productId: row.product_id, configuration: row.config })
    : null;
}

/** A stored cart or order item as the description helpers take it. */
export function describableItem(row: StoredItem): DescribableItem {
  return {
    itemType: row.item_type,
    width: fromEighths(row.width_eighths),
    height: fromEighths(row.height_eighths),
    selectedColor: row.selected_color,
    includeInstallation: row.include_installation === 1,
    configuration: row.config,
  };
}

/** The configuration as the wire shows it: the stored object, {} when it no longer parses. */
export function configurationObject(config: StoredConfiguration | null): Record<string, unknown> {
  if (!config) return {};
  const { type: _type, ...rest } = config;
  return rest;
}

export interface CartItemView {
  id: number;
  productId: number | null;
  serviceType: string | null;
  itemType: string;
  productName: string;
  /** Decimal inches, fraction included. */
  width: number;
  height: number;
  selectedColor: string;
  colorName: string | null;
  includeInstallation: boolean;
  quantity: number;
  /** Unit price of one piece, "123.45". */
  calculatedPrice: string;
  lineTotal: string;
  unitPriceCents: number;
  lineTotalCents: number;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
  details: string[];
  /** False when the catalog no longer sells this item: it must be removed before checkout. */
  available: boolean;
}

export interface CartView {
  /** A new, not yet stored id when the request named no cart (the first add creates it). */
  sessionId: string;
  items: CartItemView[];
  totals: CartTotals;
}

/** What an item's view reads of its row: a cart item's, or a saved project's. */
export type ViewableItem = Pick<
  CartItemRecord,
  | "id"
  | "kind"
  | "product_id"
  | "item_type"
  | "name"
  | "width_eighths"
  | "height_eighths"
  | "selected_color"
  | "include_installation"
  | "quantity"
  | "room_label"
  | "config"
>;

/** A cart item's view (a saved project's items are shown the same way). */
export function toItemView(
  row: ViewableItem,
  price: ItemPrice | null,
  names: CatalogNames,
): CartItemView {
  const unit = price?.unitCents ?? 0;
  const item = describableItem(row);
  return {
    id: row.id,
    productId: row.product_id,
    serviceType: row.kind === "service" ? row.item_type : null,
    productName: row.name,
    itemType: item.itemType,
    width: item.width,
    height: item.height,
    selectedColor: item.selectedColor,
    includeInstallation: item.includeInstallation,
    colorName: describeColor(item, names),
    quantity: row.quantity,
    calculatedPrice: centsToDecimalString(unit),
    lineTotal: centsToDecimalString(unit * row.quantity),
    unitPriceCents: unit,
    lineTotalCents: unit * row.quantity,
    roomLabel: row.room_label,
    configuration: configurationObject(row.config),
    details: describeItem(item, names),
    available: price !== null,
  };
}

export type NewItem = Omit<CartItemRow, "id" | "cart_id" | "created_at" | "updated_at">;

/** What a product's cart item says of the product. */
function productColumns(product: PricingProduct) {
  return {
    kind: "product" as const,
    product_id: product.id,
    service_id: null,
    item_type: product.type,
    name: product.name,
  };
}

/**
 * Each product type's options schema, built once: a zod schema built per add cost the build and
 * zod's first-parse compilation every time (the new cart's profile, decision 362).
 */
const optionsSchemas = new Map<string, ReturnType<typeof productOptionsSchema>>();
function optionsSchemaOf(productType: string) {
  let schema = optionsSchemas.get(productType);
  if (!schema) {
    schema = productOptionsSchema(productType);
    optionsSchemas.set(productType, schema);
  }
  return schema;
}

/**
 * The columns of a new cart item, priced by the server. Every spread here comes last in its
 * object: on Node 20's V8, optimized code that adds properties after a spread (`{ ...a, b }`)
 * makes a new hidden class per call, ~1 µs per property added and ~20 µs for `{ ...a, ...b }`
 *; a spread at the end of a literal stays on the fast path.
 */
export function buildItem(ctx: PricingContext, input: CartItemInput): NewItem {
  let item: Omit<NewItem, "unit_price_cents" | "quantity" | "room_label">;
  let config: StoredConfiguration;
  if (input.kind === "service") {
    const service = findPricingService(ctx, input.serviceType);
    if (!service) throw new AppError("not_found", "Track replacement is not available right now.");
    config = {
      type: "track",
      serviceType: "track-replacement",
      width: input.width,
      ...(input.height === undefined ? {} : { height: input.height }),
    };
    item = {
      kind: "service",
      product_id: null,
      service_id: service.id,
      item_type: service.type,
      name: service.name,
      width_eighths: toEighths(input.width),
      height_eighths: input.height === undefined ? 0 : toEighths(input.height),
      selected_color: "",
      include_installation: 1,
      configuration: serializeConfiguration(config),
    };
  } else if (input.kind === "zebra") {
    const product = findPricingProduct(ctx, { id: ZEBRA_PRODUCT_ID });
    if (!product) throw new AppError("not_found", "Zebra shades are not available right now.");
    const c = input.configuration;
    const fabric = requireSoldZebraFabric(ctx.zebraCollections, c);
    config = { type: "zebra", ...c };
    item = {
      width_eighths: toEighths(c.width + c.widthFraction),
      height_eighths: toEighths(c.height + c.heightFraction),
      // The fabric's name stands in for the colour.
      selected_color: fabric.name,
      include_installation: c.includeInstallation ? 1 : 0,
      configuration: serializeConfiguration(config),
      ...productColumns(product),
    };
  } else {
    const product = findPricingProduct(ctx, { id: input.productId });
    if (!product || product.type === "zebra-shades") {
      throw fieldError(
        "validation_failed",
        "productId",
        `${input.productId} is not a product we sell (see GET /api/products).`,
      );
    }
    const colorKeys = product.colors.map((c) => c.key);
    if (!colorKeys.includes(input.selectedColor)) {
      throw fieldError(
        "validation_failed",
        "selectedColor",
        `must be one of ${colorKeys.join(", ")} for ${product.name}`,
      );
    }
    const options = optionsSchemaOf(product.type).safeParse(input.configuration);
    if (!options.success) {
      const issues = options.error.issues.map((i) => ({
        ...i,
        path: ["configuration", ...i.path],
      }));
      throw validationError(issues);
    }
    config = {
      type: "blinds",
      productType: product.type,
      width: input.width,
      height: input.height,
      selectedColor: input.selectedColor,
      includeInstallation: input.includeInstallation,
      ...options.data,
    };
    item = {
      width_eighths: toEighths(input.width),
      height_eighths: toEighths(input.height),
      selected_color: input.selectedColor,
      include_installation: input.includeInstallation ? 1 : 0,
      configuration: serializeConfiguration(config),
      ...productColumns(product),
    };
  }
  const price = priceItem(ctx, { productId: item.product_id, configuration: config });
  if (!price) throw new AppError("validation_failed", "This item cannot be priced.");
  return {
    quantity: input.quantity,
    room_label: input.roomLabel,
    unit_price_cents: price.unitCents,
    ...item,
  };
}

/** New carts one address may create in an hour. */
export { NEW_CARTS_PER_HOUR } from "../../rate-limits";

export function createCartService(deps: ServiceDeps) {
  const { db, catalog, config } = deps;
  const rules = config.business;
  const cartLimits = deps.limits.newCarts;

  function emptyView(sessionId: string): CartView {
    return { sessionId, items: [], totals: calculateCartTotals([], rules) };
  }

  /**
   * The pricing context is taken before any transaction: loading the catalog inside one would
   * wait for the connection the transaction holds (SQLite has one).
   */
  async function view(trx: Db, sessionId: string, ctx: PricingContext): Promise<CartView> {
    return viewOf(sessionId, await listCartItems(trx, sessionId), ctx);
  }

  /** The cart's view from its rows (in id order), as `view` reads them. */
  function viewOf(
    sessionId: string,
    rows: readonly CartItemRecord[],
    ctx: PricingContext,
  ): CartView {
    const items = rows.map((row) => toItemView(row, priceStoredItem(ctx, row), ctx));
    return {
      sessionId,
      items,
      totals: calculateCartTotals(
        items
          .filter((i) => i.available)
          .map((i) => ({ unitPriceCents: i.unitPriceCents, quantity: i.quantity })),
        rules,
      ),
    };
  }

  /** The id of an existing cart the request names, or null. */
  async function existing(candidate: string | null): Promise<string | null> {
    return isCartSessionId(candidate) && (await cartExists(db, candidate)) ? candidate : null;
  }

  async function requireCart(candidate: string | null): Promise<string> {
    const id = await existing(candidate);
    if (id) return id;
    throw new AppError("not_found", "Cart item not found. It may have been removed already.");
  }

  /**
   * Inside the add's transaction: the named cart, locked, with its items, unless it is unknown
   * or has become an order (then a new cart, never the client's id, with no items: nothing to
   * read). The lock orders this add against a concurrent placeOrder of the same cart: the add
   * lands before the order reads the cart (and is in the order) or after it committed (and
   * goes to a new cart).
   */
  async function cartForAdding(
    trx: Db,
    candidate: string | null,
    clientKey: string,
    at: string,
    language: Language | undefined,
  ): Promise<{ sessionId: string; rows: CartItemRecord[] }> {
    const kept = isCartSessionId(candidate)
      ? await lockCartReadingLanguage(trx, candidate)
      : undefined;
    if (candidate && kept && !(await findOrderByCartId(trx, candidate))) {
      if (language && language !== kept) await setCartLanguage(trx, candidate, language);
      return { sessionId: candidate, rows: await listCartItems(trx, candidate) };
    }
    // A new cart counts toward the address's hourly cap, in this transaction:
    // shared by every process, and an add refused below rolls its count back with it.
    await cartLimits.within(trx).consume(clientKey);
    const id = newCartSessionId();
    await createCart(trx, id, at, language);
    return { sessionId: id, rows: [] };
  }

  function addBuilt(
    candidate: string | null,
    items: readonly NewItem[],
    clientKey: string,
    ctx: PricingContext,
    language?: Language,
  ): Promise<CartView> {
    return db.transaction().execute(async (trx) => {
      const at = now();
      const { sessionId, rows } = await cartForAdding(trx, candidate, clientKey, at, language);
      if (rows.length + items.length > MAX_CART_ITEMS) {
        throw new AppError(
          "conflict",
          `A cart holds at most ${MAX_CART_ITEMS} items. Place this order first, or call us for a large project.`,
        );
      }
      const added: CartItemRecord[] = [];
      for (const item of items) {
        added.push(
          await insertCartItem(trx, {
            cart_id: sessionId,
            created_at: at,
            updated_at: at,
            ...item,
          }),
        );
      }
      // The locked cart's rows and the ones inserted: their ids are the cart's highest.
      return viewOf(sessionId, rows.length === 0 ? added : [...rows, ...added], ctx);
    });
  }

  return {
    /** The session id a request names (header or cookie), well-formed or null. */
    /**
     * GET /api/cart: the named cart, or an empty one under a new id that is not stored:
     * reading never inserts a row (the first add creates the cart).
     */
    async getOrNew(candidate: string | null): Promise<CartView> {
      const id = await existing(candidate);
      return id ? view(db, id, await catalog.pricing()) : emptyView(newCartSessionId());
    },
    /** Pages: the cart if it exists; sessionId null when it does not. */
    async read(
      candidate: string | null,
    ): Promise<Omit<CartView, "sessionId"> & { sessionId: string | null }> {
      const id = await existing(candidate);
      if (id) return view(db, id, await catalog.pricing());
      return { ...emptyView(""), sessionId: null };
    },
    /** Adds the item; `language` (the page's) becomes the cart's, absent keeps the cart's. */
    async addItem(
      candidate: string | null,
      input: CartItemInput,
      clientKey: string,
      language?: Language,
    ): Promise<CartView> {
      const ctx = await catalog.pricing();
      return addBuilt(candidate, [buildItem(ctx, input)], clientKey, ctx, language);
    },
    /**
     * Several items priced by the caller with the catalog's pricing (a saved project's windows),
     * added in one transaction: all of them or none.
     */
    async addItems(
      candidate: string | null,
      build: (ctx: PricingContext) => NewItem[],
      clientKey: string,
      language?: Language,
    ): Promise<CartView> {
      const ctx = await catalog.pricing();
      return addBuilt(candidate, build(ctx), clientKey, ctx, language);
    },
    /**
     * The cart line's Edit: the changed item takes the old line's place, with
     * its quantity, in one transaction; a line no longer in the cart is a 404.
     */
    async replaceItem(
      candidate: string | null,
      itemId: number,
      input: CartItemInput,
    ): Promise<CartView> {
      const sessionId = await requireCart(candidate);
      const ctx = await catalog.pricing();
      const item = buildItem(ctx, input);
      return db.transaction().execute(async (trx) => {
        await lockCart(trx, sessionId);
        const row = await findCartItem(trx, sessionId, itemId);
        if (!row)
          throw new AppError("not_found", "Cart item not found. It may have been removed already.");
        await deleteCartItem(trx, sessionId, itemId);
        const at = now();
        await insertCartItem(trx, {
          ...item,
          quantity: row.quantity,
          cart_id: sessionId,
          created_at: at,
          updated_at: at,
        });
        return view(trx, sessionId, ctx);
      });
    },
    async updateQuantity(candidate: string | null, itemId: number, quantity: number) {
      const sessionId = await requireCart(candidate);
      const ctx = await catalog.pricing();
      return db.transaction().execute(async (trx) => {
        await lockCart(trx, sessionId);
        const row = await findCartItem(trx, sessionId, itemId);
        if (!row)
          throw new AppError("not_found", "Cart item not found. It may have been removed already.");
        const price = priceStoredItem(ctx, row);
        await updateCartItemQuantity(
          trx,
          sessionId,
          itemId,
          quantity,
          price?.unitCents ?? row.unit_price_cents,
        );
        return view(trx, sessionId, ctx);
      });
    },
    async removeItem(candidate: string | null, itemId: number) {
      const sessionId = await requireCart(candidate);
      const removed = await deleteCartItem(db, sessionId, itemId);
      if (removed === 0)
        throw new AppError("not_found", "Cart item not found. It may have been removed already.");
      await touchCart(db, sessionId);
      return view(db, sessionId, await catalog.pricing());
    },
    /** DELETE /api/cart: empties the named cart; with no cart, answers an empty one. */
    async clear(candidate: string | null) {
      const id = await existing(candidate);
      if (!id) return emptyView(newCartSessionId());
      await deleteCartItems(db, id);
      await touchCart(db, id);
      return view(db, id, await catalog.pricing());
    },
    /** For tests and admin tooling: forget the new-cart counts. */
    resetRateLimit(): Promise<void> {
      return cartLimits.reset();
    },
    /** Number of items in the cart named by the request's cart cookie (header badge). */
    async countItems(sessionId: string | null): Promise<number> {
      if (!sessionId) return 0;
      try {
        return await countCartItems(db, sessionId);
      } catch (error) {
        // The badge must never take a page down.
        deps.logger.warn("cart badge count failed", {
          error: error instanceof Error ? error.message : String(error),
        });
        return 0;
      }
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
