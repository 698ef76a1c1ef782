/**
 * /admin/visits/:visitId: the installer's job card on his phone (DECISIONS.md "The installer's
 * close-out"; decision 223): tap to call, the address opening the phone's map, "On my way",
 * the items with room labels and sizes, the balance to collect (a payment form), and the
 * close-out with the checklist, photos and the customer's signature. The printable sheet stays
 * at /admin/orders/:id/sheet for the office. An installer opens only his own visits.
 */
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../domain/back-office-schema";
import { configurationEntries, itemSize } from "../../domain/item-spec";
import { centsToDecimalString } from "../../domain/money";
import { roleHas } from "../../domain/permissions";
import { formatVisitWindow, VISIT_KIND_LABELS, type VisitKind } from "../../domain/visit-time";
import { AdminError } from "../components/admin/admin-error";
import { field } from "../components/admin/admin-form.server";
import {
  actorOf,
  formatDateTime,
  noStoreHeaders,
  recordIdParam,
  requireAdmin,
} from "../components/admin/admin-route";
import { businessAction } from "../components/admin/order-business-action.server";
import { moneyOf } from "../components/admin/order-payments";
import { CloseOutForm } from "../components/purchasing/close-out-form";
import { OnMyWay } from "../components/purchasing/on-my-way";
import { loadOrThrow, runAction } from "../lib/admin-route.server";
import { AppError, readForm } from "../lib/form-input.server";
import type { Route } from "./+types/admin.visit";

export const headers = noStoreHeaders;

export function meta({ data }: Route.MetaArgs) {
  return [
    {
      title: data ? `Job card, Order #${data.card.order.order_number} | Admin` : "Job card | Admin",
    },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin.visit.tsx");
  const id = recordIdParam(params.visitId);
  const card = await loadOrThrow(context, async () => {
    await context.services.fieldAccess.assertVisit(session, id);
    return context.services.closeOuts.jobCard(id);
  });
  return { card, canOpenOrder: roleHas(session.role, "orders") };
}

/** Records the payment the installer collects (the payments rules). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context, "routes/admin.visit.tsx");
  const id = recordIdParam(params.visitId);
  return runAction(context, async () => {
    await context.services.fieldAccess.assertVisit(session, id);
    const card = await context.services.closeOuts.jobCard(id);
    const form = await readForm(request);
    if (field(form, "intent") !== "payment") throw new AppError("bad_request", "Unknown action.");
    const done = await businessAction(context.services, card.order.id, form, actorOf(session));
    if (done === null) throw new AppError("bad_request", "Unknown action.");
    return done;
  });
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Opens the phone's map app (Google's universal maps link works on Android and iOS). */
function mapHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export default function JobCard() {
  const { card, canOpenOrder } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { order, visit, payments, closeOut } = card;
  const address = `${order.address}, ${order.city}, ${order.state} ${order.zip_code}`;
  const kind = VISIT_KIND_LABELS[visit.kind as VisitKind] ?? "Visit";
  const due = payments.balanceDueCents;
  return (
    <div className="container-page space-y-5 py-6" data-testid="job-card">
      <p className="flex flex-wrap gap-3">
        <Link to="/admin/visits" className="btn-secondary">
          My visits
        </Link>
        <Link to={`/admin/orders/${order.id}/sheet`} className="btn-secondary">
          Printable sheet
        </Link>
        {canOpenOrder ? (
          <Link to={`/admin/orders/${order.id}`} className="btn-secondary">
            The order
          </Link>
        ) : null}
      </p>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {kind} · Order #{order.order_number}
        </h1>
        <p className="mt-1 text-lg">
          {formatVisitWindow({ date: visit.date, start: visit.start, end: visit.end })}
        </p>
        <p className="text-muted">
          {order.status_label}
          {visit.status !== "scheduled" ? ` · visit ${visit.status}` : ""}
        </p>
      </header>

      <section aria-labelledby="card-customer" className="card space-y-3">
        <h2 id="card-customer" className="text-xl font-bold">
          {order.customer_name}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <a href={telHref(order.customer_phone)} className="btn-primary">
            Call {order.customer_phone}
          </a>
          <a href={mapHref(address)} className="btn-secondary" target="_blank" rel="noreferrer">
            Map: {address}
          </a>
        </div>
        {order.special_instructions ? (
          <p className="whitespace-pre-line break-words">
            <span className="font-semibold">Notes:</span> {order.special_instructions}
          </p>
        ) : null}
        {visit.status === "scheduled" ? <OnMyWay visitId={visit.id} /> : null}
      </section>

      <section aria-labelledby="card-items" className="card">
        <h2 id="card-items" className="text-xl font-bold">
          Items ({order.items.reduce((n, i) => n + i.quantity, 0)} pieces)
        </h2>
        <ol className="mt-3 space-y-3">
          {order.items.map((item, index) => (
            <li key={item.id} className="rounded-md border border-line p-3">
              <p className="font-semibold">
                {index + 1}. {item.roomLabel ?? "Room not given"}: {item.quantity} ×{" "}
                {item.productName}
              </p>
              <p className="text-sm">
                {itemSize(item)}
                {item.colorName ? ` · ${item.colorName}` : ""}
                {configurationEntries(item)
                  .map((e) => ` · ${e.label}: ${e.value}`)
                  .join("")}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="card-money" className="card space-y-3">
        <h2 id="card-money" className="text-xl font-bold">
          To collect: {due > 0 ? moneyOf(due) : "nothing"}
        </h2>
        <p className="text-sm">
          Order total {moneyOf(payments.totalCents)} · paid so far {moneyOf(payments.paidCents)}
        </p>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className="font-medium">
            {result.ok ? result.message : result.error}
          </p>
        ) : null}
        {due > 0 ? (
          <Form method="post" className="grid gap-3 sm:grid-cols-3" aria-label="Record a payment">
            <input type="hidden" name="intent" value="payment" />
            <div>
              <label htmlFor="card-amount" className="field-label">
                Amount ($)
              </label>
              <input
                id="card-amount"
                name="amount"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                defaultValue={centsToDecimalString(due)}
                required
                className="field"
              />
            </div>
            <div>
              <label htmlFor="card-method" className="field-label">
                Method
              </label>
              <select id="card-method" name="method" className="field" defaultValue="check">
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="card-reference" className="field-label">
                Check number or reference
              </label>
              <input id="card-reference" name="reference" maxLength={100} className="field" />
            </div>
            <button type="submit" className="btn-primary sm:col-span-3">
              Record payment
            </button>
          </Form>
        ) : null}
      </section>

      {closeOut ? (
        <section aria-labelledby="card-closed" className="card space-y-2">
          <h2 id="card-closed" className="text-xl font-bold">
            Closed out
          </h2>
          <p>
            {formatDateTime(closeOut.createdAt)} by {closeOut.actor}; signed by{" "}
            {closeOut.signerName}.
          </p>
          <ul className="list-disc pl-5">
            {closeOut.items.map((i) => {
              const item = order.items.find((x) => x.id === i.itemId);
              return (
                <li key={i.itemId}>
                  {item?.roomLabel ?? item?.productName ?? `Item ${i.itemId}`}:{" "}
                  {i.status === "installed" ? "Installed" : "Problem"}
                  {i.note ? ` (${i.note})` : ""}
                </li>
              );
            })}
          </ul>
          <p>
            {closeOut.photoIds.length} {closeOut.photoIds.length === 1 ? "photo" : "photos"}
          </p>
          <img
            src={`/api/admin/visits/${visit.id}/close-out/signature`}
            alt={`Signature of ${closeOut.signerName}`}
            className="h-24 rounded border border-line bg-white"
          />
        </section>
      ) : visit.kind === "install" && visit.status === "scheduled" ? (
        <CloseOutForm
          visitId={visit.id}
          items={order.items.map((i) => ({
            id: i.id,
            label: `${i.roomLabel ?? "Room not given"}: ${i.quantity} × ${i.productName}, ${itemSize(i)}`,
          }))}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the job card" />;
}
