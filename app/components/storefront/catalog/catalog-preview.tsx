/**
 * The price preview of the /admin/catalog forms: typical sizes priced before and after the
 * change, computed in the browser with the store's own pricing engine before saving.
 */
import { formatMoney } from "../../../../domain/shared/money";

export interface PreviewRow {
  label: string;
  before: number;
  /** null while what is typed is not a price. */
  after: number | null;
}

/** Old → new prices of typical sizes, computed in the browser from what is typed. */
export function PricePreview({ caption, rows }: { caption: string; rows: PreviewRow[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-left">
          <th scope="col" className="py-1 pr-2 font-medium">
            Size
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Now
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            After saving
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const changed = row.after !== null && row.after !== row.before;
          return (
            <tr key={row.label} className="border-b border-line last:border-0">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {row.label}
              </th>
              <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(row.before)}</td>
              <td className={`py-1 text-right tabular-nums ${changed ? "font-bold" : ""}`}>
                {row.after === null ? "—" : formatMoney(row.after)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** "24″ × 36″" for a preview row. */
function sizeLabel(width: number, height: number): string {
  return `${width}″ × ${height}″`;
}

/**
 * One row per size: its price with the saved rates, and with the typed ones (null while what is
 * typed is not a price).
 */
export function previewRows<R>(
  sizes: readonly { width: number; height: number }[],
  saved: R,
  typed: R | null,
  price: (rates: R, width: number, height: number) => number,
): PreviewRow[] {
  return sizes.map(({ width, height }) => ({
    label: sizeLabel(width, height),
    before: price(saved, width, height),
    after: typed === null ? null : price(typed, width, height),
  }));
}
