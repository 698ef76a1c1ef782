/**
 * /admin/purchase-orders: supplier orders by status, overdue first, and the month's remakes with their reason and payer.
 */
import { Link, useLoaderData } from "react-router";
import {
  PURCHASE_ORDER_FILTERS,
  PURCHASE_ORDER_STATUS_LABELS,
  purchaseOrdersQuerySchema,
  remakesQuerySchema,
} from "../../../../domain/purchasing/purchasing";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import { AdminError } from "../../../components/admin/admin-error";
import {
  formatDateTime,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { PoStatus } from "../../../components/purchasing/po-status";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/purchase-orders";

export const meta = () => adminMeta("Purchase orders");

export const headers = noStoreHeaders;

const FILTER_LABELS: Record<(typeof PURCHASE_ORDER_FILTERS)[number], string> = {
  open: "Open",
  overdue: "Overdue",
  ...PURCHASE_ORDER_STATUS_LABELS,
  all: "All",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/purchasing/purchase-orders.tsx");
  const query = readQuery(request);
  const parsed = purchaseOrdersQuerySchema.safeParse({ status: query.status || "open" });
  const status = parsed.success ? parsed.data.status : "open";
  const month = remakesQuerySchema.safeParse({ month: query.month }).data?.month;
  const remakeMonth = month ?? storeToday().slice(0, 7);
  return loadOrThrow(context, async () => ({
    status,
    purchaseOrders: await context.services.purchaseOrders.listPurchaseOrders({ status }),
    remakeMonth,
    remakes: await context.services.purchaseOrders.remakesForMonth(remakeMonth),
  }));
}

export default function AdminPurchaseOrders() {
  const { status, purchaseOrders, remakeMonth, remakes } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Purchase orders</h1>
      <nav aria-label="Purchase order status" className="mt-4 flex flex-wrap gap-2">
        {PURCHASE_ORDER_FILTERS.map((f) => (
          <Link
            key={f}
            to={`/admin/purchase-orders?status=${f}`}
            aria-current={f === status ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 ${f === status ? "border-primary bg-primary text-white" : "border-line"}`}
          >
            {FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      {purchaseOrders.length === 0 ? (
        <p className="mt-8 text-muted">No purchase orders here.</p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Purchase orders">
          {purchaseOrders.map((po) => (
            <li key={po.id} className={`card ${po.overdue ? "border-2 border-danger" : ""}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">
                  <Link to={`/admin/purchase-orders/${po.id}`} className="text-primary underline">
                    {po.poLabel} · {po.supplierName}
                  </Link>
                </h2>
                <PoStatus status={po.statusLabel} overdue={po.overdue} />
              </div>
              <p className="text-sm text-muted">
                For{" "}
                <Link to={`/admin/orders/${po.orderId}`} className="underline">
                  Order #{po.orderNumber}
                </Link>{" "}
                · {po.items.length} {po.items.length === 1 ? "line" : "lines"} · ship by{" "}
                {po.expectedShipDate}
                {po.supplierReference ? ` · their reference ${po.supplierReference}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="remakes-heading" className="mt-10">
        <h2 id="remakes-heading" className="text-2xl font-bold">
          Remakes in {remakeMonth}
        </h2>
        <form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="status" value={status} />
          <div>
            <label htmlFor="remake-month" className="field-label">
              Month
            </label>
            <input
              id="remake-month"
              name="month"
              type="month"
              defaultValue={remakeMonth}
              className="field"
            />
          </div>
          <button type="submit" className="btn-secondary">
            Show remakes
          </button>
        </form>
        {remakes.length === 0 ? (
          <p className="mt-4 text-muted">No remakes this month.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th className="p-2">Date</th>
                  <th className="p-2">Order</th>
                  <th className="p-2">Item</th>
                  <th className="p-2">Reason</th>
                  <th className="p-2">Paid by</th>
                  <th className="p-2">Purchase order</th>
                </tr>
              </thead>
              <tbody>
                {remakes.map((r) => (
                  <tr key={r.id} className="border-t border-line">
                    <td className="p-2">{formatDateTime(r.createdAt)}</td>
                    <td className="p-2">
                      <Link to={`/admin/orders/${r.orderId}`} className="underline">
                        Order #{r.orderNumber}
                      </Link>
                    </td>
                    <td className="p-2">
                      {r.itemName}
                      {r.roomLabel ? ` (${r.roomLabel})` : ""}
                    </td>
                    <td className="p-2">
                      {r.reasonLabel}: {r.note}
                    </td>
                    <td className="p-2">{r.paidByLabel}</td>
                    <td className="p-2">{r.poLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading purchase orders" />;
}
