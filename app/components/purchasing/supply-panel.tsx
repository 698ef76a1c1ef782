/**
 * The dashboard's supplier part: orders whose items all arrived, to schedule,
 * and purchase orders past their ship date.
 */
import { Link } from "react-router";
import type { PurchaseOrderView } from "../../../server/services/purchasing/purchase-orders";

export function SupplyPanel({
  supply,
}: {
  supply: {
    readyToInstall: { orderId: number; orderNumber: number; installBooked: boolean }[];
    overdue: PurchaseOrderView[];
  };
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="ready-title" className="card">
        <h2 id="ready-title" className="mb-3 text-xl font-semibold">
          Ready to install
        </h2>
        {supply.readyToInstall.length === 0 ? (
          <p className="text-sm text-muted">No order is waiting for its installation date.</p>
        ) : (
          <ul className="space-y-1">
            {supply.readyToInstall.map((r) => (
              <li key={r.orderId}>
                <Link
                  to={`/admin/orders/${r.orderId}`}
                  className="inline-flex min-h-11 items-center text-primary underline"
                >
                  Order #{r.orderNumber}
                </Link>{" "}
                <span className="text-sm text-muted">
                  {r.installBooked ? "installation booked" : "to schedule"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="overdue-title" className="card">
        <h2 id="overdue-title" className="mb-3 text-xl font-semibold">
          Overdue purchase orders
        </h2>
        {supply.overdue.length === 0 ? (
          <p className="text-sm text-muted">Nothing overdue.</p>
        ) : (
          <ul className="space-y-1">
            {supply.overdue.map((po) => (
              <li key={po.id}>
                <Link
                  to={`/admin/purchase-orders/${po.id}`}
                  className="inline-flex min-h-11 items-center text-primary underline"
                >
                  {po.poLabel} · {po.supplierName}
                </Link>{" "}
                <span className="text-sm text-muted">
                  Order #{po.orderNumber}, was due {po.expectedShipDate}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/purchase-orders" className="btn-secondary mt-4">
          All purchase orders
        </Link>
      </section>
    </div>
  );
}
