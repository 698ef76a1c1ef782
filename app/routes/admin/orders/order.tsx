/** /admin/orders/:orderId: everything about one order, its status workflow and internal notes. */

import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { orderStatusLabel } from "../../../../domain/orders/order-status";
import { salesTaxLabel } from "../../../../domain/orders/sales-tax";
import {
  ORDER_NOTE_MAX,
  orderNoteSchema,
  orderStatusChangeSchema,
} from "../../../../domain/people/admin-schema";
import { roleHas } from "../../../../domain/people/permissions";
import { REMAKE_FORM_LABELS } from "../../../../domain/purchasing/purchasing-form";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import { FormResult } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import {
  actorOf,
  failureOf,
  formatDateTime,
  noStoreHeaders,
  recordIdParam,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { StatusBadge } from "../../../components/admin/status-badge";
import { OrderMargin } from "../../../components/books/order-margin";
import { FieldMessage } from "../../../components/field-message";
import { AdjustItemForm } from "../../../components/orders/admin/adjust-item-form";
import { OrderAtAGlance } from "../../../components/orders/admin/order-at-a-glance";
import {
  adjustmentPreview,
  businessAction,
  orderFormKey,
} from "../../../components/orders/admin/order-business-action.server";
import { OrderCustomer } from "../../../components/orders/admin/order-customer";
import { OrderItems } from "../../../components/orders/admin/order-items";
import { loadOrderPage } from "../../../components/orders/admin/order-page.server";
import { OrderPayments } from "../../../components/orders/admin/order-payments";
import { ORDER_RESULTS } from "../../../components/orders/admin/order-results";
import { OrderTimeline } from "../../../components/orders/admin/order-timeline";
import { OrderVisits } from "../../../components/orders/admin/order-visits";
import { OrderSupply } from "../../../components/purchasing/order-supply";
import { purchasingAction } from "../../../components/purchasing/purchasing-action.server";
import { loadOrThrow, runAction, typedValues } from "../../../lib/admin-route.server";
import { parseInput, readForm } from "../../../lib/form-input.server";
import { fieldA11y, useSchemaForm } from "../../../lib/forms";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/order";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/orders/order.tsx");
  const id = recordIdParam(params.orderId);
  // What the order earned is the books' (owners); the office runs the order without it.
  return loadOrThrow(context, () =>
    loadOrderPage(context.services, id, { margin: roleHas(session.role, "books") }),
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request, context, "routes/admin/orders/order.tsx"));
  const { admin } = context.services;
  const id = recordIdParam(params.orderId);
  const scope: Parameters<typeof runAction>[2] = {};
  return runAction(
    context,
    async () => {
      const form = await readForm(request);
      scope.intent = orderFormKey(form);
      scope.values = typedValues(form);
      if (scope.intent === "remake") scope.labels = REMAKE_FORM_LABELS;
      if (scope.intent === "adjust-preview") {
        return {
          ok: true,
          message: "",
          preview: await adjustmentPreview(context.services, id, form),
        };
      }
      const done =
        (await purchasingAction(context.services, id, form, actor)) ??
        (await businessAction(context.services, id, form, actor));
      if (done) return done;
      if (scope.intent === "note") {
        const { body } = parseInput(orderNoteSchema, noteFromForm(form));
        await admin.addOrderNote(id, body, actor);
        return "Note added.";
      }
      const change = parseInput(orderStatusChangeSchema, statusFromForm(form));
      const order = await admin.changeOrderStatus(id, change, actor);
      const label = orderStatusLabel(order.status);
      return change.notifyCustomer
        ? `Status changed to ${label}. The customer will be emailed.`
        : `Status changed to ${label}.`;
    },
    scope,
  );
}

/** The note form → orderNoteSchema's input (the action and the browser read it alike). */
function noteFromForm(form: FormData) {
  return { body: form.get("body") ?? "" };
}

/** The status form → orderStatusChangeSchema's input. */
function statusFromForm(form: FormData) {
  return {
    status: form.get("status"),
    notifyCustomer: form.get("notifyCustomer") === "on",
    note: form.get("note") ?? undefined,
  };
}

/** A preview of an adjustment changes nothing: the page's data is not read again after it. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}) {
  return formData?.get("intent") === "adjust-preview" ? false : defaultShouldRevalidate;
}

export function meta({ data }: Route.MetaArgs) {
  return adminMeta(data ? `Order #${data.order.order_number}` : "Order");
}

export const headers = noStoreHeaders;

export default function AdminOrder() {
  const { order, visits, payments, staff, events, supply, margin } = useLoaderData<typeof loader>();
  const today = storeToday();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const noteForm = useRef<HTMLFormElement>(null);
  const statusForm = useRef<HTMLFormElement>(null);
  const closed = order.status === "completed" || order.status === "cancelled";

  const statusCheck = useSchemaForm({
    id: "order-status-form",
    schema: orderStatusChangeSchema,
    fromForm: statusFromForm,
    failure: failureOf(result, "status"),
  });
  const noteCheck = useSchemaForm({
    id: "order-note-form",
    schema: orderNoteSchema,
    fromForm: noteFromForm,
    failure: failureOf(result, "note"),
  });

  // A saved form is emptied (its intent, never its message's wording, says which).
  useEffect(() => {
    if (result?.ok && result.intent === "note") noteForm.current?.reset();
    if (result?.ok && result.intent === "status") statusForm.current?.reset();
  }, [result]);

  return (
    <div className="container-page py-8">
      <Link to="/admin" className="inline-flex min-h-11 items-center text-primary underline">
        Back to orders
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold break-words">
          Order #{order.order_number}{" "}
          <span className="inline-block font-mono text-lg font-normal text-muted">
            {order.reference}
          </span>
        </h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-muted">Placed {formatDateTime(order.created_at)}</p>
      <OrderAtAGlance
        order={order}
        visits={visits}
        balanceDueCents={payments.balanceDueCents}
        today={today}
      />
      <Link to={`/admin/orders/${order.id}/sheet`} className="btn-secondary mt-4">
        Installation sheet
      </Link>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="items-title" className="card">
            <h2 id="items-title" className="mb-4 text-xl font-semibold">
              Items
            </h2>
            <OrderItems items={order.items} />
            <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-line pt-4">
              <dt>Subtotal</dt>
              <dd className="text-right">{formatMoney(order.subtotal_cents)}</dd>
              <dt>Multiple Blind Discount</dt>
              <dd className="text-right">−{formatMoney(order.discount_cents)}</dd>
              <dt>Shipping</dt>
              <dd className="text-right">
                {order.shipping_cents === 0 ? "Free" : formatMoney(order.shipping_cents)}
              </dd>
              <dt>{salesTaxLabel(order.tax_rate_bp)}</dt>
              <dd className="text-right">{formatMoney(order.tax_cents)}</dd>
              <dt className="font-bold">Total</dt>
              <dd className="text-right font-bold">{formatMoney(order.total_cents)}</dd>
            </dl>
          </section>

          {["pending", "confirmed", "measured"].includes(order.status) ? (
            <AdjustItemForm orderId={order.id} items={order.items} busy={busy} result={result} />
          ) : null}
          <FormResult id={ORDER_RESULTS.adjust} result={result} intents={["adjust"]} />
          <OrderVisits visits={visits} staff={staff} busy={busy} closed={closed} result={result} />
          <FormResult
            id={ORDER_RESULTS.visits}
            result={result}
            intents={["visit", "visit-update-"]}
          />
          <OrderSupply
            supply={supply}
            items={order.items
              .filter((i) => i.productId !== null)
              .map((i) => ({
                id: i.id,
                label: `${i.roomLabel ?? "Room not given"}: ${i.productName}`,
              }))}
            busy={busy}
            closed={closed}
            result={result}
          />
          <FormResult
            id={ORDER_RESULTS.supply}
            result={result}
            intents={["purchase-orders", "remake"]}
          />
          <OrderPayments orderId={order.id} summary={payments} busy={busy} result={result} />
          <FormResult
            id={ORDER_RESULTS.payments}
            result={result}
            intents={["payment", "receipt-email"]}
          />

          <section aria-labelledby="history-title" className="card">
            <h2 id="history-title" className="mb-3 text-xl font-semibold">
              Status history
            </h2>
            <OrderTimeline history={order.history} events={events} />
          </section>
        </div>

        <div className="space-y-6">
          <OrderCustomer order={order} />
          {margin ? <OrderMargin margin={margin} /> : null}

          <section aria-labelledby="status-title" className="card">
            <h2 id="status-title" className="mb-3 text-xl font-semibold">
              Change status
            </h2>
            {order.allowed_transitions.length === 0 ? (
              <p className="text-sm text-muted">This order is closed; its status cannot change.</p>
            ) : (
              <Form
                method="post"
                action={`#${ORDER_RESULTS.status}`}
                ref={statusForm}
                className="space-y-3"
                {...statusCheck.formProps}
              >
                <input type="hidden" name="intent" value="status" />
                <div>
                  <label htmlFor="new-status" className="field-label">
                    New status
                  </label>
                  <select id="new-status" name="status" className="field" key={order.status}>
                    {order.allowed_transitions.map((t) => (
                      <option key={t.status} value={t.status}>
                        {t.back ? `Back to ${t.label} (say why below)` : t.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="status-note" className="field-label">
                    Note for the history (the reason, when going back)
                  </label>
                  <input
                    id="status-note"
                    name="note"
                    maxLength={500}
                    className="field"
                    {...fieldA11y(statusCheck.errors, "note", "status-note")}
                  />
                  <FieldMessage id="status-note" error={statusCheck.errors.note} />
                </div>
                <label className="flex min-h-11 items-center gap-3">
                  <input type="checkbox" name="notifyCustomer" className="size-5" />
                  Email the customer about this change
                </label>
                <button type="submit" className="btn-primary w-full" disabled={busy}>
                  Update status
                </button>
              </Form>
            )}
            <FormResult id={ORDER_RESULTS.status} result={result} intents={["status"]} />
          </section>

          <section aria-labelledby="notes-title" className="card">
            <h2 id="notes-title" className="mb-3 text-xl font-semibold">
              Internal notes
            </h2>
            <Form
              method="post"
              action={`#${ORDER_RESULTS.note}`}
              ref={noteForm}
              className="space-y-3"
              {...noteCheck.formProps}
            >
              <input type="hidden" name="intent" value="note" />
              <div>
                <label htmlFor="note-body" className="field-label">
                  New note (only the store sees it)
                </label>
                <textarea
                  id="note-body"
                  name="body"
                  required
                  maxLength={ORDER_NOTE_MAX}
                  rows={3}
                  className="field"
                  {...fieldA11y(noteCheck.errors, "body", "note-body")}
                />
                <FieldMessage id="note-body" error={noteCheck.errors.body} />
              </div>
              <button type="submit" className="btn-secondary w-full" disabled={busy}>
                Add note
              </button>
            </Form>
            <FormResult id={ORDER_RESULTS.note} result={result} intents={["note"]} />
            {order.notes.length ? (
              <ul className="mt-4 space-y-3">
                {order.notes.map((n) => (
                  <li key={n.id} className="border-t border-line pt-3 text-sm">
                    <p className="whitespace-pre-line break-words">{n.body}</p>
                    <p className="text-muted">{formatDateTime(n.createdAt)}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-muted">No notes yet.</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the order" />;
}
