/**
 * The Add to Cart button of every configurator. It is never `disabled` while the item is being
 * added: a disabled button drops keyboard focus to the page body (issue 13 item 9), so it
 * announces itself with aria-disabled and ignores clicks instead.
 */
import { formatMoney } from "../../../domain/money";

export function AddToCartButton({
  priceCents,
  adding,
  unavailable = false,
  onAdd,
  className = "btn-primary w-full text-lg",
  label = "Add to Cart",
}: {
  /** null: the label claims no price (pass `unavailable` when there is none to claim). */
  priceCents: number | null;
  adding: boolean;
  unavailable?: boolean;
  onAdd: () => void;
  className?: string;
  label?: string;
}) {
  const inactive = adding || unavailable;
  return (
    <button
      type="button"
      aria-disabled={inactive}
      onClick={() => {
        if (!inactive) onAdd();
      }}
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
    >
      {adding ? "Adding..." : priceCents === null ? label : `${label} - ${formatMoney(priceCents)}`}
    </button>
  );
}
