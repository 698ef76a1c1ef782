/**
 * The private order-status page: reached by the unguessable reference; shows status, items, totals and the city, the
 * next visit, every payment and the balance, the changes after measuring and the receipt's
 * link. Unknown references answer 404.
 */
import { data, Link } from "react-router";
import { progressLabel } from "../../../domain/orders/fulfilment";
import { paymentWords } from "../../../domain/orders/payment-words";
import { phoneHref } from "../../../domain/shared/business";
import { NextSteps } from "../../components/orders/next-steps";
import { OrderItems } from "../../components/orders/order-items";
import { OrderProgress } from "../../components/orders/order-progress";
import { OrderStory } from "../../components/orders/order-story";
import { OrderSummary } from "../../components/orders/order-summary";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/order-status";

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await context.services.orders.findPublicOrder(params.reference);
  if (!order) throw data("Order not found", { status: 404 });
  const [nextVisit, told] = await Promise.all([
    context.services.visits.nextVisitForReference(params.reference),
    context.services.customerOrders.byReference(params.reference),
  ]);
  if (!told) throw data("Order not found", { status: 404 });
  const { order: _row, ...story } = told;
  return data(
    { order, nextVisit, story },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta({
    title: "Order Status",
    description: "The status of your order.",
    path: `/orders/${params.reference}`,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

const DATE = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/New_York",
});

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { order, nextVisit, story } = loaderData;
  const done = order.status === "completed";
  const installed = order.fulfilment === "installed";
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold">Order #{order.orderNumber}</h1>
      <p className="mt-1 font-mono text-muted">Reference {order.reference}</p>
      <p className="mt-2 text-muted">
        Placed {DATE.format(new Date(order.createdAt))} · {installed ? "Installation" : "Delivery"}{" "}
        in {order.city}
      </p>
      <p className="mt-4">
        Status:{" "}
        <span
          data-testid="order-status"
          className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${done ? "bg-primary text-white" : "bg-primary-light text-primary-dark"}`}
        >
          {progressLabel(order.fulfilment, order.status) ?? order.statusLabel}
        </span>
      </p>
      <OrderProgress fulfilment={order.fulfilment} status={order.status} nextVisit={nextVisit} />
      <p className="mt-4 text-muted" data-testid="order-money">
        {paymentWords({ fulfilment: order.fulfilment, status: order.status, ...story.payments })}
      </p>
      {order.status === "pending" ? (
        <NextSteps fulfilment={order.fulfilment} className="mt-8" />
      ) : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="items-heading" className="card">
            <h2 id="items-heading" className="text-xl font-bold">
              Items
            </h2>
            <OrderItems items={order.items} />
          </section>
          <section aria-labelledby="history-heading" className="card">
            <h2 id="history-heading" className="text-xl font-bold">
              History
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {order.history.map((h) => (
                <li key={`${h.status}-${h.at}`} className="flex justify-between gap-4">
                  <span className="font-semibold">{h.label}</span>
                  <time dateTime={h.at} className="text-muted">
                    {DATE.format(new Date(h.at))}
                  </time>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className="space-y-4">
          <OrderStory story={story} />
          <OrderSummary totals={order.totals} />
          <p className="text-sm text-muted">
            Questions about this order? Call{" "}
            <a href={phoneHref(business.phone)} className="font-semibold text-primary underline">
              {business.phone}
            </a>{" "}
            and give your order reference, or{" "}
            <Link to="/contact" className="font-semibold text-primary underline">
              send a message
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
