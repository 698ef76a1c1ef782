/**
 * The cart page (SPEC.md §2 "Cart page"). The cart comes from the cart cookie; quantity and
 * remove forms post to this route's action, which calls the same cart service as /api/cart.
 */
import { data, Link } from "react-router";
import { phoneHref } from "../../domain/business";
import { cartQuantityUpdateSchema, quantityFromForm } from "../../domain/cart-schema";
import { appErrorOf, itemIdFromForm } from "../components/cart/action-result";
import { CartItemRow } from "../components/cart/cart-item-row";
import { OrderSummary } from "../components/cart/order-summary";
import { pageMeta, rootFromMatches } from "../lib/meta";
import { useRootData } from "../root";
import type { Route } from "./+types/cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart } = context.services;
  const view = await cart.read(cart.sessionFromRequest(request));
  return data(
    {
      items: view.items.map((i) => ({
        id: i.id,
        productName: i.productName,
        details: i.details,
        roomLabel: i.roomLabel,
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
        lineTotalCents: i.lineTotalCents,
        available: i.available,
      })),
      totals: view.totals,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { cart, logger } = context.services;
  const form = await request.formData();
  const session = cart.sessionFromRequest(request);
  const itemId = itemIdFromForm(form.get("itemId"));
  try {
    if (itemId === null) {
      return data(
        { ok: false as const, error: { code: "not_found", message: "Cart item not found." } },
        { status: 404 },
      );
    }
    if (form.get("intent") === "remove") {
      await cart.removeItem(session, itemId);
    } else {
      const parsed = cartQuantityUpdateSchema.safeParse({
        quantity: quantityFromForm(form.get("quantity")),
      });
      if (!parsed.success) {
        const message =
          parsed.error.issues[0]?.message ?? "quantity must be a whole number from 1 to 99";
        return data(
          {
            ok: false as const,
            error: { code: "validation_failed", message: `Quantity: ${message}` },
          },
          { status: 400 },
        );
      }
      await cart.updateQuantity(session, itemId, parsed.data.quantity);
    }
    return { ok: true as const };
  } catch (error) {
    const known = appErrorOf(error);
    if (known)
      return data(
        { ok: false as const, error: { code: known.code, message: known.message } },
        { status: known.status },
      );
    logger.error("cart page action failed", { error });
    return data(
      {
        ok: false as const,
        error: {
          code: "internal",
          message: "Sorry, the cart could not be updated. Please try again.",
        },
      },
      { status: 500 },
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your Cart",
    description: "Review your custom blinds, shutters and shades before checkout.",
    path: "/cart",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { items, totals } = loaderData;

  if (items.length === 0) {
    return (
      <div className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">Your Cart is Empty</h1>
        <p className="mt-4 text-muted">
          Configure a blind, shutter or shade to your exact size and it will appear here.
        </p>
        <Link to="/#products" className="btn-primary mt-8">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const blocked = items.some((i) => !i.available);
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold">Shopping Cart</h1>
      <p className="mt-2 text-muted">
        {items.length} {items.length === 1 ? "item" : "items"} in your cart
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Cart items">
          <ul className="space-y-4">
            {items.map((item) => (
              <CartItemRow key={item.id} item={item} />
            ))}
          </ul>
          <Link to="/#products" className="btn-secondary mt-6">
            Continue Shopping
          </Link>
        </section>
        <div className="space-y-4">
          <OrderSummary totals={totals}>
            {blocked ? (
              <p className="mt-4 text-sm font-semibold text-danger">
                Remove the items that are no longer available to check out.
              </p>
            ) : (
              <Link to="/checkout" className="btn-primary mt-4 w-full">
                Proceed to Checkout
              </Link>
            )}
            <p className="mt-3 text-center text-sm text-muted">
              No payment today: you pay at installation.
            </p>
          </OrderSummary>
          <section aria-labelledby="cart-help" className="card">
            <h2 id="cart-help" className="font-semibold">
              Need help with your order?
            </h2>
            <p className="mt-1 text-sm text-muted">
              Call us at{" "}
              <a href={phoneHref(business.phone)} className="font-semibold text-primary underline">
                {business.phone}
              </a>{" "}
              or{" "}
              <Link to="/contact" className="font-semibold text-primary underline">
                send us a message
              </Link>
              .
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
