/**
 * The Add to Cart button of every configurator: a submit button of the configurator's form, so
 * it works without JavaScript; with JavaScript the form's submit handler adds the
 * item through the API. It is never `disabled` while the item is being added or the size is not
 * valid: a disabled button drops keyboard focus to the page body, so it
 * announces itself with aria-disabled and swallows the click instead. Before hydration (and
 * without JavaScript) nothing swallows the click: the form posts and the server answers with
 * the field's error, so the button is not marked aria-disabled then.
 */
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { formatMoney } from "../../../../domain/shared/money";
import { useT } from "../../../lib/i18n";
import { useHydrated } from "../../../lib/use-hydrated";

export function AddToCartButton({
  priceCents,
  adding,
  unavailable = false,
  className = "btn-primary w-full text-lg",
  label,
  form,
}: {
  /** null: the label claims no price (pass `unavailable` when there is none to claim). */
  priceCents: number | null;
  adding: boolean;
  unavailable?: boolean;
  className?: string;
  label?: string;
  /** The form's id, for a button outside it (the phone's sticky bar). */
  form?: string;
}) {
  const inactive = useHydrated() && (adding || unavailable);
  const t = useT("storefront", storefront);
  const words = label ?? t("configurator.add");
  return (
    <button
      type="submit"
      form={form}
      aria-disabled={inactive}
      onClick={(e) => {
        if (inactive) e.preventDefault();
      }}
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
    >
      {adding
        ? t("configurator.adding")
        : priceCents === null
          ? words
          : t("configurator.addWithPrice", { label: words, price: formatMoney(priceCents) })}
    </button>
  );
}
