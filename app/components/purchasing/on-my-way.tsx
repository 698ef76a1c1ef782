/**
 * "On my way" on the job card: the arrival estimate, one button per estimate, posted to the job
 * card's action (and, by other callers, to POST /api/admin/visits/:id/on-my-way), which emails
 * (and, when asked, texts) the customer.
 * onMyWaySchema checks it in the browser, in the action and in the API.
 */

import { Form, useNavigation } from "react-router";
import {
  onMyWayFromForm,
  PURCHASING_FORM_LABELS,
} from "../../../domain/purchasing/purchasing-form";
import { ON_MY_WAY_MINUTES, onMyWaySchema } from "../../../domain/scheduling/booking-schema";
import { formatVisitDate } from "../../../domain/scheduling/visit-time";
import { fieldA11y, useSchemaForm } from "../../lib/forms";
import { ActionMessage } from "../admin/action-message";
import type { ActionResult } from "../admin/admin-route";
import { FieldMessage } from "../field-message";

export function OnMyWay({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "on-my-way";
  const { errors, formProps } = useSchemaForm({
    id: "on-my-way-form",
    schema: onMyWaySchema,
    fromForm: onMyWayFromForm,
    failure: result && !result.ok ? result : null,
    labels: PURCHASING_FORM_LABELS,
  });
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="intent" value="on-my-way" />
      <fieldset {...fieldA11y(errors, "minutes", "on-my-way-minutes")}>
        <legend className="font-semibold">On my way: arriving in</legend>
        <div className="mt-2 grid grid-cols-4 gap-2">
          {ON_MY_WAY_MINUTES.map((m) => (
            <button
              key={m}
              type="submit"
              name="minutes"
              value={m}
              className="btn-secondary px-2"
              disabled={busy}
              aria-label={`On my way, arriving in ${m} minutes`}
            >
              {m} min
            </button>
          ))}
        </div>
        <FieldMessage id="on-my-way-minutes" error={errors.minutes} />
      </fieldset>
      <ActionMessage result={result} className="mt-2 font-medium" />
    </Form>
  );
}

/**
 * What a job card shows of "On my way": the buttons on the day of a scheduled visit
 * (`isVisitDay`, the loader's `isOnMyWayDay`), the day it will be offered on any other day,
 * nothing once the visit is done or cancelled. Both job cards render this one.
 */
export function VisitOnMyWay({
  visit,
  isVisitDay,
  result,
}: {
  visit: { status: string; date: string };
  isVisitDay: boolean;
  result: ActionResult | undefined;
}) {
  if (visit.status !== "scheduled") return null;
  if (isVisitDay) return <OnMyWay result={result} />;
  return (
    <p className="text-sm text-muted">
      "On my way" is offered on the day of the visit ({formatVisitDate(visit.date)}).
    </p>
  );
}
