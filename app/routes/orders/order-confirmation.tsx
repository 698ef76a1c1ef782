/**
 * Thank-you page: four cards, call / message / home links,
 * plus the order reference, a summary and the private status link. `?placed=1` comes from checkout and shows the success toast once.
 */
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { fulfilmentSummary } from "../../../domain/orders/fulfilment";
import { phoneHref } from "../../../domain/shared/business";
import { CheckIcon, MailIcon, PhoneIcon } from "../../components/icons";
import { NextSteps } from "../../components/orders/next-steps";
import { OrderItems } from "../../components/orders/order-items";
import { OrderSummary } from "../../components/orders/order-summary";
import { useToast } from "../../components/toast";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/order-confirmation";

const ORDER_PLACED = {
  title: "Order Placed Successfully!",
  description:
    "Your order has been submitted. We'll contact you within 24 hours to confirm your installation appointment.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("ref");
  const order = reference ? await context.services.orders.findPublicOrder(reference) : null;
  return { order, placed: url.searchParams.get("placed") === "1" };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Thank You for Your Order",
    description: "Your order has been received. Here is what happens next.",
    path: "/order-confirmation",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const toast = useToast();
  const navigate = useNavigate();
  const { order, placed } = loaderData;

  useEffect(() => {
    if (!placed) return;
    toast(
      order?.fulfilment === "delivered"
        ? {
            ...ORDER_PLACED,
            description:
              "Your order has been submitted. We'll contact you within 24 hours to confirm your sizes and delivery.",
          }
        : ORDER_PLACED,
    );
    // Drop the flag so a reload does not announce the order again.
    navigate(order ? `/order-confirmation?ref=${order.reference}` : "/order-confirmation", {
      replace: true,
      preventScrollReset: true,
    });
  }, [placed, order, toast, navigate]);

  return (
    <div className="container-page py-10 sm:py-16">
      <div className="text-center">
        <span
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success text-white"
          aria-hidden="true"
        >
          <CheckIcon />
        </span>
        <h1 className="mt-4 text-3xl font-bold">Thank You for Your Order!</h1>
        {order ? (
          <p className="mt-3 text-lg">
            <strong data-testid="order-number">Order #{order.orderNumber}</strong>. Your order
            reference is{" "}
            <strong data-testid="order-reference" className="whitespace-nowrap font-mono">
              {order.reference}
            </strong>
          </p>
        ) : null}
        <p className="mt-2 text-muted">
          {order ? fulfilmentSummary(order.fulfilment) : ORDER_PLACED.description}
        </p>
      </div>

      {order ? <NextSteps fulfilment={order.fulfilment} className="mt-10" /> : null}
      {order?.fulfilment === "installed" ? (
        <p className="mt-6 text-center">
          <Link to={`/book?order=${order.reference}`} className="btn-primary">
            Pick a time for your measurement visit
          </Link>
        </p>
      ) : null}

      {order ? (
        <div className="mt-10 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="your-order" className="card">
            <h2 id="your-order" className="text-xl font-bold">
              Your Order
            </h2>
            <OrderItems items={order.items} />
            <Link to={`/orders/${order.reference}`} className="btn-secondary mt-4">
              Follow your order status
            </Link>
          </section>
          <OrderSummary totals={order.totals} />
        </div>
      ) : null}

      <div className="mt-10 grid gap-3 sm:flex sm:flex-wrap sm:justify-center">
        <a href={phoneHref(business.phone)} className="btn-primary">
          <PhoneIcon /> Call {business.phone}
        </a>
        <Link to="/contact" className="btn-secondary">
          <MailIcon /> Send a Message
        </Link>
        <Link to="/" className="btn-secondary">
          Return Home
        </Link>
      </div>
    </div>
  );
}
