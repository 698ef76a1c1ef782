import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { formatSize } from "../../../domain/dimensions";
import { formatMoney } from "../../../domain/money";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../domain/order-status";
import type {
  AdminOrderPage,
  AdminOrderSummary,
} from "../../../server/services/orders/admin-orders";
import { formatDateTime } from "./admin-route";
import { StatusBadge } from "./status-badge";

function OrderCard({ order }: { order: AdminOrderSummary }) {
  return (
    <li className="card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link
            to={`/admin/orders/${order.id}`}
            className="inline-flex min-h-11 items-center text-primary underline underline-offset-2"
          >
            Order #{order.order_number} · {order.reference}
          </Link>
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-sm text-muted">{formatDateTime(order.created_at)}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Customer</dt>
        <dd className="break-words">{order.customer_name}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{order.customer_email}</dd>
        <dt className="font-medium">Phone</dt>
        <dd>{order.customer_phone}</dd>
        <dt className="font-medium">Address</dt>
        <dd className="break-words">{order.customer_address}</dd>
      </dl>
      <ul className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="break-words">
            {item.quantity} × {item.productName}, {formatSize(item.width, item.height)}
            {item.colorName ? `, ${item.colorName}` : ""}
            {item.roomLabel ? ` (${item.roomLabel})` : ""}
            {item.includeInstallation ? ", installed" : ""} · {formatMoney(item.unitCents)} each
          </li>
        ))}
      </ul>
      <p className="mt-3 text-right font-semibold">Total {formatMoney(order.total_cents)}</p>
    </li>
  );
}

function pageLink(basePath: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  next.set("page", String(page));
  return `${basePath}?${next.toString()}`;
}

/**
 * SPEC.md's orders list with its states ('Loading orders...', 'No Orders Yet'), filter, search,
 * paging and CSV exports; on /admin under the dashboard and alone on /admin/orders.
 */
export function OrdersList({
  page,
  basePath,
  title,
}: {
  page: AdminOrderPage;
  basePath: string;
  title: React.ReactNode;
}) {
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname.replace(/\/$/, "") === basePath;
  const status = search.get("status") ?? "";
  const q = search.get("q") ?? "";
  const exportQuery = new URLSearchParams();
  if (status) exportQuery.set("status", status);
  if (q) exportQuery.set("q", q);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {title}
        <span className="flex flex-wrap gap-2">
          <a
            href={`/api/admin/orders.csv${exportQuery.size ? `?${exportQuery}` : ""}`}
            className="btn-secondary"
            download
          >
            Export CSV<span className="sr-only"> (one row per item)</span>
          </a>
          <a
            href={`/api/admin/orders.csv?${new URLSearchParams([...exportQuery, ["rows", "orders"]])}`}
            className="btn-secondary"
            download
          >
            Export order totals (CSV)
          </a>
        </span>
      </div>

      <Form
        method="get"
        action={basePath}
        className="mt-6 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="orders-status" className="field-label">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={status} className="field">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-q" className="field-label">
            Search
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            placeholder="Reference, name, email or phone"
            className="field"
          />
        </div>
        <button type="submit" className="btn-primary">
          Apply
        </button>
      </Form>

      <div className="mt-6" aria-live="polite">
        {loading ? (
          <p role="status" className="py-8 text-center text-muted">
            Loading orders...
          </p>
        ) : page.orders.length === 0 ? (
          <div className="py-12 text-center">
            {page.storeHasOrders ? (
              <p className="text-lg">No orders match this filter.</p>
            ) : (
              <>
                <h2 className="text-2xl font-bold">No Orders Yet</h2>
                <p className="mt-2 text-muted">Orders placed in the store appear here.</p>
              </>
            )}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted">
              {page.total} order{page.total === 1 ? "" : "s"}
            </p>
            <ul className="space-y-4">
              {page.orders.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </ul>
          </>
        )}
      </div>

      {page.pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-2">
          {page.page > 1 ? (
            <Link to={pageLink(basePath, search, page.page - 1)} className="btn-secondary">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm">
            Page {page.page} of {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link to={pageLink(basePath, search, page.page + 1)} className="btn-secondary">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
