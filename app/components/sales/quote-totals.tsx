/** A quote's totals: the same rows as the PDF. */

import type { QuoteTotals } from "../../../domain/sales/quote";
import { formatMoney } from "../../../domain/shared/money";

export function QuoteTotalsTable({
  totals,
  discountPercent,
  taxExempt = false,
  exemptionText = null,
}: {
  totals: QuoteTotals;
  discountPercent: number;
  /** The certificate holds: the tax row says exempt. */
  taxExempt?: boolean;
  /** The certificate's line (or why a lapsed one no longer exempts), printed under the totals. */
  exemptionText?: string | null;
}) {
  const rows: [string, string][] = [["Subtotal", formatMoney(totals.subtotalCents)]];
  if (totals.discountCents > 0) {
    rows.push(["Multiple blind discount", `−${formatMoney(totals.discountCents)}`]);
  }
  if (totals.extraDiscountCents > 0) {
    rows.push([
      `Quote discount (${discountPercent} %)`,
      `−${formatMoney(totals.extraDiscountCents)}`,
    ]);
  }
  rows.push(["Shipping", totals.shippingCents === 0 ? "Free" : formatMoney(totals.shippingCents)]);
  rows.push([taxExempt ? "Sales tax (exempt)" : "Sales tax", formatMoney(totals.taxCents)]);
  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" aria-live="polite">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
        {/* Every dt/dd pair in its div (HTML allows a dl's children to be divs or dt/dd, not both). */}
        <div className="contents">
          <dt className="mt-2 text-lg font-bold">Total</dt>
          <dd className="mt-2 text-right text-lg font-bold" data-testid="quote-total">
            {formatMoney(totals.totalCents)}
          </dd>
        </div>
        {totals.depositCents > 0 ? (
          <div className="contents">
            <dt className="font-medium">Deposit due on acceptance</dt>
            <dd className="text-right font-medium" data-testid="quote-deposit">
              {formatMoney(totals.depositCents)}
            </dd>
          </div>
        ) : null}
      </dl>
      {exemptionText ? (
        <p className="mt-3 text-sm font-semibold" data-testid="quote-exemption">
          {exemptionText}
        </p>
      ) : null}
    </>
  );
}
