/**
 * An installer's weekly hours and days off on /admin/staff (decision 210): what online booking
 * offers. Each day shows its ranges plus an empty one (at least two, at most the API's four),
 * so a lunch break is 8:00–12:00 and 13:00–17:00; both times empty: no range.
 */
import { Form } from "react-router";
import {
  availabilityFieldName,
  availabilityFromForm,
  availabilitySchema,
  hoursFieldName,
  RANGES_PER_DAY_MAX,
  WEEKDAY_LABELS,
} from "../../../domain/scheduling/booking-schema";
import { type FormFailure, fieldA11y, useSchemaForm } from "../../lib/forms";
import { FieldMessage } from "../field-message";

export interface HoursView {
  weekly: Record<string, { start: string; end: string }[]>;
  timeOff: { from: string; to: string }[];
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const ORDINALS = ["", ", second range", ", third range", ", fourth range"];

/** The day's ranges and an empty one to add: at least two rows, at most the API's four. */
function rowsOf(ranges: readonly { start: string; end: string }[]) {
  const count = Math.min(RANGES_PER_DAY_MAX, Math.max(2, ranges.length + 1));
  return Array.from({ length: count }, (_, i) => ranges[i] ?? { start: "", end: "" });
}

export function InstallerHours({
  staffId,
  name,
  hours,
  busy,
  failure,
}: {
  staffId: number;
  name: string;
  hours: HoursView;
  busy: boolean;
  /** This form's refusal (errors by field, decision 185). */
  failure: FormFailure | null;
}) {
  const { errors, formProps } = useSchemaForm({
    id: `hours-${staffId}-form`,
    schema: availabilitySchema,
    fromForm: availabilityFromForm,
    rename: availabilityFieldName,
    failure,
  });
  const offText = hours.timeOff
    .map((t) => (t.from === t.to ? t.from : `${t.from} to ${t.to}`))
    .join("\n");
  return (
    <details className="mt-4 rounded-md border border-line p-3" open={failure ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        Hours and days off<span className="sr-only"> of {name}</span>
      </summary>
      <Form method="post" className="mt-3 grid gap-3" {...formProps}>
        <input type="hidden" name="intent" value="hours" />
        <input type="hidden" name="staffId" value={staffId} />
        <p className="text-sm text-muted">
          Online booking offers 2-hour arrival windows from the start of each range of hours (a
          lunch break: 8:00 to 12:00, then 13:00 to 17:00). Leave the times empty on days off.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {DAYS.map((day) => (
            <fieldset key={day} className="grid gap-2">
              <legend className="text-sm font-semibold">{WEEKDAY_LABELS[day]}</legend>
              {rowsOf(hours.weekly[day] ?? []).map((range, i) => {
                const which = `on ${WEEKDAY_LABELS[day]}${ORDINALS[i] ?? ""}`;
                const startName = hoursFieldName(day, "start", i);
                const endName = hoursFieldName(day, "end", i);
                const startId = `hours-${staffId}-${startName}`;
                const endId = `hours-${staffId}-${endName}`;
                return (
                  // Rows are positions, not records: the index is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows of one day.
                  <div key={i} className="flex flex-wrap items-end gap-2">
                    <label className="text-sm">
                      From<span className="sr-only"> {which}</span>
                      <input
                        type="time"
                        id={startId}
                        name={`${day}-start`}
                        step={900}
                        defaultValue={range.start}
                        className="field"
                        {...fieldA11y(errors, startName, startId)}
                      />
                    </label>
                    <label className="text-sm">
                      To<span className="sr-only"> {which}</span>
                      <input
                        type="time"
                        id={endId}
                        name={`${day}-end`}
                        step={900}
                        defaultValue={range.end}
                        className="field"
                        {...fieldA11y(errors, endName, endId)}
                      />
                    </label>
                    <FieldMessage id={startId} error={errors[startName]} />
                    <FieldMessage id={endId} error={errors[endName]} />
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        <div>
          <label htmlFor={`time-off-${staffId}`} className="field-label">
            Days off (one a line: 2026-12-24, or 2026-12-24 to 2026-12-31)
          </label>
          <textarea
            id={`time-off-${staffId}`}
            name="timeOff"
            rows={3}
            defaultValue={offText}
            className="field font-mono"
            {...fieldA11y(errors, "timeOff", `time-off-${staffId}`)}
          />
          <FieldMessage id={`time-off-${staffId}`} error={errors.timeOff} />
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Save hours<span className="sr-only"> of {name}</span>
          </button>
        </div>
      </Form>
    </details>
  );
}
