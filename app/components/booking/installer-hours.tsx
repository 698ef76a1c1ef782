/**
 * An installer's weekly hours and days off on /admin/staff (decision 210): what online booking
 * offers. One range a day here (the API takes up to four); both times empty: not working.
 */
import { Form } from "react-router";
import { WEEKDAY_LABELS } from "../../../domain/booking-schema";

export interface HoursView {
  weekly: Record<string, { start: string; end: string }[]>;
  timeOff: { from: string; to: string }[];
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export function InstallerHours({
  staffId,
  name,
  hours,
  busy,
}: {
  staffId: number;
  name: string;
  hours: HoursView;
  busy: boolean;
}) {
  const offText = hours.timeOff
    .map((t) => (t.from === t.to ? t.from : `${t.from} to ${t.to}`))
    .join("\n");
  return (
    <details className="mt-4 rounded-md border border-line p-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        Hours and days off<span className="sr-only"> of {name}</span>
      </summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="hours" />
        <input type="hidden" name="staffId" value={staffId} />
        <p className="text-sm text-muted">
          Online booking offers 2-hour arrival windows from the start of each day's hours. Leave
          both times empty on days off.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {DAYS.map((day) => {
            const range = hours.weekly[day]?.[0];
            return (
              <fieldset key={day} className="flex flex-wrap items-end gap-2">
                <legend className="w-full text-sm font-semibold">{WEEKDAY_LABELS[day]}</legend>
                <label className="text-sm">
                  From<span className="sr-only"> on {WEEKDAY_LABELS[day]}</span>
                  <input
                    type="time"
                    name={`${day}-start`}
                    step={900}
                    defaultValue={range?.start ?? ""}
                    className="field"
                  />
                </label>
                <label className="text-sm">
                  To<span className="sr-only"> on {WEEKDAY_LABELS[day]}</span>
                  <input
                    type="time"
                    name={`${day}-end`}
                    step={900}
                    defaultValue={range?.end ?? ""}
                    className="field"
                  />
                </label>
              </fieldset>
            );
          })}
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
          />
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
