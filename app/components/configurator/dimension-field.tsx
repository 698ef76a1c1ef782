/**
 * A size input: whole inches plus an eighth-inch fraction dropdown (SPEC.md §2, §5).
 * The text is the shopper's; only a whole number inside the range is passed up. With
 * `keepLastValid` (product pages) anything else is ignored and the previous value is shown
 * again on blur; otherwise (zebra, track) the parent hears `null` and explains the range.
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
}: DimensionFieldProps) {
  const [text, setText] = useState(whole === null ? "" : String(whole));
  const hintId = `${id}-hint`;
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
          aria-describedby={hintId}
          onChange={(e) => {
            setText(e.target.value);
            const n = parseWholeInches(e.target.value, range);
            if (n !== null || !keepLastValid) onWholeChange(n);
          }}
          onBlur={() => {
            if (keepLastValid && whole !== null) setText(String(whole));
          }}
          className="field min-w-0 flex-1"
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
      <p id={hintId} className="mt-1 text-sm text-muted">
        {range.min}–{range.max} inches
      </p>
    </div>
  );
}
