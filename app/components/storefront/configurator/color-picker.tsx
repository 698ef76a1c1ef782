/** Colour swatches with their names as chips: one radio group. */
import type { ColorInfo } from "../../../../domain/storefront/colors";

export function ColorPicker({
  legend,
  colors,
  value,
  onChange,
  name,
}: {
  legend: string;
  colors: readonly ColorInfo[];
  value: string | null;
  onChange: (key: string) => void;
  name: string;
}) {
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {colors.map((c) => (
          <label
            key={c.key}
            className="relative flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white py-1 pr-4 pl-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:checked]:font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name={name}
              value={c.key}
              checked={value === c.key}
              onChange={() => onChange(c.key)}
              className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              className="size-8 rounded-full border border-muted/50 shadow-inner"
              style={{ backgroundColor: c.hex }}
            />
            {c.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
