/**
 * A purchase order's costs: what the supplier charges for one piece of each line, entered from
 * the supplier's invoice or priced from its grid when the purchase order was made. A blank field
 * leaves its line as it is; the margin of the order follows what is saved.
 */

import { Form } from "react-router";
import { purchaseOrderUpdateSchema } from "../../../domain/purchasing/purchasing";
import {
  lineCostFieldName,
  lineCostsFromForm,
  PURCHASING_FORM_LABELS,
  unitCostName,
} from "../../../domain/purchasing/purchasing-form";
import { formatMoney } from "../../../domain/shared/money";
import type { PurchaseOrderView } from "../../../server/services/purchasing/purchase-orders";
import { type FormFailure, fieldA11y, useSchemaForm } from "../../lib/forms";
import { FieldMessage } from "../field-message";

const SOURCE_WORDS = { entered: "entered", grid: "from the supplier's price grid" } as const;

function costWords(line: PurchaseOrderView["items"][number]): string {
  if (line.unitCostCents === null || line.lineCostCents === null) {
    return "No cost: none entered and none in the supplier's grid.";
  }
  const source = line.costSource ? ` (${SOURCE_WORDS[line.costSource]})` : "";
  return `${formatMoney(line.unitCostCents)} a piece${source}; the line costs ${formatMoney(line.lineCostCents)}.`;
}

export function LineCostsForm({
  po,
  failure,
}: {
  po: Pick<PurchaseOrderView, "items">;
  failure: FormFailure | null;
}) {
  const costs = useSchemaForm({
    id: "po-costs-form",
    schema: purchaseOrderUpdateSchema,
    fromForm: lineCostsFromForm,
    rename: lineCostFieldName,
    failure,
    labels: PURCHASING_FORM_LABELS,
  });
  const total = po.items.reduce((sum, l) => sum + (l.lineCostCents ?? 0), 0);
  const unknown = po.items.filter((l) => l.lineCostCents === null).length;
  return (
    <section aria-labelledby="po-costs" className="card mt-8">
      <h2 id="po-costs" className="text-xl font-bold">
        Costs
      </h2>
      <p className="mt-1 text-sm text-muted">
        What the supplier charges for one piece, from its invoice. The order's margin counts each
        line's cost (unit cost × quantity). This purchase order costs {formatMoney(total)}
        {unknown ? `; ${unknown} ${unknown === 1 ? "line has" : "lines have"} no cost yet` : ""}.
      </p>
      <Form method="post" className="mt-3 space-y-4" {...costs.formProps}>
        <input type="hidden" name="intent" value="costs" />
        {po.items.map((l) => {
          const name = unitCostName(l.itemId);
          return (
            <div key={l.id}>
              <input type="hidden" name="itemId" value={l.itemId} />
              <label htmlFor={name} className="field-label">
                {l.productName}
                {l.roomLabel ? ` (${l.roomLabel})` : ""}, {l.quantity} × {l.size}: unit cost ($)
              </label>
              <input
                id={name}
                name={name}
                inputMode="decimal"
                autoComplete="off"
                placeholder={l.unitCostCents === null ? "e.g. 42.50" : undefined}
                defaultValue={
                  costs.typed(name) ??
                  (l.unitCostCents === null ? "" : (l.unitCostCents / 100).toFixed(2))
                }
                className="field max-w-xs"
                {...fieldA11y(costs.errors, name, name, `${name}-now`)}
              />
              <p id={`${name}-now`} className="mt-1 text-sm text-muted">
                {costWords(l)}
              </p>
              <FieldMessage id={name} error={costs.errors[name]} />
            </div>
          );
        })}
        <FieldMessage id="po-costs-lines" error={costs.errors.lines} />
        <button type="submit" className="btn-primary">
          Save the costs
        </button>
      </Form>
    </section>
  );
}
