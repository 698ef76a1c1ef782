/** A supplier's price grid as a table, and an import's changes against it. */

import type { PriceGridRow } from "../../../domain/purchasing/price-grid";
import { amountToCents, formatMoney } from "../../../domain/shared/money";
import type { PriceGridChange } from "../../../server/services/purchasing/price-grid";
import { ScrollRegion } from "../scroll-region";

const size = (width: number, height: number) => `up to ${width}" × ${height}"`;
const money = (dollars: number | null) =>
  dollars === null ? "—" : formatMoney(amountToCents(dollars));

export function PriceGridChanges({ changes }: { changes: readonly PriceGridChange[] }) {
  if (changes.length === 0) return <p className="mt-2">No row changes.</p>;
  return (
    <ScrollRegion label="Price grid changes" className="mt-3">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">Rows added, changed and removed</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col">Change</th>
            <th scope="col">Product type</th>
            <th scope="col">Size</th>
            <th scope="col" className="pl-3 text-right">
              Before
            </th>
            <th scope="col" className="pl-3 text-right">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.productType}-${c.maxWidth}-${c.maxHeight}`} className="border-t">
              <td className="py-1">
                {c.before === null ? "Added" : c.after === null ? "Removed" : "Changed"}
              </td>
              <td className="py-1">{c.productType}</td>
              <td className="py-1">{size(c.maxWidth, c.maxHeight)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{money(c.before)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{money(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The rows a page shows at most (a grid holds up to 5,000). */
const SHOWN_ROWS = 300;

export function PriceGridTable({ rows }: { rows: readonly PriceGridRow[] }) {
  const sorted = [...rows].sort(
    (a, b) =>
      a.productType.localeCompare(b.productType) ||
      a.maxWidthEighths - b.maxWidthEighths ||
      a.maxHeightEighths - b.maxHeightEighths,
  );
  return (
    <ScrollRegion label="Price grid" className="mt-3">
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="sr-only">Cost of a piece by product type and size</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col">Product type</th>
            <th scope="col">Size</th>
            <th scope="col" className="pl-3 text-right">
              Cost a piece
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.slice(0, SHOWN_ROWS).map((r) => (
            <tr
              key={`${r.productType}-${r.maxWidthEighths}-${r.maxHeightEighths}`}
              className="border-t"
            >
              <td className="py-1">{r.productType}</td>
              <td className="py-1">{size(r.maxWidthEighths / 8, r.maxHeightEighths / 8)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(r.costCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sorted.length > SHOWN_ROWS ? (
        <p className="mt-2 text-sm text-muted">
          The first {SHOWN_ROWS} of {sorted.length} rows.
        </p>
      ) : null}
    </ScrollRegion>
  );
}
