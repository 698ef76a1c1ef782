import { Form } from "react-router";
import {
  VISIT_KIND_LABELS,
  VISIT_KINDS,
  VISIT_STATUS_LABELS,
  VISIT_STATUSES,
} from "../../../../domain/scheduling/visit-time";
import {
  ORDER_FORM_LABELS,
  visitCreateFromForm,
  visitUpdateFromForm,
} from "../../../../domain/shared/back-office-form";
import { visitCreateSchema, visitUpdateSchema } from "../../../../domain/shared/back-office-schema";
import type { StaffView } from "../../../../server/services/people/staff";
import type { VisitView } from "../../../../server/services/scheduling/visits";
import { type FormErrors, fieldA11y, useSchemaForm } from "../../../lib/forms";
import type { ActionResult } from "../../admin/admin-route";
import { FieldMessage } from "../../field-message";
import { ORDER_RESULTS } from "./order-results";

/** The people a visit can be booked with (the active staff). */
export type BookableStaff = Pick<StaffView, "id" | "name" | "roleLabel">;

/** A visit as the order page shows and edits it. */
export type OrderVisit = Pick<
  VisitView,
  | "id"
  | "kindLabel"
  | "when"
  | "status"
  | "statusLabel"
  | "date"
  | "start"
  | "end"
  | "staffId"
  | "staffName"
  | "overlapsWith"
>;

/** A refusal of the order page's form `key` (its intent, or the visit's own form). */
function failureOf(result: ActionResult | undefined, key: string) {
  return result && !result.ok && result.intent === key ? result : null;
}

function StaffSelect({
  id,
  staff,
  defaultValue,
  errors,
}: {
  id: string;
  staff: BookableStaff[];
  defaultValue: number | null;
  errors: FormErrors;
}) {
  return (
    <select
      id={id}
      name="staffId"
      defaultValue={defaultValue ?? ""}
      className="field"
      {...fieldA11y(errors, "staffId", id)}
    >
      <option value="">Not assigned</option>
      {staff.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name} ({s.roleLabel})
        </option>
      ))}
    </select>
  );
}

function TimeFields({
  prefix,
  visit,
  errors,
}: {
  prefix: string;
  visit?: { date: string; start: string; end: string };
  errors: FormErrors;
}) {
  return (
    <div className="grid grid-cols-[1fr_1fr] gap-3 sm:grid-cols-3">
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${prefix}-date`} className="field-label">
          Date
        </label>
        <input
          id={`${prefix}-date`}
          name="date"
          {...fieldA11y(errors, "date", `${prefix}-date`)}
          type="date"
          required
          defaultValue={visit?.date}
          className="field"
        />
        <FieldMessage id={`${prefix}-date`} error={errors.date} />
      </div>
      <div>
        <label htmlFor={`${prefix}-start`} className="field-label">
          From
        </label>
        <input
          id={`${prefix}-start`}
          name="start"
          {...fieldA11y(errors, "start", `${prefix}-start`)}
          type="time"
          required
          step={900}
          defaultValue={visit?.start ?? "09:00"}
          className="field"
        />
        <FieldMessage id={`${prefix}-start`} error={errors.start} />
      </div>
      <div>
        <label htmlFor={`${prefix}-end`} className="field-label">
          To
        </label>
        <input
          id={`${prefix}-end`}
          name="end"
          {...fieldA11y(errors, "end", `${prefix}-end`)}
          type="time"
          required
          step={900}
          defaultValue={visit?.end ?? "11:00"}
          className="field"
        />
        <FieldMessage id={`${prefix}-end`} error={errors.end} />
      </div>
    </div>
  );
}

function NotifyBox() {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input type="checkbox" name="notifyCustomer" className="size-5" defaultChecked />
      Email the customer a calendar invite
    </label>
  );
}

/** Decision 212: an overlap with the installer's other visits is refused unless confirmed. */
function TwoPersonBox() {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input type="checkbox" name="twoPersonJob" className="size-5" />
      Two-person job (book even if the installer has another visit then)
    </label>
  );
}

/** One visit's "Change this visit" form (move, reassign, done, cancel). */
function VisitEditForm({
  visit: v,
  staff,
  busy,
  result,
}: {
  visit: OrderVisit;
  staff: BookableStaff[];
  busy: boolean;
  result: ActionResult | undefined;
}) {
  const failure = failureOf(result, `visit-update-${v.id}`);
  const { errors, formProps } = useSchemaForm({
    id: `visit-${v.id}-form`,
    schema: visitUpdateSchema,
    fromForm: visitUpdateFromForm,
    failure,
    labels: ORDER_FORM_LABELS,
  });
  return (
    <details className="mt-2" open={failure ? true : undefined}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
        Change this visit
      </summary>
      <Form
        method="post"
        action={`#${ORDER_RESULTS.visits}`}
        className="mt-2 space-y-3"
        {...formProps}
      >
        <input type="hidden" name="intent" value="visit-update" />
        <input type="hidden" name="visitId" value={v.id} />
        <TimeFields prefix={`visit-${v.id}`} visit={v} errors={errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`visit-${v.id}-staff`} className="field-label">
              Staff member
            </label>
            <StaffSelect
              id={`visit-${v.id}-staff`}
              staff={staff}
              defaultValue={v.staffId}
              errors={errors}
            />
            <FieldMessage id={`visit-${v.id}-staff`} error={errors.staffId} />
          </div>
          <div>
            <label htmlFor={`visit-${v.id}-status`} className="field-label">
              Visit status
            </label>
            <select
              id={`visit-${v.id}-status`}
              name="status"
              defaultValue={v.status}
              className="field"
              {...fieldA11y(errors, "status", `visit-${v.id}-status`)}
            >
              {VISIT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {VISIT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            <FieldMessage id={`visit-${v.id}-status`} error={errors.status} />
          </div>
        </div>
        <NotifyBox />
        <TwoPersonBox />
        <button type="submit" className="btn-secondary w-full" disabled={busy}>
          Save the visit
        </button>
      </Form>
    </details>
  );
}

/** The "Book a visit" form. */
function BookVisitForm({
  staff,
  busy,
  result,
  count,
}: {
  staff: BookableStaff[];
  busy: boolean;
  result: ActionResult | undefined;
  count: number;
}) {
  const { errors, formProps } = useSchemaForm({
    id: "book-visit-form",
    schema: visitCreateSchema,
    fromForm: visitCreateFromForm,
    failure: failureOf(result, "visit"),
    labels: ORDER_FORM_LABELS,
  });
  return (
    <Form
      key={count}
      method="post"
      action={`#${ORDER_RESULTS.visits}`}
      aria-labelledby="book-visit-title"
      className="mt-4 space-y-3 border-t border-line pt-4"
      {...formProps}
    >
      <h3 id="book-visit-title" className="font-semibold">
        Book a visit
      </h3>
      <input type="hidden" name="intent" value="visit" />
      <div>
        <label htmlFor="new-visit-kind" className="field-label">
          Kind of visit
        </label>
        <select
          id="new-visit-kind"
          name="kind"
          className="field"
          defaultValue="measure"
          {...fieldA11y(errors, "kind", "new-visit-kind")}
        >
          {VISIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {VISIT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <FieldMessage id="new-visit-kind" error={errors.kind} />
      </div>
      <TimeFields prefix="new-visit" errors={errors} />
      <div>
        <label htmlFor="new-visit-staff" className="field-label">
          Staff member
        </label>
        <StaffSelect id="new-visit-staff" staff={staff} defaultValue={null} errors={errors} />
        <FieldMessage id="new-visit-staff" error={errors.staffId} />
      </div>
      <NotifyBox />
      <TwoPersonBox />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Book the visit
      </button>
    </Form>
  );
}

/** The order's visits, each editable (move, reassign, done, cancel), and a form to book one. */
export function OrderVisits({
  visits,
  staff,
  busy,
  closed,
  result,
}: {
  visits: OrderVisit[];
  staff: BookableStaff[];
  busy: boolean;
  closed: boolean;
  result: ActionResult | undefined;
}) {
  return (
    <section aria-labelledby="visits-title" className="card">
      <h2 id="visits-title" className="mb-3 text-xl font-semibold">
        Visits
      </h2>
      {visits.length ? (
        <ul className="space-y-4">
          {visits.map((v) => (
            <li key={v.id} className="rounded-lg border border-line p-3">
              <p className="font-semibold">
                {v.kindLabel}: {v.when}
              </p>
              <p className="text-sm text-muted">
                {v.statusLabel} · {v.staffName ?? "Not assigned"}
              </p>
              {v.overlapsWith.length ? (
                <p className="text-sm font-semibold text-danger">
                  Overlaps another visit of {v.staffName}.
                </p>
              ) : null}
              <VisitEditForm visit={v} staff={staff} busy={busy} result={result} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No visits booked yet.</p>
      )}
      {closed ? null : (
        <BookVisitForm staff={staff} busy={busy} result={result} count={visits.length} />
      )}
    </section>
  );
}
