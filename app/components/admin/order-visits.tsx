import { Form } from "react-router";
import {
  VISIT_KIND_LABELS,
  VISIT_KINDS,
  VISIT_STATUS_LABELS,
  VISIT_STATUSES,
} from "../../../domain/visit-time";
import type { StaffView } from "../../../server/services/people/staff";
import type { VisitView } from "../../../server/services/scheduling/visits";

function StaffSelect({
  id,
  staff,
  defaultValue,
}: {
  id: string;
  staff: StaffView[];
  defaultValue: number | null;
}) {
  return (
    <select id={id} name="staffId" defaultValue={defaultValue ?? ""} className="field">
      <option value="">Not assigned</option>
      {staff
        .filter((s) => s.active)
        .map((s) => (
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
}: {
  prefix: string;
  visit?: { date: string; start: string; end: string };
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
          type="date"
          required
          defaultValue={visit?.date}
          className="field"
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-start`} className="field-label">
          From
        </label>
        <input
          id={`${prefix}-start`}
          name="start"
          type="time"
          required
          step={900}
          defaultValue={visit?.start ?? "09:00"}
          className="field"
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-end`} className="field-label">
          To
        </label>
        <input
          id={`${prefix}-end`}
          name="end"
          type="time"
          required
          step={900}
          defaultValue={visit?.end ?? "11:00"}
          className="field"
        />
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

/** The order's visits, each editable (move, reassign, done, cancel), and a form to book one. */
export function OrderVisits({
  visits,
  staff,
  busy,
  closed,
}: {
  visits: VisitView[];
  staff: StaffView[];
  busy: boolean;
  closed: boolean;
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
              <details className="mt-2">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
                  Change this visit
                </summary>
                <Form method="post" className="mt-2 space-y-3">
                  <input type="hidden" name="intent" value="visit-update" />
                  <input type="hidden" name="visitId" value={v.id} />
                  <TimeFields prefix={`visit-${v.id}`} visit={v} />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <div>
                      <label htmlFor={`visit-${v.id}-staff`} className="field-label">
                        Staff member
                      </label>
                      <StaffSelect
                        id={`visit-${v.id}-staff`}
                        staff={staff}
                        defaultValue={v.staffId}
                      />
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
                      >
                        {VISIT_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {VISIT_STATUS_LABELS[s]}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                  <NotifyBox />
                  <TwoPersonBox />
                  <button type="submit" className="btn-secondary w-full" disabled={busy}>
                    Save the visit
                  </button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No visits booked yet.</p>
      )}
      {closed ? null : (
        <Form
          key={visits.length}
          method="post"
          aria-labelledby="book-visit-title"
          className="mt-4 space-y-3 border-t border-line pt-4"
        >
          <h3 id="book-visit-title" className="font-semibold">
            Book a visit
          </h3>
          <input type="hidden" name="intent" value="visit" />
          <div>
            <label htmlFor="new-visit-kind" className="field-label">
              Kind of visit
            </label>
            <select id="new-visit-kind" name="kind" className="field" defaultValue="measure">
              {VISIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {VISIT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <TimeFields prefix="new-visit" />
          <div>
            <label htmlFor="new-visit-staff" className="field-label">
              Staff member
            </label>
            <StaffSelect id="new-visit-staff" staff={staff} defaultValue={null} />
          </div>
          <NotifyBox />
          <TwoPersonBox />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            Book the visit
          </button>
        </Form>
      )}
    </section>
  );
}
