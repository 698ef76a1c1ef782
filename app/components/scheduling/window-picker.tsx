/**
 * A week of arrival windows as radio buttons grouped by day: plain inputs, so
 * the picker works without JavaScript, by keyboard (arrow keys move within the group) and with
 * a thumb on a phone (44 px targets).
 */
import { useLanguage } from "../../lib/i18n";
import { timeWindowIn, visitDateIn } from "./visit-words";

export interface PickerWindow {
  date: string;
  start: string;
  end: string;
}

export function windowValue(w: { date: string; start: string }): string {
  return `${w.date}T${w.start}`;
}

export function WindowPicker({
  windows,
  chosen,
  error,
  legend,
}: {
  windows: readonly PickerWindow[];
  chosen?: string;
  error?: string;
  legend: string;
}) {
  const language = useLanguage();
  const days = new Map<string, PickerWindow[]>();
  for (const w of windows) days.set(w.date, [...(days.get(w.date) ?? []), w]);
  return (
    <fieldset
      id="date"
      tabIndex={-1}
      aria-describedby={error ? "date-error" : undefined}
      className="sm:col-span-2"
    >
      <legend className="field-label">{legend}</legend>
      {error ? (
        <p id="date-error" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[...days].map(([date, list]) => (
          <div key={date} className="rounded-lg border border-line p-3">
            <p className="font-semibold">{visitDateIn(language, date)}</p>
            <ul className="mt-2 grid gap-2">
              {list.map((w) => {
                const value = windowValue(w);
                const id = `window-${value.replace(/[^0-9]/g, "")}`;
                return (
                  <li key={value}>
                    <label
                      htmlFor={id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-line px-3 hover:bg-primary-light has-[:checked]:border-primary has-[:checked]:bg-primary-light"
                    >
                      <input
                        id={id}
                        type="radio"
                        name="window"
                        value={value}
                        defaultChecked={chosen === value}
                        required
                        className="h-5 w-5 accent-primary"
                      />
                      {timeWindowIn(language, w.start, w.end)}
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The windows of week `index` (0 = the week of the first window), and how many weeks there are. */
export function weekOf(
  windows: readonly PickerWindow[],
  index: number,
  startOfWeek: (date: string) => string,
): { windows: PickerWindow[]; weeks: string[] } {
  const weeks = [...new Set(windows.map((w) => startOfWeek(w.date)))].sort();
  const week = weeks[Math.min(Math.max(0, index), Math.max(0, weeks.length - 1))];
  return { windows: windows.filter((w) => startOfWeek(w.date) === week), weeks };
}
