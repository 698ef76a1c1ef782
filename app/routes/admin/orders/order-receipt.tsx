/** /admin/orders/:orderId/receipt: a printable receipt listing the order's payments. */
import { Link, useLoaderData } from "react-router";
import { exemptionLine } from "../../../../domain/books/tax-exemption";
import ordersEnglish from "../../../../domain/i18n/compiled/en/orders.js";
import { roleHas } from "../../../../domain/people/permissions";
import { AdminError } from "../../../components/admin/admin-error";
import { noStoreHeaders } from "../../../components/admin/admin-route";
import { balanceWords } from "../../../components/orders/admin/order-payments";
import { ReceiptSheet } from "../../../components/orders/receipt-payments";
import { adminRecord, loadOrThrow } from "../../../lib/admin-route.server";
import { translator } from "../../../lib/i18n";
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
      <ReceiptSheet
        title={`Receipt · Order #${order.order_number}`}
        who={
          <>
            <p className="text-sm">{order.customer_name}</p>
            <p className="text-sm">{order.customer_address}</p>
          </>
        }
        business={business}
        payments={payments}
        balance={balanceWords(payments)}
        exemption={order.tax_exemption ? exemptionLine(order.tax_exemption) : null}
        t={translator("en", "orders", ordersEnglish)}
        locale="en-US"
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the receipt" />;
}
