/** /admin/orders/:orderId/receipt: a printable receipt listing the order's payments. */
import { Link, useLoaderData } from "react-router";
import { roleHas } from "../../../../domain/people/permissions";
import { AdminError } from "../../../components/admin/admin-error";
import { formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { balanceWords, moneyOf } from "../../../components/orders/admin/order-payments";
import { adminRecord, loadOrThrow } from "../../../lib/admin-route.server";
import { adminMeta } from "../../../lib/meta";
import { useRootData } from "../../../root";
import type { Route } from "./+types/order-receipt";

export async function loader(args: Route.LoaderArgs) {
  const { session, id } = await adminRecord(
    args,
    "routes/admin/orders/order-receipt.tsx",
    "orderId",
  );
  const { context } = args;
  const order = await loadOrThrow(context, async () => {
    await context.services.fieldAccess.assertOrder(session, id);
    return context.services.admin.getOrder(id);
  });
  const payments = await context.services.payments.paymentSummary(id);
  return { order, payments, canOpenOrder: roleHas(session.role, "orders") };
}

export function meta({ data }: Route.MetaArgs) {
  return adminMeta(data ? `Receipt, Order #${data.order.order_number}` : "Receipt");
}

export const headers = noStoreHeaders;

export default function Receipt() {
  const { order, payments, canOpenOrder } = useLoaderData<typeof loader>();
  const { business } = useRootData();
  return (
    <div className="container-page max-w-3xl py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link
          to={canOpenOrder ? `/admin/orders/${order.id}` : `/admin/orders/${order.id}/sheet`}
          className="btn-secondary"
        >
          {canOpenOrder ? "Back to the order" : "Back to the installation sheet"}
        </Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div className="card print:border-0 print:p-0 print:shadow-none">
        <div className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-ink pb-3">
          <div>
            <h1 className="text-2xl font-bold break-all">Receipt · Order #{order.order_number}</h1>
            <p className="text-sm">{order.customer_name}</p>
            <p className="text-sm">{order.customer_address}</p>
          </div>
          <p className="text-sm">
            {business.name}
            <br />
            {business.phone}
            <br />
            {business.email}
          </p>
        </div>
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
                <td className="py-1 pr-2">{formatDateTime(p.receivedAt)}</td>
                <td className="py-1 pr-2">
                  {p.amountCents < 0 ? "Refund" : "Payment"}, {p.methodLabel}
                  {p.reference ? ` ${p.reference}` : ""}
                </td>
                <td className="py-1 text-right">{moneyOf(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1">
          <dt>Order total</dt>
          <dd className="text-right">{moneyOf(payments.totalCents)}</dd>
          <dt>Paid</dt>
          <dd className="text-right">{moneyOf(payments.paidCents)}</dd>
          <dt className="font-bold">Balance</dt>
          <dd className="text-right font-bold">{balanceWords(payments)}</dd>
        </dl>
        <p className="mt-6 text-sm">Thank you for choosing {business.name}.</p>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the receipt" />;
}
