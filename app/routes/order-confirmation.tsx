/**
 * Thank-you page (SPEC.md §2 "Order confirmation"): four cards, call / message / home links,
 * plus the order reference, a summary and the private status link (DECISIONS.md "Checkout
 * extras"). `?placed=1` comes from checkout and shows the success toast once.
 */
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { phoneHref } from "../../domain/business";
import { OrderItems } from "../components/cart/order-items";
import { OrderSummary } from "../components/cart/order-summary";
import { CheckIcon, MailIcon, PhoneIcon } from "../components/icons";
import { useToast } from "../components/toast";
import { pageMeta, rootFromMatches } from "../lib/meta";
import { useRootData } from "../root";
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
    toast(ORDER_PLACED);
    // Drop the flag so a reload does not announce the order again.
    navigate(order ? `/order-confirmation?ref=${order.reference}` : "/order-confirmation", {
      replace: true,
      preventScrollReset: true,
    });
  }, [placed, order, toast, navigate]);

  const cards = [
    {
      title: "Confirmation Email",
      text: "We've emailed you a confirmation with your order details and a link to follow your order.",
    },
    {
      title: `Personal Call Within ${business.contactReplyHours} Hours`,
      text: "We'll call you to confirm your order and answer any questions.",
    },
    {
      title: "Measurement Appointment",
      text: "Our specialist visits to measure every window precisely before anything is made.",
    },
    {
      title: "Professional Installation",
      text: `Custom items are ready in ${business.delivery.customDays} days; installation takes about ${business.installationHours} hours. You pay at installation.`,
    },
  ];

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
            Your order reference is{" "}
            <strong data-testid="order-reference" className="whitespace-nowrap font-mono">
              {order.reference}
            </strong>
          </p>
        ) : null}
        <p className="mt-2 text-muted">{ORDER_PLACED.description}</p>
      </div>

      <h2 className="sr-only">What happens next</h2>
      <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card, n) => (
          <li key={card.title} className="card">
            <p className="text-sm font-semibold text-primary">Step {n + 1}</p>
            <h3 className="mt-1 font-bold">{card.title}</h3>
            <p className="mt-2 text-sm text-muted">{card.text}</p>
          </li>
        ))}
      </ol>

      {order ? (
        <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_22rem]">
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

      <div className="mt-10 flex flex-wrap justify-center gap-3">
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
