/** The order summary of spec §9, shown by the cart, checkout and confirmation pages. */

import { formatTaxPercent } from "../../../domain/orders/sales-tax";
import { formatMoney } from "../../../domain/shared/money";
import type { CartTotals } from "../../../domain/storefront/cart-totals";
import { useRootData } from "../../lib/root-data";
import type { OrdersT } from "./order-words";

type SummaryTotals = Pick<
  CartTotals,
  "subtotalCents" | "discountCents" | "shippingCents" | "taxCents" | "totalCents"
> & {
  freeShippingRemainingCents?: number;
  /** The rate that taxed a placed order (its own, decision 230); a cart's from its totals. */
  taxRateBasisPoints?: number;
  taxDetail?: { salesTaxBasisPoints: number };
};

const PERCENT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function percent(basisPoints: number): string {
  return `${PERCENT.format(basisPoints / 100)}%`;
}

export function OrderSummary({
  totals,
  headingLevel = 2,
  children,
  t,
}: {
  totals: SummaryTotals;
  t: OrdersT;
  headingLevel?: 2 | 3;
  children?: React.ReactNode;
}) {
  const { business } = useRootData();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const remaining = totals.freeShippingRemainingCents ?? 0;
  return (
    <section aria-labelledby="order-summary-heading" className="card">
      <Heading id="order-summary-heading" className="text-xl font-bold">
        {t("summary.title")}
      </Heading>
      <dl className="mt-4 space-y-2 text-base">
        <div className="flex justify-between gap-4">
          <dt>{t("summary.subtotal")}</dt>
          <dd>{formatMoney(totals.subtotalCents)}</dd>
        </div>
        {totals.discountCents > 0 ? (
          <div className="flex justify-between gap-4 text-success">
            <dt>
              {t("summary.discount", {
                percent: percent(business.multipleBlindDiscountBasisPoints),
              })}
            </dt>
            <dd className="whitespace-nowrap">−{formatMoney(totals.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t("summary.shipping")}</dt>
          <dd>
            {totals.shippingCents === 0 ? t("summary.free") : formatMoney(totals.shippingCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>
            {t("summary.tax", {
              percent: formatTaxPercent(
                totals.taxRateBasisPoints ??
                  totals.taxDetail?.salesTaxBasisPoints ??
                  business.salesTaxBasisPoints,
              ),
            })}
          </dt>
          <dd>{formatMoney(totals.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-3 text-lg font-bold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="order-total">{formatMoney(totals.totalCents)}</dd>
        </div>
      </dl>
      {totals.freeShippingRemainingCents !== undefined ? (
        <p className="mt-3 rounded-md bg-primary-light p-3 text-sm text-primary-dark">
          {remaining > 0
            ? t("summary.freeShippingRemaining", {
                remaining: formatMoney(remaining),
                threshold: formatMoney(business.freeShippingOverCents),
              })
            : t("summary.shipsFree")}
        </p>
      ) : null}
      {children}
    </section>
  );
}
