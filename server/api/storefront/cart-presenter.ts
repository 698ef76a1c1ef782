/** The JSON of every /api/cart answer (SPEC.md §3, §7), from the cart service's view. */
import { totalsToWire } from "../../../domain/cart-totals";
import { centsToAmount } from "../../../domain/money";
import type { CartView } from "../../services/storefront/cart";

export function cartToJson(cart: CartView) {
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
