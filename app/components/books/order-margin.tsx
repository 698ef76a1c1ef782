/**
 * What the order earned, on its admin page (owners): revenue (total − tax) less the product
 * cost, the installers' time and the quote builder's commission (DECISIONS "Profit per job").
 */
import type { MarginFigures } from "../../../domain/books/margin";
import { formatMoney } from "../../../domain/shared/money";

export function OrderMargin({ margin }: { margin: MarginFigures & { linesWithoutCost: number } }) {
  const rows: [string, number][] = [
    ["Revenue (total less tax)", margin.revenueCents],
    ["Product cost", -margin.productCostCents],
    ["Installers' time", -margin.laborCents],
    ["Commission", -margin.commissionCents],
  ];
  return (
    <section aria-labelledby="margin-title" className="card">
      <h2 id="margin-title" className="mb-3 text-xl font-semibold">
        Margin
      </h2>
      <table className="w-full text-sm">
        <tbody>
          {rows.map(([label, cents]) => (
            <tr key={label}>
              <th scope="row" className="py-1 text-left font-normal">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatMoney(cents)}</td>
            </tr>
          ))}
          <tr className="border-t">
            <th scope="row" className="py-1 text-left font-semibold">
              Margin
            </th>
            <td className="py-1 text-right font-semibold tabular-nums">
              {formatMoney(margin.marginCents)}
            </td>
          </tr>
        </tbody>
      </table>
      {margin.linesWithoutCost > 0 ? (
        <p className="mt-2 text-sm text-muted">
          {margin.linesWithoutCost} purchase-order{" "}
          {margin.linesWithoutCost === 1 ? "line has" : "lines have"} no cost yet: enter it on the
          purchase order.
        </p>
      ) : null}
    </section>
  );
}
