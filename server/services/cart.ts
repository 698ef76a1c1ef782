/** Cart use cases. Owned by the cart-and-orders issue; filled in there. */
import type { ServiceDeps } from "../context";

export function createCartService(_deps: ServiceDeps) {
  return {
    /** Number of items in the cart named by the request's cart cookie (header badge). */
    async countItemsForRequest(_request: Request): Promise<number> {
      return 0;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
