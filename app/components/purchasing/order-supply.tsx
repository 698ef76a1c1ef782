/**
 * The order page's supplier orders: its purchase orders with what arrived,
 * "Ready to install" once everything did, the button that orders what is not ordered yet, and
 * a remake of an item.
 */
import { Form, Link } from "react-router";
import {
  REMAKE_PAYER_LABELS,
  REMAKE_PAYERS,
  REMAKE_REASON_LABELS,
  REMAKE_REASONS,
  remakeSchema,
} from "../../../domain/purchasing/purchasing";
import { REMAKE_FORM_LABELS, remakeFromForm } from "../../../domain/purchasing/purchasing-form";
import type {
  PurchaseOrderLineView,
  PurchaseOrderView,
} from "../../../server/services/purchasing/purchase-orders";
import { fieldA11y, useSchemaForm } from "../../lib/forms";
import type { ActionResult } from "../admin/admin-route";
import { FieldMessage } from "../field-message";
import { ORDER_RESULTS } from "../orders/admin/order-results";
import { PoStatus } from "./po-status";

/** The supply section's data: the purchase orders as it lists them, and what is left. */
export interface SupplyView {
  purchaseOrders: (Pick<
    PurchaseOrderView,
    "id" | "poLabel" | "supplierName" | "statusLabel" | "overdue" | "expectedShipDate"
  > & { items: Pick<PurchaseOrderLineView, "itemId" | "quantity" | "receivedQuantity">[] })[];
  readyToInstall: boolean;
  unordered: number;
}

export function OrderSupply({
  supply,
  items,
  busy,
  closed,
  result,
}: {
  supply: SupplyView;
  items: { id: number; label: string }[];
  busy: boolean;
  closed: boolean;
  result: ActionResult | undefined;
}) {
  const remakeFailure = result && !result.ok && result.intent === "remake" ? result : null;
  const remake = useSchemaForm({
    id: "remake-form",
    schema: remakeSchema,
    fromForm: remakeFromForm,
    failure: remakeFailure,
    labels: REMAKE_FORM_LABELS,
  });
  const ordered = new Set(supply.purchaseOrders.flatMap((p) => p.items.map((l) => l.itemId)));
  const remakeable = items.filter((i) => ordered.has(i.id));
  return (
    <section aria-labelledby="supply-title" className="card space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="supply-title" className="text-xl font-semibold">
          Supplier orders
        </h2>
        {supply.readyToInstall ? (
          <span className="rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white">
            Ready to install
          </span>
        ) : null}
      </div>
      {supply.purchaseOrders.length === 0 ? (
        <p className="text-muted">Nothing ordered from suppliers yet.</p>
      ) : (
        <ul className="space-y-2">
          {supply.purchaseOrders.map((po) => (
            <li key={po.id} className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/admin/purchase-orders/${po.id}`} className="text-primary underline">
                {po.poLabel} · {po.supplierName}
              </Link>
              <span className="text-sm text-muted">
                {po.items.reduce((n, l) => n + l.receivedQuantity, 0)} of{" "}
                {po.items.reduce((n, l) => n + l.quantity, 0)} received · ship by{" "}
                {po.expectedShipDate}
              </span>
              <PoStatus status={po.statusLabel} overdue={po.overdue} />
            </li>
          ))}
        </ul>
      )}
      {supply.unordered > 0 && !closed ? (
        <Form method="post" action={`#${ORDER_RESULTS.supply}`}>
          <input type="hidden" name="intent" value="purchase-orders" />
          <button type="submit" className="btn-primary" disabled={busy}>
            Order from suppliers ({supply.unordered} {supply.unordered === 1 ? "item" : "items"})
          </button>
        </Form>
      ) : null}
      {remakeable.length > 0 && !closed ? (
        // Open again after a refusal: the errors are inside.
        <details open={remakeFailure ? true : undefined}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
            Remake an item
          </summary>
          <Form
            method="post"
            action={`#${ORDER_RESULTS.supply}`}
            className="mt-2 space-y-3"
            aria-label="Remake an item"
            {...remake.formProps}
          >
            <input type="hidden" name="intent" value="remake" />
            <div>
              <label htmlFor="remake-item" className="field-label">
                Item
              </label>
              <select id="remake-item" name="itemId" className="field">
                {remakeable.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="remake-reason" className="field-label">
                Reason
              </label>
              <select
                id="remake-reason"
                name="reason"
                className="field"
                defaultValue={remake.typed("reason")}
                {...fieldA11y(remake.errors, "reason", "remake-reason")}
              >
                {REMAKE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {REMAKE_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
              <FieldMessage id="remake-reason" error={remake.errors.reason} />
            </div>
            <div>
              <label htmlFor="remake-paid-by" className="field-label">
                Who pays
              </label>
              <select
                id="remake-paid-by"
                name="paidBy"
                className="field"
                defaultValue={remake.typed("paidBy")}
                {...fieldA11y(remake.errors, "paidBy", "remake-paid-by")}
              >
                {REMAKE_PAYERS.map((p) => (
                  <option key={p} value={p}>
                    {REMAKE_PAYER_LABELS[p]}
                  </option>
                ))}
              </select>
              <FieldMessage id="remake-paid-by" error={remake.errors.paidBy} />
            </div>
            <div>
              <label htmlFor="remake-note" className="field-label">
                What happened
              </label>
              <textarea
                id="remake-note"
                name="note"
                required
                maxLength={500}
                rows={2}
                defaultValue={remake.typed("note")}
                className="field"
                {...fieldA11y(remake.errors, "note", "remake-note")}
              />
              <FieldMessage id="remake-note" error={remake.errors.note} />
            </div>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Order the remake
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
