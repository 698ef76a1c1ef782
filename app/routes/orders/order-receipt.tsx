/**
 * /orders/REFERENCE/receipt: the customer's receipt, reached with the order's reference like the
 * order page: every payment and refund,
 * the total, what was paid and the balance; printable. Unknown references answer 404.
 */
import { data, Link } from "react-router";
import { exemptionText } from "../../../domain/books/tax-exemption";
import { balanceText } from "../../components/orders/order-story";
import { ReceiptSheet } from "../../components/orders/receipt-payments";
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
      exemption: exemptionText(order),
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

export default function CustomerReceipt({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { reference, orderNumber, name, city, payments, exemption } = loaderData;
  return (
    <div className="container-page max-w-3xl py-10 print:max-w-none print:p-0">
      <p className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to={`/orders/${reference}`} className="btn-secondary">
          Back to your order
        </Link>
      </p>
      <ReceiptSheet
        title={`Receipt · Order #${orderNumber}`}
        who={
          <p className="text-sm">
            {name}, {city}
          </p>
        }
        business={business}
        payments={payments}
        balance={balanceText(payments)}
        exemption={exemption}
      />
    </div>
  );
}
