/**
 * The product page's option groups: one radio group per option of
 * the product type, labelled as the cart, order and installation sheet say it; the shutter
 * options carry small drawings. None of them changes the price. The child-safety device that
 * comes with the product is said beside the control side (or after the options of a product
 * with no cord at all).
 */
import { childSafety } from "../../../../domain/storefront/child-safety";
import { optionsFor, type ProductOptions } from "../../../../domain/storefront/product-options";
import { hasOptionDrawing, OptionDrawing } from "./option-drawing";

export function ProductOptionsFields({
  productType,
  value,
  onChange,
}: {
  productType: string;
  value: ProductOptions;
  onChange: (value: ProductOptions) => void;
}) {
  const defs = optionsFor(productType);
  if (defs.length === 0) return null;
  const safety = childSafety(productType);
  const safetyNote = safety ? (
    <p className="mt-2 text-sm text-muted">
      <span className="font-medium text-ink">Child safety:</span> {safety}
    </p>
  ) : null;
  const hasControl = defs.some((def) => def.field === "controlSide");
  return (
    <div className="space-y-4">
      {defs.map((def) => {
        const current: string | undefined = value[def.field];
        return (
          <fieldset key={def.field}>
            <legend className="field-label">{def.legend}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {def.choices.map((c) => (
                <label
                  key={c.value}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-white px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent"
                >
                  <input
                    type="radio"
                    name={def.field}
                    value={c.value}
                    checked={current === c.value}
                    onChange={() => onChange({ ...value, [def.field]: c.value })}
                    className="mt-1 size-4 shrink-0 accent-primary"
                  />
                  <span className="flex-1">
                    <span className="block font-medium">{c.label}</span>
                    {c.hint ? <span className="block text-sm text-muted">{c.hint}</span> : null}
                  </span>
                  {hasOptionDrawing(def.field) ? (
                    <OptionDrawing field={def.field} value={c.value} />
                  ) : null}
                </label>
              ))}
            </div>
            {def.field === "controlSide" ? safetyNote : null}
          </fieldset>
        );
      })}
      {hasControl ? null : safetyNote}
    </div>
  );
}
