/**
 * /admin/purchase-orders/:poId: one supplier order: its lines as the supplier
 * reads them, the PDF, sending it by email, the supplier's reference and ship date, receiving.
 */

import { Form, Link, useActionData, useLoaderData } from "react-router";
import { purchaseOrderUpdateSchema, receiveSchema } from "../../../../domain/purchasing/purchasing";
import {
  lineCostFieldName,
  lineCostsFromForm,
  PURCHASING_FORM_LABELS,
  purchaseOrderUpdateFromForm,
  receiveFieldName,
  receiveFromForm,
  receiveQuantityName,
} from "../../../../domain/purchasing/purchasing-form";
import { formatMoney } from "../../../../domain/shared/money";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { failureOf, formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { FieldMessage } from "../../../components/field-message";
import { LineCostsForm } from "../../../components/purchasing/line-costs-form";
import { PoStatus } from "../../../components/purchasing/po-status";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { AppError, parseInput } from "../../../lib/form-input.server";
import { fieldA11y, useSchemaForm } from "../../../lib/forms";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/purchase-order";

export function meta({ data }: Route.MetaArgs) {
  return adminMeta(data ? `${data.po.poLabel}` : "Purchase order");
}

export const headers = noStoreHeaders;

const PAGE = "routes/admin/purchasing/purchase-order.tsx";

export async function loader(args: Route.LoaderArgs) {
  const { id } = await adminRecord(args, PAGE, "poId");
  const { context } = args;
  return {
    po: await loadOrThrow(context, () => context.services.purchaseOrders.getPurchaseOrder(id)),
  };
}

export async function action(args: Route.ActionArgs) {
  const service = args.context.services.purchaseOrders;
  return adminRecordAction(args, PAGE, "poId", async (form, { actor, id }, scope) => {
    scope.labels = PURCHASING_FORM_LABELS;
    if (scope.intent === "send") {
      const po = await service.send(id, actor);
      return `${po.poLabel} emailed to ${po.supplierEmail}.`;
    }
    if (scope.intent === "confirm") {
      const input = parseInput(purchaseOrderUpdateSchema, purchaseOrderUpdateFromForm(form));
      const po = await service.update(id, input, actor);
      return `${po.poLabel} confirmed: ships ${po.expectedShipDate}.`;
    }
    if (scope.intent === "costs") {
      scope.rename = (path) => lineCostFieldName(path, form);
      const costs = lineCostsFromForm(form);
      if (!costs.lines) throw new AppError("bad_request", "Enter the unit cost of a line first.");
      const po = await service.update(id, parseInput(purchaseOrderUpdateSchema, costs), actor);
      const total = po.items.reduce((sum, l) => sum + (l.lineCostCents ?? 0), 0);
      return `${po.poLabel}: costs saved (${formatMoney(total)}).`;
    }
    if (scope.intent === "receive") {
      scope.rename = (path) => receiveFieldName(path, form);
      const po = await service.receive(id, parseInput(receiveSchema, receiveFromForm(form)), actor);
      return `${po.poLabel}: ${po.statusLabel}.`;
    }
    throw new AppError("bad_request", "Unknown action.");
  });
}

export default function AdminPurchaseOrder() {
  const { po } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirm = useSchemaForm({
    id: "po-confirm-form",
    schema: purchaseOrderUpdateSchema,
    fromForm: purchaseOrderUpdateFromForm,
    failure: failureOf(result, "confirm"),
    labels: PURCHASING_FORM_LABELS,
  });
  const receive = useSchemaForm({
    id: "po-receive-form",
    schema: receiveSchema,
    fromForm: receiveFromForm,
    rename: receiveFieldName,
    failure: failureOf(result, "receive"),
    labels: PURCHASING_FORM_LABELS,
  });
  const open = po.items.filter((l) => l.receivedQuantity < l.quantity);
  return (
    <div className="container-page py-8">
      <p>
        <Link to="/admin/purchase-orders" className="text-primary underline">
          All purchase orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">
          {po.poLabel} · {po.supplierName}
        </h1>
        <PoStatus status={po.statusLabel} overdue={po.overdue} />
      </div>
      <p className="mt-1 text-muted">
        For{" "}
        <Link to={`/admin/orders/${po.orderId}`} className="underline">
          Order #{po.orderNumber}
        </Link>{" "}
        · created {formatDateTime(po.createdAt)} · ship by {po.expectedShipDate}
        {po.sentAt ? ` · sent ${formatDateTime(po.sentAt)}` : " · not sent yet"}
        {po.supplierReference ? ` · their reference ${po.supplierReference}` : ""}
      </p>
      <ActionMessage result={result} />
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={`/api/admin/purchase-orders/${po.id}/pdf`} className="btn-secondary">
          Open the PDF
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value="send" />
          <button type="submit" className="btn-primary">
            {po.sentAt ? "Email it again" : `Email it to ${po.supplierName}`}
          </button>
        </Form>
      </div>

      <section aria-labelledby="po-lines" className="mt-8">
        <h2 id="po-lines" className="text-2xl font-bold">
          Lines
        </h2>
        <ol className="mt-3 space-y-3">
          {po.items.map((l) => (
            <li key={l.id} className="card">
              <h3 className="font-semibold">
                {l.productName}
                {l.remake ? " (remake)" : ""}
                {l.roomLabel ? (
                  <span className="font-normal text-muted"> · {l.roomLabel}</span>
                ) : null}
              </h3>
              <p className="text-sm">
                {l.size}
                {l.colorName ? ` · ${l.colorName}` : ""}
                {l.details.map((d) => ` · ${d.label}: ${d.value}`).join("")}
              </p>
              {l.measured ? <p className="text-sm">{l.measured}</p> : null}
              <p className="text-sm text-muted">
                Received {l.receivedQuantity} of {l.quantity}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <LineCostsForm po={po} failure={failureOf(result, "costs")} />

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="po-confirm" className="card">
          <h2 id="po-confirm" className="text-xl font-bold">
            The supplier's answer
          </h2>
          <Form method="post" className="mt-3 space-y-3" {...confirm.formProps}>
            <input type="hidden" name="intent" value="confirm" />
            <div>
              <label htmlFor="supplierReference" className="field-label">
                Supplier's reference
              </label>
              <input
                id="supplierReference"
                name="supplierReference"
                maxLength={80}
                defaultValue={confirm.typed("supplierReference") ?? po.supplierReference ?? ""}
                className="field"
                {...fieldA11y(confirm.errors, "supplierReference")}
              />
              <FieldMessage id="supplierReference" error={confirm.errors.supplierReference} />
            </div>
            <div>
              <label htmlFor="expectedShipDate" className="field-label">
                Ship date
              </label>
              <input
                id="expectedShipDate"
                name="expectedShipDate"
                type="date"
                defaultValue={confirm.typed("expectedShipDate") ?? po.expectedShipDate}
                className="field"
                {...fieldA11y(confirm.errors, "expectedShipDate")}
              />
              <FieldMessage id="expectedShipDate" error={confirm.errors.expectedShipDate} />
            </div>
            <button type="submit" className="btn-primary">
              Save the supplier's answer
            </button>
          </Form>
        </section>
        <section aria-labelledby="po-receive" className="card">
          <h2 id="po-receive" className="text-xl font-bold">
            Receive
          </h2>
          {open.length === 0 ? (
            <p className="mt-3">Everything on this purchase order has arrived.</p>
          ) : (
            <Form method="post" className="mt-3 space-y-3" {...receive.formProps}>
              <input type="hidden" name="intent" value="receive" />
              {open.map((l) => (
                <div key={l.id}>
                  <input type="hidden" name="itemId" value={l.itemId} />
                  <label htmlFor={receiveQuantityName(l.itemId)} className="field-label">
                    {l.productName}
                    {l.roomLabel ? ` (${l.roomLabel})` : ""}: arrived now (of{" "}
                    {l.quantity - l.receivedQuantity} due)
                  </label>
                  <input
                    id={receiveQuantityName(l.itemId)}
                    name={receiveQuantityName(l.itemId)}
                    type="number"
                    min={0}
                    max={l.quantity - l.receivedQuantity}
                    defaultValue={
                      receive.typed(receiveQuantityName(l.itemId)) ??
                      l.quantity - l.receivedQuantity
                    }
                    className="field"
                    {...fieldA11y(receive.errors, receiveQuantityName(l.itemId))}
                  />
                  <FieldMessage
                    id={receiveQuantityName(l.itemId)}
                    error={receive.errors[receiveQuantityName(l.itemId)]}
                  />
                </div>
              ))}
              <FieldMessage id="po-receive-items" error={receive.errors.items} />
              <button type="submit" className="btn-primary">
                Record what arrived
              </button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the purchase order" />;
}
