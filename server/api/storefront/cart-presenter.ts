/** The JSON of every /api/cart answer, from the cart service's view. */

import { centsToAmount } from "../../../domain/shared/money";
import { totalsToWire } from "../../../domain/storefront/cart-totals";
import type { CartView } from "../../services/storefront/cart";

export function cartToJson(cart: CartView) {
  return {
    sessionId: cart.sessionId,
    items: cart.items.map(({ unitPriceCents: _u, lineTotalCents: _l, ...item }) => item),
    itemCount: cart.totals.itemCount,
    // Not `{ ...totalsToWire(…), freeShippingRemaining }`: a property after a spread costs Node
    // 20's V8 a new hidden class per call. The same keys in the same order.
    totals: Object.assign(totalsToWire(cart.totals), {
      freeShippingRemaining: centsToAmount(cart.totals.freeShippingRemainingCents),
    }),
  };
}
