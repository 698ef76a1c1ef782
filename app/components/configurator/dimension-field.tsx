/**
 * A size input: whole inches plus an eighth-inch fraction dropdown (SPEC.md §2, §5).
 * The text is the shopper's; only a whole number inside the range is passed up. The range is
 * always written next to the field; text outside it marks the field invalid.
 * With `keepLastValid` (product pages) the parent keeps its previous size, hears through
 * `onValidityChange` that the field does not hold it (so no price is claimed for it), and on
 * blur the previous value comes back with a note saying why. Otherwise (zebra, track) the
 * parent hears `null` and explains the range itself.
 */
import { useState } from "react";
import {
  type DimensionRange,
  FRACTION_LABELS,
  FRACTIONS,
  inRange,
} from "../../../domain/dimensions";

export interface DimensionFieldProps {
  id: string;
  label: string;
  range: DimensionRange;
  whole: number | null;
  onWholeChange: (whole: number | null) => void;
  /** Omit to show no fraction dropdown. */
  fraction?: number;
  onFractionChange?: (fraction: number) => void;
  keepLastValid?: boolean;
  onValidityChange?: (valid: boolean) => void;
  /** A line under the range, e.g. why the field is asked for. */
  note?: string;
}

export function parseWholeInches(raw: string, range: DimensionRange): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return inRange(n, range) ? n : null;
}

export function DimensionField({
  id,
  label,
  range,
  whole,
  onWholeChange,
  fraction,
  onFractionChange,
  keepLastValid = false,
  onValidityChange,
  note,
}: DimensionFieldProps) {
  const [text, setText] = useState(whole === null ? "" : String(whole));
  const [kept, setKept] = useState<string | null>(null);
  // Nothing is marked before the shopper types (the track page starts empty).
  const [touched, setTouched] = useState(false);
  const hintId = `${id}-hint`;
  const invalid = touched && parseWholeInches(text, range) === null;
  const rangeText = `${range.min}–${range.max} inches`;
  let message = rangeText;
  if (invalid) {
    message = `${label} must be a whole number from ${rangeText}.`;
  } else if (kept !== null) {
    message =
      kept === ""
        ? `${label} can't be empty; we kept ${whole} inches.`
        : `${kept} is outside ${rangeText}; we kept ${whole} inches.`;
  }
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label} (inches)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          value={text}
          aria-invalid={invalid}
          aria-describedby={hintId}
          onChange={(e) => {
            setText(e.target.value);
            setTouched(true);
            setKept(null);
            const n = parseWholeInches(e.target.value, range);
            onValidityChange?.(n !== null);
            if (n !== null || !keepLastValid) onWholeChange(n);
          }}
          onBlur={() => {
            if (keepLastValid && invalid && whole !== null) {
              setKept(text.trim());
              setText(String(whole));
              onValidityChange?.(true);
            }
          }}
          className="field min-w-0 flex-1 aria-invalid:border-danger"
        />
        {fraction !== undefined && onFractionChange ? (
          <select
            aria-label={`${label} fraction`}
            value={String(fraction)}
            onChange={(e) => onFractionChange(Number(e.target.value))}
            className="field w-24"
          >
            {FRACTIONS.map((f) => (
              <option key={f} value={String(f)}>
                {f === 0 ? "0" : FRACTION_LABELS[f]}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <p
        id={hintId}
        aria-live="polite"
        className={`mt-1 text-sm ${invalid || kept !== null ? "font-medium text-danger" : "text-muted"}`}
      >
        {message}
        {note ? <span className="block font-normal text-muted">{note}</span> : null}
      </p>
    </div>
  );
}
