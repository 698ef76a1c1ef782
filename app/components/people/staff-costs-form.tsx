/**
 * What a person costs the store (owners only, on /admin/staff): the loaded cost of an hour of his
 * time on visits, and his commission on the quotes he built, earned when their orders are paid in
 * full and the right to cancel has passed. The margin report counts both.
 */

import { Form } from "react-router";
import {
  STAFF_FORM_LABELS,
  staffCostsFromForm,
  staffUpdateSchema,
} from "../../../domain/people/staff-schema";
import { type FormFailure, fieldA11y, useSchemaForm } from "../../lib/forms";
import { FieldMessage } from "../field-message";

export function StaffCostsForm({
  person,
  busy,
  failure,
  resultAnchor,
}: {
  person: { id: number; name: string; hourlyCost: number; commissionPercent: number };
  busy: boolean;
  failure: FormFailure | null;
  resultAnchor: string;
}) {
  const { errors, typed, formProps } = useSchemaForm({
    id: `staff-costs-${person.id}`,
    schema: staffUpdateSchema,
    fromForm: staffCostsFromForm,
    failure,
    labels: STAFF_FORM_LABELS,
  });
  const hourly = `hourly-cost-${person.id}`;
  const commission = `commission-${person.id}`;
  return (
    <Form
      method="post"
      action={`#${resultAnchor}`}
      className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      aria-label={`Costs of ${person.name}`}
      {...formProps}
    >
      <input type="hidden" name="intent" value="costs" />
      <input type="hidden" name="staffId" value={person.id} />
      <div>
        <label htmlFor={hourly} className="field-label">
          Hourly cost ($, loaded)
        </label>
        <input
          id={hourly}
          name="hourlyCost"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={typed("hourlyCost") ?? person.hourlyCost.toFixed(2)}
          className="field"
          {...fieldA11y(errors, "hourlyCost", hourly)}
        />
        <FieldMessage id={hourly} error={errors.hourlyCost} />
      </div>
      <div>
        <label htmlFor={commission} className="field-label">
          Commission (% of the quotes he built)
        </label>
        <input
          id={commission}
          name="commissionPercent"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={typed("commissionPercent") ?? String(person.commissionPercent)}
          className="field"
          {...fieldA11y(errors, "commissionPercent", commission)}
        />
        <FieldMessage id={commission} error={errors.commissionPercent} />
      </div>
      <button type="submit" className="btn-secondary" disabled={busy}>
        Save the costs<span className="sr-only"> of {person.name}</span>
      </button>
    </Form>
  );
}
