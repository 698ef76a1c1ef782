/**
 * /admin/orders/:orderId/sheet: a one-page printable sheet for the installer, and (on screen)
 * where he records the payments he collects. An installer opens only the sheets of orders with
 * a visit assigned to him.
 */

import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { roleHas } from "../../../../domain/people/permissions";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { businessAction } from "../../../components/orders/admin/order-business-action.server";
import { configurationEntries, itemSize } from "../../../components/orders/admin/order-items";
import { moneyOf, OrderPayments } from "../../../components/orders/admin/order-payments";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { AppError } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import { useRootData } from "../../../root";
import type { Route } from "./+types/order-sheet";

const PAGE = "routes/admin/orders/order-sheet.tsx";

export async function loader(args: Route.LoaderArgs) {
  const { session, id } = await adminRecord(args, PAGE, "orderId");
  const { services } = args.context;
  const order = await loadOrThrow(args.context, async () => {
    await services.fieldAccess.assertOrder(session, id);
    return services.admin.getOrder(id);
  });
  const [visits, payments] = await Promise.all([
    services.visits.visitsForOrder(id),
    services.payments.paymentSummary(id),
  ]);
  return {
    order,
    visits: visits.filter((v) => v.status === "scheduled"),
    payments,
    canOpenOrder: roleHas(session.role, "orders"),
  };
}

/** Records a payment or refund, or emails the receipt: what an installer does on site. */
export async function action(args: Route.ActionArgs) {
  const { services } = args.context;
  return adminRecordAction(args, PAGE, "orderId", async (form, { session, actor, id }, scope) => {
    await services.fieldAccess.assertOrder(session, id);
    const done =
      scope.intent === "payment" || scope.intent === "receipt-email"
        ? await businessAction(services, id, form, actor)
        : null;
    if (done === null) throw new AppError("bad_request", "Unknown action.");
    return done;
  });
}

export function meta({ data }: Route.MetaArgs) {
  return adminMeta(
    data ? `Installation sheet, Order #${data.order.order_number}` : "Installation sheet",
  );
}

export const headers = noStoreHeaders;

/** Only the sheet prints: the admin bar (print:hidden) and the buttons are left out. */
const PRINT_CSS = `@media print {
  .no-print { display: none !important; }
  @page { margin: 12mm; }
  .sheet { font-size: 11pt; }
  .sheet-item { break-inside: avoid; }
}`;

export default function InstallationSheet() {
  const { order, visits, payments, canOpenOrder } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { business } = useRootData();
  return (
    <div className="sheet container-page py-8 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="no-print mb-6 flex flex-wrap gap-3">
        {canOpenOrder ? (
          <Link to={`/admin/orders/${order.id}`} className="btn-secondary">
            Back to the order
          </Link>
        ) : (
          <Link to="/admin/schedule" className="btn-secondary">
            Back to my schedule
          </Link>
        )}
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-ink pb-3">
        <div>
          <h1 className="text-2xl font-bold break-all">
            Installation sheet · Order #{order.order_number}
          </h1>
          <p className="text-sm">
            Placed {formatDateTime(order.created_at)} · {order.status_label}
          </p>
        </div>
        <p className="text-sm">
          {business.name}
          <br />
          {business.phone}
        </p>
      </header>
      <section aria-labelledby="sheet-customer" className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h2 id="sheet-customer" className="font-semibold">
            Customer
          </h2>
          <p>{order.customer_name}</p>
          <p>{order.customer_phone}</p>
          <p className="break-all">{order.customer_email}</p>
        </div>
        <div>
          <h2 className="font-semibold">Address</h2>
          <p>{order.address}</p>
          <p>
            {order.city}, {order.state} {order.zip_code}
          </p>
          {visits.length ? (
            visits.map((v) => (
              <p key={v.id} className="mt-1">
                <span className="font-semibold">{v.kindLabel}:</span> {v.when}
                {v.staffName ? ` (${v.staffName})` : ""}
              </p>
            ))
          ) : (
            <p className="mt-1">
              <span className="font-semibold">Preferred visit time:</span>{" "}
              {order.visit_window_label}
            </p>
          )}
        </div>
      </section>
      {order.special_instructions ? (
        <section className="mt-4">
          <h2 className="font-semibold">Special instructions</h2>
          <p className="whitespace-pre-line break-words">{order.special_instructions}</p>
        </section>
      ) : null}
      <section aria-labelledby="sheet-items" className="mt-4">
        <h2 id="sheet-items" className="font-semibold">
          Items ({order.items.reduce((n, i) => n + i.quantity, 0)} pieces)
        </h2>
        <ol className="mt-2 space-y-2">
          {order.items.map((item, index) => (
            <li key={item.id} className="sheet-item rounded border border-ink/40 p-3">
              <p className="font-semibold">
                {index + 1}. {item.roomLabel ?? "Room not given"} — {item.quantity} ×{" "}
                {item.productName}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="font-medium">Size</dt>
                <dd>{itemSize(item)}</dd>
                {item.colorName ? (
                  <>
                    <dt className="font-medium">Color</dt>
                    <dd>{item.colorName}</dd>
                  </>
                ) : null}
                {configurationEntries(item).map((e) => (
                  <Entry key={e.label} label={e.label} value={e.value} />
                ))}
                <dt className="font-medium">Install</dt>
                <dd>{item.includeInstallation ? "Yes" : "No (delivery only)"}</dd>
              </dl>
            </li>
          ))}
        </ol>
      </section>
      <section
        aria-labelledby="sheet-money"
        className="sheet-item mt-4 rounded border-2 border-ink p-3"
      >
        <h2 id="sheet-money" className="font-semibold">
          To collect: {payments.balanceDueCents > 0 ? moneyOf(payments.balanceDueCents) : "nothing"}
        </h2>
        <p className="text-sm">
          Order total {moneyOf(payments.totalCents)} · paid so far {moneyOf(payments.paidCents)}
          {payments.balanceDueCents < 0
            ? ` · refund owed ${moneyOf(-payments.balanceDueCents)}`
            : ""}
        </p>
        {payments.payments.length ? (
          <ul className="mt-1 text-sm">
            {payments.payments.map((p) => (
              <li key={p.id}>
                {formatDateTime(p.receivedAt)}: {p.amountCents < 0 ? "refund" : "payment"}{" "}
                {moneyOf(Math.abs(p.amountCents))}, {p.methodLabel}
                {p.reference ? ` ${p.reference}` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="no-print mt-6 space-y-4">
        <ActionMessage result={result} className="font-medium" boxed />
        <OrderPayments orderId={order.id} summary={payments} busy={busy} result={result} />
      </div>
    </div>
  );
}

function Entry({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the installation sheet" />;
}
