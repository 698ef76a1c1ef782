/**
 * /admin/visits/:visitId: the installer's job card on his phone: tap to call, the address opening the phone's map, "On my way",
 * the items with room labels and sizes, the balance to collect (a payment form), and the
 * close-out with the checklist, photos and the customer's signature. The printable sheet stays
 * at /admin/orders/:id/sheet for the office. An installer opens only his own visits.
 */

import { Form, Link, useActionData, useLoaderData } from "react-router";
import { roleHas } from "../../../../domain/people/permissions";
import { onMyWayFromForm } from "../../../../domain/purchasing/purchasing-form";
import { onMyWaySchema } from "../../../../domain/scheduling/booking-schema";
import {
  measuredWindowFromForm,
  windowInputOf,
} from "../../../../domain/scheduling/measurement-form";
import { measuredWindowSchema } from "../../../../domain/scheduling/measurements";
import {
  formatVisitWindow,
  isOnMyWayDay,
  VISIT_KIND_LABELS,
  VISIT_KINDS,
} from "../../../../domain/scheduling/visit-time";
import { ORDER_FORM_LABELS, paymentFromForm } from "../../../../domain/shared/back-office-form";
import { paymentSchema, visitUpdateSchema } from "../../../../domain/shared/back-office-schema";
import { formatSize } from "../../../../domain/shared/dimensions";
import { oneOf } from "../../../../domain/shared/one-of";
import { visitRevision } from "../../../../domain/shared/revision";
import { configurationEntries, itemSize } from "../../../../domain/storefront/item-spec";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { failureOf, formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { businessAction } from "../../../components/orders/admin/order-business-action.server";
import { moneyOf } from "../../../components/orders/admin/order-payments";
import { PaymentFields } from "../../../components/orders/admin/payment-fields";
import { CloseOutForm } from "../../../components/purchasing/close-out-form";
import { VisitOnMyWay } from "../../../components/purchasing/on-my-way";
import { BookedVisitCard } from "../../../components/scheduling/booked-visit-card";
import { MeasurementsCard } from "../../../components/scheduling/measurements-card";
import { OfflineJobCard } from "../../../components/scheduling/offline-job-card";
import { VisitCustomerCard } from "../../../components/scheduling/visit-customer-card";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { AppError, parseInput } from "../../../lib/form-input.server";
import { useSchemaForm } from "../../../lib/forms";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/visit";
import { orderRevision } from "./visit-revisions.server";

export function meta({ data }: Route.MetaArgs) {
  if (data?.booked) return adminMeta(`Job card, ${data.booked.customerName}`);
  return adminMeta(data?.card ? `Job card, Order #${data.card.order.order_number}` : "Job card");
}

export const headers = noStoreHeaders;

const PAGE = "routes/admin/scheduling/visit.tsx";

export async function loader(args: Route.LoaderArgs) {
  const { session, id } = await adminRecord(args, PAGE, "visitId");
  const { services } = args.context;
  const { card, booked, revision } = await loadOrThrow(args.context, async () => {
    await services.fieldAccess.assertVisit(session, id);
    const visit = await services.visits.findVisit(id);
    if (!visit) throw new AppError("not_found", "Visit not found.");
    // What the phone's queued writes name as If-Match (decision 581).
    const revision = visitRevision(visit);
    // A visit booked before any order has no items nor balance: its own card.
    if (visit.orderId === null) return { card: null, booked: visit, revision };
    return { card: await services.closeOuts.jobCard(id), booked: null, revision };
  });
  const visitDate = card?.visit.date ?? booked?.date;
  const kind = card?.visit.kind ?? booked?.kind;
  return {
    card,
    booked,
    visitId: id,
    revision,
    orderRevision: card ? await orderRevision(services, card.order.id) : null,
    // A measurement visit's windows (decision 524); null on an installation.
    measurements: kind === "measure" ? await services.measurements.list(id) : null,
    // The catalog's names for the products a window may be measured for.
    products:
      kind === "measure"
        ? (await services.catalog.listProducts()).map(({ type, name }) => ({ type, name }))
        : [],
    canOpenOrder: roleHas(session.role, "orders"),
    isVisitDay: visitDate !== undefined && isOnMyWayDay(visitDate),
  };
}

/** Records the payment the installer collects (the payments rules), or "On my way". */
export async function action(args: Route.ActionArgs) {
  const { services } = args.context;
  return adminRecordAction(args, PAGE, "visitId", async (form, { session, actor, id }) => {
    await services.fieldAccess.assertVisit(session, id);
    const intent = form.get("intent");
    if (intent === "on-my-way") {
      const { minutes } = parseInput(onMyWaySchema, onMyWayFromForm(form));
      await services.reminders.onMyWayVisit(id, minutes, {
        ...actor,
        staffId: session.staffId,
        role: session.role,
      });
      return `The customer was told you arrive in about ${minutes} minutes.`;
    }
    if (intent === "measure-add" || intent === "measure-remove") {
      return measure(services, id, form);
    }
    if (intent === "done") {
      const input = parseInput(visitUpdateSchema, { status: "done" });
      await services.fieldAccess.assertVisitUpdate(session, id, input);
      const visit = await services.visits.updateVisit(id, input, actor);
      return `${visit.kindLabel} of ${visit.when} marked done.`;
    }
    if (intent !== "payment") throw new AppError("bad_request", "Unknown action.");
    const card = await services.closeOuts.jobCard(id);
    const done = await businessAction(services, card.order.id, form, actor);
    if (done === null) throw new AppError("bad_request", "Unknown action.");
    return done;
  });
}

/** Adds the window typed, or removes one: the visit's list is sent again whole. */
async function measure(
  services: Route.ActionArgs["context"]["services"],
  id: number,
  form: FormData,
): Promise<string> {
  const windows = (await services.measurements.list(id)).map(windowInputOf);
  if (form.get("intent") === "measure-remove") {
    const index = Number(form.get("index"));
    const gone = windows[index];
    if (!Number.isInteger(index) || !gone) {
      throw new AppError("not_found", "That window is no longer on the list.");
    }
    await services.measurements.record(
      id,
      windows.filter((_, i) => i !== index),
    );
    return `${gone.room} removed.`;
  }
  const read = measuredWindowFromForm(form);
  if (!read.ok) {
    throw new AppError("validation_failed", "Check the sizes: type inches like 35 or 35 1/4.", {
      fields: read.fieldErrors,
    });
  }
  const window = parseInput(measuredWindowSchema, read.window);
  const saved = await services.measurements.record(id, [...windows, window]);
  const added = saved.at(-1);
  if (!added) return `${window.room} saved.`;
  const flags = added.flags.length ? ` Check it: ${added.flags.join(", ")}.` : "";
  return `${window.room} saved: order ${formatSize(added.orderWidth, added.orderHeight)}.${flags}`;
}

const pieceCount = (n: number) => `${n} ${n === 1 ? "piece" : "pieces"}`;

/** The card, its forms going to the phone's queue when there is no network (decision 583). */
export default function JobCard() {
  const { visitId, revision, measurements, card, orderRevision } = useLoaderData<typeof loader>();
  const order = card && orderRevision ? { id: card.order.id, revision: orderRevision } : null;
  return (
    <OfflineJobCard visitId={visitId} revision={revision} windows={measurements} order={order}>
      <JobCardContent />
    </OfflineJobCard>
  );
}

function JobCardContent() {
  const { card, booked, canOpenOrder, isVisitDay, measurements, products } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const payment = useSchemaForm({
    id: "card-payment-form",
    schema: paymentSchema,
    fromForm: paymentFromForm,
    failure: failureOf(result, "payment"),
    labels: ORDER_FORM_LABELS,
  });
  if (!card)
    return booked ? (
      <BookedVisitCard visit={booked} isVisitDay={isVisitDay} result={result}>
        {measurements ? (
          <MeasurementsCard
            visitId={booked.id}
            windows={measurements}
            products={products}
            result={result}
          />
        ) : null}
      </BookedVisitCard>
    ) : null;
  const { order, visit, payments, closeOut } = card;
  const address = `${order.address}, ${order.city}, ${order.state} ${order.zip_code}`;
  const kind = oneOf(VISIT_KINDS, visit.kind) ? VISIT_KIND_LABELS[visit.kind] : "Visit";
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

      <VisitCustomerCard
        name={order.customer_name}
        phone={order.customer_phone}
        address={address}
        note={order.special_instructions}
        noteLabel="Notes"
        language={order.language}
      >
        <VisitOnMyWay
          visit={visit}
          isVisitDay={isVisitDay}
          result={result?.intent === "on-my-way" ? result : undefined}
        />
      </VisitCustomerCard>

      {measurements ? (
        <MeasurementsCard
          visitId={visit.id}
          windows={measurements}
          products={products}
          result={result}
        />
      ) : null}

      <section aria-labelledby="card-items" className="card">
        <h2 id="card-items" className="text-xl font-bold">
          Items ({pieceCount(order.items.reduce((n, i) => n + i.quantity, 0))})
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
        <ActionMessage
          result={result?.intent === "payment" ? result : null}
          className="font-medium"
        />
        {due > 0 ? (
          <Form
            // A new payment remounts the form: the new balance offered.
            key={payments.payments.length}
            method="post"
            className="grid gap-3 sm:grid-cols-3"
            aria-label="Record a payment"
            {...payment.formProps}
          >
            <input type="hidden" name="intent" value="payment" />
            <PaymentFields
              idPrefix="card"
              errors={payment.errors}
              typed={payment.typed}
              defaultAmountCents={due}
              refunds={false}
              referenceLabel="Check number or reference"
            />
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
          balanceDueCents={Math.max(0, due)}
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
