import { formatFromPrice } from "../../../../domain/storefront/from-price";

/** The "From $…" line under a product's or service's name, and the custom pricing note. */
export function FromPrice({ cents }: { cents: number }) {
  return (
    <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-2xl font-semibold" data-testid="from-price">
        {formatFromPrice(cents)}
      </span>
      <span className="text-sm font-medium text-primary">Custom pricing available</span>
    </p>
  );
}
