/**
 * /orders/REFERENCE/receipt: the customer's receipt, reached with the order's reference like the
 * order page: every payment and refund,
 * the total, what was paid and the balance; printable. Unknown references answer 404.
 */
import { data, Link } from "react-router";
import { formatMoney } from "../../../domain/shared/money";
import { balanceText } from "../../components/orders/order-story";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/order-receipt";

export async function loader({ params, context }: Route.LoaderArgs) {
  const told = await context.services.customerOrders.byReference(params.reference);
  if (!told) throw data("Order not found", { status: 404 });
  const { order, payments } = told;
  return data(
    {
      reference: order.reference,
      orderNumber: order.order_number,
      name: `${order.first_name} ${order.last_name}`,
      city: order.city,
      payments,
    },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function meta({ matches, params, data: loaded }: Route.MetaArgs) {
  return pageMeta({
    title: loaded ? `Receipt, Order #${loaded.orderNumber}` : "Receipt",
    description: "The receipt of your order.",
    path: `/orders/${params.reference}/receipt`,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

const WHEN = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/New_York",
});

export default function CustomerReceipt({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { reference, orderNumber, name, city, payments } = loaderData;
  return (
    <div className="container-page max-w-3xl py-10 print:max-w-none print:p-0">
      <p className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to={`/orders/${reference}`} className="btn-secondary">
          Back to your order
        </Link>
      </p>
      <div className="card print:border-0 print:p-0 print:shadow-none">
        <div className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-ink pb-3">
          <div>
            <h1 className="text-2xl font-bold">Receipt · Order #{orderNumber}</h1>
            <p className="text-sm">
              {name}, {city}
            </p>
          </div>
          <p className="text-sm">
            {business.name}
            <br />
            {business.phone}
            <br />
            {business.email}
          </p>
        </div>
        {payments.payments.length === 0 ? (
          <p className="mt-4">No payment has been recorded on this order yet.</p>
        ) : (
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Payments received</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-1 pr-2">
                  Date
                </th>
                <th scope="col" className="py-1 pr-2">
                  What
                </th>
                <th scope="col" className="py-1 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.payments.map((p) => (
                <tr key={p.id} className="border-b border-line">
                  <td className="py-1 pr-2">{WHEN.format(new Date(p.receivedAt))}</td>
                  <td className="py-1 pr-2">
                    {p.amountCents < 0 ? "Refund" : "Payment"}, {p.methodLabel}
                    {p.reference ? ` ${p.reference}` : ""}
                  </td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(p.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1">
          <dt>Order total</dt>
          <dd className="text-right tabular-nums">{formatMoney(payments.totalCents)}</dd>
          <dt>Paid</dt>
          <dd className="text-right tabular-nums">{formatMoney(payments.paidCents)}</dd>
          <dt className="font-bold">Balance</dt>
          <dd className="text-right font-bold">{balanceText(payments)}</dd>
        </dl>
        <p className="mt-6 text-sm">Thank you for choosing {business.name}.</p>
      </div>
    </div>
  );
}
