/**
 * A size input: inches as typed ("36", "36.5", "36 1/2", "36-1/2") plus an eighth-inch menu
 *. The text stays exactly as the shopper typed it: a size that
 * can't be read or is outside the range marks the field invalid, says why under it, and the
 * parent hears `null` so no price is claimed and Add to Cart stays blocked. Nothing falls back
 * to an earlier size. A fraction typed in the text moves the menu to it; choosing from the menu
 * afterwards keeps the typed whole inches and takes the menu's fraction.
 * `name` gives the input and menu their form names, so the page works without JavaScript.
 */
import { useState } from "react";
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import {
  type DimensionRange,
  FRACTION_LABELS,
  FRACTIONS,
} from "../../../../domain/shared/dimensions";
import { combineSize, type SizeValue, sizeValue } from "../../../../domain/shared/size-input";
import { useT } from "../../../lib/i18n";

/**
 * A field's starting text, menu choice and size (null when the text is not a size in `range`):
 * a cart line being edited, or what was posted with an error.
 */
export function startingSize(text: string, fraction: string | undefined, range: DimensionRange) {
  const f = Number(fraction ?? 0);
  const menu = Number.isFinite(f) ? f : 0;
  const r = combineSize(text, menu, range);
  return { text, fraction: menu, size: r.ok ? sizeValue(r) : null };
}

/** The text input of a size: inches with a fraction, typed freely (no autofill, a decimal pad). */
export const SIZE_TEXT_INPUT = {
  type: "text",
  inputMode: "decimal",
  autoComplete: "off",
} as const;

export interface DimensionFieldProps {
  id: string;
  /** Form name of the text; the menu is `${name}Fraction`. */
  name?: string;
  label: string;
  range: DimensionRange;
  /** The text the field starts with ("" for an empty field). */
  initialText: string;
  /** The eighths menu's starting choice. */
  initialFraction?: number;
  /** The size when the field holds a valid one, otherwise null. */
  onSizeChange: (size: SizeValue | null) => void;
  /** A line under the range, e.g. why the field is asked for. */
  note?: string;
  /** The page action's message for this field (a post without JavaScript). */
  serverError?: string;
  /** Every change of the text, with whether it reads as a valid size. */
  onTextChange?: (text: string, valid: boolean) => void;
  /** An empty field is fine (the track's height). */
  optional?: boolean;
}

export function DimensionField({
  id,
  name,
  label,
  range,
  initialText,
  initialFraction = 0,
  onSizeChange,
  note,
  serverError,
  onTextChange,
  optional = false,
}: DimensionFieldProps) {
  const t = useT("storefront", storefront);
  const [text, setText] = useState(initialText);
  // The menu's own choice; a fraction typed in the text is shown instead while it is there.
  const [fraction, setFraction] = useState(initialFraction);
  // An empty field is not marked before the shopper types (the track page starts empty).
  const [touched, setTouched] = useState(serverError !== undefined);
  const hintId = `${id}-hint`;
  const parsed = combineSize(text, fraction, range, label);
  const invalid =
    !parsed.ok && (touched || text.trim() !== "") && !(optional && parsed.problem === "empty");
  const menuFraction = parsed.ok ? (parsed.eighths % 8) / 8 : fraction;

  function report(nextText: string, nextFraction: number) {
    const r = combineSize(nextText, nextFraction, range, label);
    onTextChange?.(nextText, r.ok || (optional && r.problem === "empty"));
    onSizeChange(r.ok ? sizeValue(r) : null);
  }

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t("configurator.sizeLabel", { label })}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          {...SIZE_TEXT_INPUT}
          value={text}
          aria-invalid={invalid}
          aria-describedby={hintId}
          onChange={(e) => {
            setText(e.target.value);
            setTouched(true);
            report(e.target.value, fraction);
          }}
          onBlur={() => setTouched(true)}
          className="field min-w-0 flex-1 aria-invalid:border-danger aria-invalid:bg-danger/5"
        />
        <select
          aria-label={t("configurator.fraction", { label })}
          name={name ? `${name}Fraction` : undefined}
          value={String(menuFraction)}
          onChange={(e) => {
            const f = Number(e.target.value);
            // A fraction typed in the text gives way to the menu's.
            const typed = combineSize(text, 0, range, label);
            const nextText = typed.ok && typed.hasFraction ? String(typed.whole) : text;
            if (nextText !== text) setText(nextText);
            setFraction(f);
            report(nextText, f);
          }}
          className="field w-24"
        >
          <FractionOptions />
        </select>
      </div>
      <p
        id={hintId}
        aria-live="polite"
        className={`mt-1 text-sm ${invalid ? "font-medium text-danger" : "text-muted"}`}
      >
        {invalid && !parsed.ok
          ? parsed.message
          : t("configurator.rangeInches", { min: range.min, max: range.max })}
        {note ? <span className="block font-normal text-muted">{note}</span> : null}
      </p>
    </div>
  );
}

/** The eighths of an inch a size menu offers: 0, 1/8 … 7/8. */
export function FractionOptions() {
  return FRACTIONS.map((f) => (
    <option key={f} value={String(f)}>
      {f === 0 ? "0" : FRACTION_LABELS[f]}
    </option>
  ));
}
