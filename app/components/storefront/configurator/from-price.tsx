import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { fromPriceAmount } from "../../../../domain/storefront/from-price";
import { useT } from "../../../lib/i18n";

/** The "From $…" line under a product's or service's name, and the custom pricing note. */
export function FromPrice({ cents }: { cents: number }) {
  const t = useT("storefront", storefront);
  return (
    <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-2xl font-semibold" data-testid="from-price">
        {t("configurator.from", { price: fromPriceAmount(cents) })}
      </span>
      <span className="text-sm font-medium text-primary">{t("configurator.customPricing")}</span>
    </p>
  );
}
