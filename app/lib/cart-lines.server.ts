/**
 * What the cart and checkout pages show of each cart item: the same line for both, so the
 * checkout summary can never describe an item differently from the cart.
 */
import type { CatalogNames } from "../../domain/storefront/cart-item-description";
import { itemPicture } from "../../domain/storefront/item-picture";
import type { CartItemView } from "../../server/services/storefront/cart";

export function cartLineOf(item: CartItemView, names: CatalogNames) {
  return {
    id: item.id,
    productName: item.productName,
    details: item.details,
    roomLabel: item.roomLabel,
    quantity: item.quantity,
    lineTotalCents: item.lineTotalCents,
    picture: itemPicture(item, names),
  };
}
