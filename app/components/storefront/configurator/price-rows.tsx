/** A price summary card: labelled rows and a total (a description list). */
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { formatMoney } from "../../../../domain/shared/money";
import { useT } from "../../../lib/i18n";

export interface PriceRow {
  label: string;
  cents: number;
}

export function PriceRows({
  title,
  rows,
  totalCents,
}: {
  title: string;
  rows: readonly PriceRow[];
  totalCents: number;
}) {
  const t = useT("storefront", storefront);
  return (
    <section aria-labelledby="price-summary-title" className="rounded-lg bg-surface p-5">
      <h2 id="price-summary-title" className="text-lg font-semibold">
        {title}
      </h2>
      <dl className="mt-3 space-y-2">
        {rows.map((r) => (
          <div key={r.label} className="flex justify-between gap-4">
            <dt className="text-muted">{r.label}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(r.cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
          <dt>{t("configurator.total")}</dt>
          <dd className="tabular-nums" data-testid="price-total">
            {formatMoney(totalCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
