import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../../domain/orders/order-status";
import type { OrderSortColumn } from "../../../../domain/people/admin-schema";
import { formatMoney } from "../../../../domain/shared/money";
import type {
  AdminOrderPage,
  AdminOrderSummary,
} from "../../../../server/services/orders/admin-orders";
import { formatDateTime } from "../../admin/admin-route";
import { StatusBadge } from "../../admin/status-badge";

const COLUMNS: readonly { key: OrderSortColumn | null; label: string; numeric?: boolean }[] = [
  { key: "number", label: "Order" },
  { key: "customer", label: "Customer" },
  { key: "status", label: "Status" },
  { key: "total", label: "Total", numeric: true },
  { key: "balance", label: "Balance", numeric: true },
  { key: null, label: "Next visit" },
];

function sortLink(basePath: string, search: URLSearchParams, key: OrderSortColumn): string {
  const next = new URLSearchParams(search);
  const current = search.get("sort");
  next.set("sort", current === key ? `-${key}` : key);
  next.delete("page");
  return `${basePath}?${next.toString()}`;
}

/** The orders as a dense table: sortable by its headers, one row per order. */
function OrdersTable({
  orders,
  basePath,
  search,
}: {
  orders: readonly AdminOrderSummary[];
  basePath: string;
  search: URLSearchParams;
}) {
  const sort = search.get("sort") ?? "";
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-line bg-white sm:block">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Orders, newest first unless sorted by a column</caption>
        <thead className="bg-surface text-left">
          <tr>
            {COLUMNS.map((c) => {
              const state =
                c.key && sort === c.key
                  ? "ascending"
                  : c.key && sort === `-${c.key}`
                    ? "descending"
                    : undefined;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={state}
                  className={`px-3 py-2 font-semibold ${c.numeric ? "text-right" : ""}`}
                >
                  {c.key ? (
                    <Link
                      to={sortLink(basePath, search, c.key)}
                      className="inline-flex min-h-8 items-center gap-1 underline-offset-2 hover:underline"
                    >
                      {c.label}
                      <span aria-hidden="true" className="text-muted">
                        {state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕"}
                      </span>
                    </Link>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <tr key={order.id} className="align-top hover:bg-primary-light/40">
              <td className="px-3 py-2">
                <Link
                  to={`/admin/orders/${order.id}`}
                  className="font-semibold text-primary underline underline-offset-2"
                >
                  Order #{order.order_number} · {order.reference}
                </Link>
                <span className="block text-xs text-muted">{formatDateTime(order.created_at)}</span>
              </td>
              <td className="px-3 py-2">
                <span className="block break-words">{order.customer_name}</span>
                <span className="block break-words text-xs text-muted">
                  <a
                    href={`mailto:${order.customer_email}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {order.customer_email}
                  </a>{" "}
                  ·{" "}
                  <a
                    href={`tel:${order.customer_phone.replace(/[^\d+]/g, "")}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {order.customer_phone}
                  </a>
                </span>
                <span className="block break-words text-xs text-muted">
                  {order.customer_address} · {order.item_count} item
                  {order.item_count === 1 ? "" : "s"}
                </span>
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={order.status} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatMoney(order.total_cents)}
              </td>
              <td
                className={`px-3 py-2 text-right tabular-nums ${order.balance_cents > 0 ? "font-semibold" : "text-muted"}`}
              >
                {formatMoney(order.balance_cents)}
              </td>
              <td className="px-3 py-2">
                {order.next_visit ?? <span className="text-muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The orders on a phone: a card each, leading with who, the status and the balance, so nothing
 * is cut off at the right of a table.
 */
function OrderCards({ orders }: { orders: readonly AdminOrderSummary[] }) {
  return (
    <ul className="space-y-3 sm:hidden">
      {orders.map((order) => (
        <li key={order.id} className="card space-y-1 p-4 text-sm">
          <div className="flex items-start justify-between gap-2">
            <span className="text-base font-semibold break-words">{order.customer_name}</span>
            <StatusBadge status={order.status} />
          </div>
          <p className={order.balance_cents > 0 ? "font-semibold" : "text-muted"}>
            {order.balance_cents > 0
              ? `${formatMoney(order.balance_cents)} due of ${formatMoney(order.total_cents)}`
              : `${formatMoney(order.total_cents)}, nothing due`}
          </p>
          {order.next_visit ? <p>Next: {order.next_visit}</p> : null}
          <Link
            to={`/admin/orders/${order.id}`}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-2"
          >
            Order #{order.order_number} · {order.reference}
          </Link>
          <p className="text-xs text-muted">
            {formatDateTime(order.created_at)} · {order.item_count} item
            {order.item_count === 1 ? "" : "s"}
          </p>
        </li>
      ))}
    </ul>
  );
}

function pageLink(basePath: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  next.set("page", String(page));
  return `${basePath}?${next.toString()}`;
}

/**
 * The spec's orders list with its states ('Loading orders...', 'No Orders Yet'), filter, search,
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
      <div className="flex flex-wrap items-center justify-between gap-3">{title}</div>

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
            <OrderCards orders={page.orders} />
            <OrdersTable orders={page.orders} basePath={basePath} search={search} />
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
      {/* Out of the way, under the list: the exports are for the bookkeeper, not the day. */}
      <p className="mt-6 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">Download:</span>
        <a
          href={`/api/admin/orders.csv${exportQuery.size ? `?${exportQuery}` : ""}`}
          className="btn-secondary min-h-11 px-3 py-1 text-sm"
          download
        >
          Export CSV<span className="sr-only"> (one row per item)</span>
        </a>
        <a
          href={`/api/admin/orders.csv?${new URLSearchParams([...exportQuery, ["rows", "orders"]])}`}
          className="btn-secondary min-h-11 px-3 py-1 text-sm"
          download
        >
          Export order totals (CSV)
        </a>
      </p>
    </>
  );
}
