/**
 * An installer's weekly hours and days off on /admin/staff: what online booking
 * offers. Each day shows its ranges plus an empty one (at least two, at most the API's four),
 * so a lunch break is 8:00–12:00 and 13:00–17:00; both times empty: no range. "Copy Monday to
 * Tuesday–Friday" fills the weekdays with Monday's rows (with JavaScript; each field can still
 * be typed); days off are date pickers, a row per period.
 */
import { useRef } from "react";
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
import { useHydrated } from "../../lib/use-hydrated";
import { FieldMessage } from "../field-message";

export interface HoursView {
  weekly: Record<string, { start: string; end: string }[]>;
  timeOff: { from: string; to: string }[];
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const COPIED_TO = ["tue", "wed", "thu", "fri"] as const;
/** Empty rows of days off offered after the saved ones. */
const EMPTY_OFF_ROWS = 2;
const ORDINALS = ["", ", second range", ", third range", ", fourth range"];

/**
 * Rows per day: every day's ranges and an empty one to add, the same count on every day (so
 * Monday's rows copy onto each weekday), at least two, at most the API's four.
 */
function rowCount(weekly: HoursView["weekly"]): number {
  const most = Math.max(0, ...DAYS.map((d) => weekly[d]?.length ?? 0));
  return Math.min(RANGES_PER_DAY_MAX, Math.max(2, most + 1));
}

export function InstallerHours({
  staffId,
  name,
  hours,
  busy,
  failure,
  resultAnchor,
}: {
  staffId: number;
  name: string;
  hours: HoursView;
  busy: boolean;
  /** This form's refusal (errors by field, decision 185). */
  failure: FormFailure | null;
  /** Where the page shows this form's answer (the form posts to it). */
  resultAnchor: string;
}) {
  const { errors, formProps } = useSchemaForm({
    id: `hours-${staffId}-form`,
    schema: availabilitySchema,
    fromForm: availabilityFromForm,
    rename: availabilityFieldName,
    failure,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const rows = rowCount(hours.weekly);
  const offRows = [...hours.timeOff, ...Array(EMPTY_OFF_ROWS).fill({ from: "", to: "" })];
  const fieldId = (day: string, part: "start" | "end", i: number) =>
    `hours-${staffId}-${hoursFieldName(day, part, i)}`;
  function copyMonday() {
    const form = formRef.current;
    if (!form) return;
    const input = (id: string) => form.querySelector<HTMLInputElement>(`#${CSS.escape(id)}`);
    for (let i = 0; i < rows; i++) {
      for (const part of ["start", "end"] as const) {
        const value = input(fieldId("mon", part, i))?.value ?? "";
        for (const day of COPIED_TO) {
          const target = input(fieldId(day, part, i));
          if (target) target.value = value;
        }
      }
    }
  }
  return (
    <details className="mt-4 rounded-md border border-line p-3" open={failure ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        Hours and days off<span className="sr-only"> of {name}</span>
      </summary>
      <Form
        method="post"
        action={`#${resultAnchor}`}
        ref={formRef}
        className="mt-3 grid gap-3"
        {...formProps}
      >
        <input type="hidden" name="intent" value="hours" />
        <input type="hidden" name="staffId" value={staffId} />
        <p className="text-sm text-muted">
          Online booking offers 2-hour arrival windows from the start of each range of hours (a
          lunch break: 8:00 to 12:00, then 13:00 to 17:00). Leave the times empty on days off.
        </p>
        {hydrated ? (
          <p>
            <button type="button" className="btn-secondary" onClick={copyMonday}>
              Copy Monday to Tuesday–Friday<span className="sr-only"> for {name}</span>
            </button>
          </p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {DAYS.map((day) => (
            <fieldset key={day} className="grid gap-2">
              <legend className="text-sm font-semibold">{WEEKDAY_LABELS[day]}</legend>
              {Array.from(
                { length: rows },
                (_, i) => hours.weekly[day]?.[i] ?? { start: "", end: "" },
              ).map((range, i) => {
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
        <fieldset className="grid gap-2" {...fieldA11y(errors, "timeOff", `time-off-${staffId}`)}>
          <legend className="text-sm font-semibold">
            Days off (a single day: the first date only)
          </legend>
          {offRows.map((period, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of one form.
            <div key={i} className="flex flex-wrap items-end gap-2">
              <label className="text-sm">
                From<span className="sr-only"> (day off {i + 1})</span>
                <input
                  type="date"
                  name="timeOff-from"
                  defaultValue={period.from}
                  className="field"
                />
              </label>
              <label className="text-sm">
                To<span className="sr-only"> (day off {i + 1})</span>
                <input type="date" name="timeOff-to" defaultValue={period.to} className="field" />
              </label>
            </div>
          ))}
          <FieldMessage id={`time-off-${staffId}`} error={errors.timeOff} />
        </fieldset>
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Save hours<span className="sr-only"> of {name}</span>
          </button>
        </div>
      </Form>
    </details>
  );
}
