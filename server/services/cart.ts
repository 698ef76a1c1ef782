/**
 * Cart use cases (DECISIONS.md "Cart and orders: the server is the authority"). Every price
 * is computed here from the item's stored configuration and the catalog; a client's
 * calculatedPrice is never read. Sessions are scoped: an item of another cart is "not found".
 */
import {
  type DescribableItem,
  describeColor,
  describeItem,
} from "../../domain/cart-item-description";
import type { CartItemInput } from "../../domain/cart-schema";
import { type CartTotals, calculateCartTotals, totalsToWire } from "../../domain/cart-totals";
import { ZEBRA_PRODUCT_ID } from "../../domain/catalog";
import { fromEighths, toEighths } from "../../domain/dimensions";
import { centsToAmount, centsToDecimalString } from "../../domain/money";
import {
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
} from "../../domain/pricing";
import { zebraConfigurationSchema } from "../../domain/schemas";
import { findZebraFabric, type ZebraControlType } from "../../domain/zebra";
import type { ServiceDeps } from "../context";
import { type Db, now } from "../db/database";
import {
  cartExists,
  countCartItems,
  createCart,
  deleteCartItem,
  deleteCartItems,
  findCartItem,
  insertCartItem,
  listCartItems,
  touchCart,
  updateCartItemQuantity,
} from "../db/repositories/carts";
import { countOrdersForCart } from "../db/repositories/orders";
import type { CartItemRow } from "../db/types";
import { AppError } from "../errors";
import { isSecureRequest } from "../middleware/security";
import {
  cartSessionCookie,
  cartSessionFromHeaders,
  isCartSessionId,
  newCartSessionId,
} from "./cart-session";
import type { CatalogSnapshot } from "./catalog";

/** A cart holds at most this many rows (each row can hold 99 pieces). */
export const MAX_CART_ITEMS = 50;

export interface ItemPrice {
  /** One piece, installation included when chosen. */
  unitCents: number;
  /** The installation part of unitCents (0 without installation; track is always installed). */
  installationCents: number;
}

type PriceableRow = Pick<
  CartItemRow,
  | "kind"
  | "product_id"
  | "item_type"
  | "width_eighths"
  | "height_eighths"
  | "include_installation"
  | "configuration"
>;

/**
 * The server's price of one piece of a stored item, or null when the catalog no longer sells
 * it (a deactivated product or service) or its configuration no longer validates.
 */
export function priceStoredItem(catalog: CatalogSnapshot, row: PriceableRow): ItemPrice | null {
  const width = fromEighths(row.width_eighths);
  const height = fromEighths(row.height_eighths);
  if (row.kind === "service") {
    const service = catalog.services.find((s) => s.type === row.item_type);
    if (!service) return null;
    return {
      unitCents: calculateTrackPrice(width, service.priceCentsPerUnit).totalCents,
      installationCents: 0,
    };
  }
  const product = catalog.products.find((p) => p.id === row.product_id);
  if (!product) return null;
  const pricing = {
    rateCentsPerSqFt: product.rateCentsPerSqFt,
    minimumCents: product.minimumCents,
  };
  if (product.type === "zebra-shades") {
    const parsed = zebraConfigurationSchema.safeParse(parseConfiguration(row.configuration));
    if (!parsed.success) return null;
    const c = parsed.data;
    const price = calculateZebraPrice(pricing, {
      width: c.width + c.widthFraction,
      height: c.height + c.heightFraction,
      fabricCollection: c.fabricCollection,
      controlType: c.controlType as ZebraControlType,
      motorOptions: c.motorOptions,
      includeInstallation: c.includeInstallation,
    });
    return { unitCents: price.totalCents, installationCents: price.installationCents };
  }
  const price = calculateBlindsPrice(pricing, width, height, row.include_installation === 1);
  return { unitCents: price.totalCents, installationCents: price.installationCents };
}

/** A stored `configuration` column: a JSON object, or {} when it is anything else. */
export function parseConfiguration(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The columns a cart item and an order item snapshot share for describing the item. */
type StoredItem = Pick<
  CartItemRow,
  | "item_type"
  | "width_eighths"
  | "height_eighths"
  | "selected_color"
  | "include_installation"
  | "configuration"
>;

/** A stored cart or order item as the description helpers take it. */
export function describableItem(row: StoredItem): DescribableItem {
  return {
    itemType: row.item_type,
    width: fromEighths(row.width_eighths),
    height: fromEighths(row.height_eighths),
    selectedColor: row.selected_color,
    includeInstallation: row.include_installation === 1,
    configuration: parseConfiguration(row.configuration),
  };
}

export interface PricedCartItem {
  row: CartItemRow;
  price: ItemPrice | null;
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
  /** Unit price of one piece, "123.45" (SPEC.md §3). */
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
  /** null only when reading without creating (pages) and no cart exists yet. */
  sessionId: string | null;
  items: CartItemView[];
  totals: CartTotals;
}

export function toItemView({ row, price }: PricedCartItem): CartItemView {
  const unit = price?.unitCents ?? 0;
  const item = describableItem(row);
  return {
    id: row.id,
    productId: row.product_id,
    serviceType: row.kind === "service" ? row.item_type : null,
    productName: row.name,
    ...item,
    colorName: describeColor(item),
    quantity: row.quantity,
    calculatedPrice: centsToDecimalString(unit),
    lineTotal: centsToDecimalString(unit * row.quantity),
    unitPriceCents: unit,
    lineTotalCents: unit * row.quantity,
    roomLabel: row.room_label,
    details: describeItem(item),
    available: price !== null,
  };
}

/** The JSON answer of every /api/cart call. */
export function cartToJson(cart: CartView & { sessionId: string }) {
  return {
    sessionId: cart.sessionId,
    items: cart.items.map(({ unitPriceCents: _u, lineTotalCents: _l, ...item }) => item),
    itemCount: cart.totals.itemCount,
    totals: {
      ...totalsToWire(cart.totals),
      freeShippingRemaining: centsToAmount(cart.totals.freeShippingRemainingCents),
    },
  };
}

/** The columns of a new cart item, priced by the server. */
function buildItem(
  catalog: CatalogSnapshot,
  input: CartItemInput,
): Omit<CartItemRow, "id" | "cart_id" | "created_at" | "updated_at"> {
  const common = { quantity: input.quantity, room_label: input.roomLabel };
  let item: Omit<CartItemRow, "id" | "cart_id" | "created_at" | "updated_at" | "unit_price_cents">;
  if (input.kind === "service") {
    const service = catalog.services.find((s) => s.type === input.serviceType);
    if (!service) throw new AppError("not_found", "Track replacement is not available right now.");
    item = {
      ...common,
      kind: "service",
      product_id: null,
      service_id: service.id,
      item_type: service.type,
      name: service.name,
      width_eighths: toEighths(input.width),
      height_eighths: input.height === undefined ? 0 : toEighths(input.height),
      selected_color: "",
      include_installation: 1,
      configuration: JSON.stringify({
        serviceType: service.type,
        width: input.width,
        ...(input.height === undefined ? {} : { height: input.height }),
      }),
    };
  } else if (input.kind === "zebra") {
    const product = catalog.products.find((p) => p.id === ZEBRA_PRODUCT_ID);
    if (!product) throw new AppError("not_found", "Zebra shades are not available right now.");
    const c = input.configuration;
    const fabric = findZebraFabric(c.fabricCollection, c.fabric);
    item = {
      ...common,
      kind: "product",
      product_id: product.id,
      service_id: null,
      item_type: product.type,
      name: product.name,
      width_eighths: toEighths(c.width + c.widthFraction),
      height_eighths: toEighths(c.height + c.heightFraction),
      // SPEC.md §7: the fabric's name stands in for the colour.
      selected_color: fabric?.name ?? c.fabric,
      include_installation: c.includeInstallation ? 1 : 0,
      configuration: JSON.stringify(c),
    };
  } else {
    const product = catalog.products.find((p) => p.id === input.productId);
    if (!product || product.type === "zebra-shades") {
      throw new AppError(
        "validation_failed",
        `productId: ${input.productId} is not a product we sell (see GET /api/products).`,
      );
    }
    if (!product.colors.includes(input.selectedColor)) {
      throw new AppError(
        "validation_failed",
        `selectedColor: must be one of ${product.colors.join(", ")} for ${product.name}`,
      );
    }
    item = {
      ...common,
      kind: "product",
      product_id: product.id,
      service_id: null,
      item_type: product.type,
      name: product.name,
      width_eighths: toEighths(input.width),
      height_eighths: toEighths(input.height),
      selected_color: input.selectedColor,
      include_installation: input.includeInstallation ? 1 : 0,
      configuration: JSON.stringify({
        productType: product.type,
        width: input.width,
        height: input.height,
        selectedColor: input.selectedColor,
        includeInstallation: input.includeInstallation,
      }),
    };
  }
  const price = priceStoredItem(catalog, item);
  if (!price) throw new AppError("validation_failed", "This item cannot be priced.");
  return { ...item, unit_price_cents: price.unitCents };
}

export function createCartService(deps: ServiceDeps) {
  const { db, catalog, config } = deps;
  const rules = config.business;

  /**
   * The snapshot is taken before any transaction: loading the catalog inside one would wait
   * for the connection the transaction holds (SQLite has one).
   */
  async function pricedItems(
    trx: Db,
    cartId: string,
    snapshot: CatalogSnapshot,
  ): Promise<PricedCartItem[]> {
    const rows = await listCartItems(trx, cartId);
    return rows.map((row) => ({ row, price: priceStoredItem(snapshot, row) }));
  }

  async function view(
    trx: Db,
    sessionId: string,
    snapshot?: CatalogSnapshot,
  ): Promise<CartView & { sessionId: string }> {
    const catalogNow = snapshot ?? (await catalog.snapshot());
    const items = (await pricedItems(trx, sessionId, catalogNow)).map(toItemView);
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

  /** The existing cart of a well-formed id, or a new cart with a new id (never the client's). */
  async function resolveOrCreate(
    trx: Db,
    candidate: string | null,
    forAdding = false,
  ): Promise<string> {
    if (isCartSessionId(candidate) && (await cartExists(trx, candidate))) {
      // A cart that became an order stays that order's; new shopping starts a new cart.
      if (!forAdding || (await countOrdersForCart(trx, candidate)) === 0) return candidate;
    }
    const id = newCartSessionId();
    await createCart(trx, id);
    return id;
  }

  async function requireCart(candidate: string | null): Promise<string> {
    if (isCartSessionId(candidate) && (await cartExists(db, candidate))) return candidate;
    throw new AppError("not_found", "Cart item not found. It may have been removed already.");
  }

  return {
    /** The session id a request names (header or cookie), well-formed or null. */
    sessionFromRequest(request: Request): string | null {
      return cartSessionFromHeaders(request.headers);
    },
    /** Set-Cookie value that keeps the cart on this browser. */
    sessionCookie(sessionId: string, request: Request): string {
      return cartSessionCookie(sessionId, isSecureRequest(request, config.trustProxy));
    },
    /** GET /api/cart: the cart, created when the id is unknown or malformed. */
    async getOrCreate(candidate: string | null) {
      const sessionId = await resolveOrCreate(db, candidate);
      return view(db, sessionId);
    },
    /** Pages: the cart if it exists; never creates one. */
    async read(candidate: string | null): Promise<CartView> {
      if (isCartSessionId(candidate) && (await cartExists(db, candidate)))
        return view(db, candidate);
      return { sessionId: null, items: [], totals: calculateCartTotals([], rules) };
    },
    async addItem(candidate: string | null, input: CartItemInput) {
      const snapshot = await catalog.snapshot();
      const item = buildItem(snapshot, input);
      return db.transaction().execute(async (trx) => {
        const sessionId = await resolveOrCreate(trx, candidate, true);
        if ((await countCartItems(trx, sessionId)) >= MAX_CART_ITEMS) {
          throw new AppError(
            "conflict",
            `A cart holds at most ${MAX_CART_ITEMS} items. Place this order first, or call us for a large project.`,
          );
        }
        const at = now();
        await insertCartItem(trx, { ...item, cart_id: sessionId, created_at: at, updated_at: at });
        await touchCart(trx, sessionId);
        return view(trx, sessionId, snapshot);
      });
    },
    async updateQuantity(candidate: string | null, itemId: number, quantity: number) {
      const sessionId = await requireCart(candidate);
      const snapshot = await catalog.snapshot();
      return db.transaction().execute(async (trx) => {
        const row = await findCartItem(trx, sessionId, itemId);
        if (!row)
          throw new AppError("not_found", "Cart item not found. It may have been removed already.");
        const price = priceStoredItem(snapshot, row);
        await updateCartItemQuantity(
          trx,
          sessionId,
          itemId,
          quantity,
          price?.unitCents ?? row.unit_price_cents,
        );
        await touchCart(trx, sessionId);
        return view(trx, sessionId, snapshot);
      });
    },
    async removeItem(candidate: string | null, itemId: number) {
      const sessionId = await requireCart(candidate);
      const removed = await deleteCartItem(db, sessionId, itemId);
      if (removed === 0)
        throw new AppError("not_found", "Cart item not found. It may have been removed already.");
      await touchCart(db, sessionId);
      return view(db, sessionId);
    },
    async clear(candidate: string | null) {
      const sessionId = await resolveOrCreate(db, candidate);
      await deleteCartItems(db, sessionId);
      return view(db, sessionId);
    },
    /** Number of items in the cart named by the request's cart cookie (header badge). */
    async countItemsForRequest(request: Request): Promise<number> {
      const sessionId = cartSessionFromHeaders(request.headers);
      if (!sessionId) return 0;
      try {
        return await countCartItems(db, sessionId);
      } catch (error) {
        // The badge must never take a page down.
        deps.logger.warn("cart badge count failed", { error: (error as Error).message });
        return 0;
      }
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
