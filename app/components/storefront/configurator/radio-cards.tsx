/** A group of radio options drawn as cards, with an optional price note per option. */
export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  /** A second line under the label (e.g. "Room darkening"). */
  description?: string;
  note?: string;
}

export function RadioCards<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly RadioCardOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg border border-line bg-white px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent"
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                className="size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{o.label}</span>
                {o.description ? (
                  <span className="block text-sm text-muted">{o.description}</span>
                ) : null}
              </span>
            </span>
            {o.note ? <span className="text-sm text-muted">{o.note}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
