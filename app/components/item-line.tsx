/** Pieces of an item line shared by an order's and a quote's list of items. */
import { formatMoney } from "../../domain/shared/money";

/**
 * One item of an order's or a quote's list: the drawing, the text, the price. On a phone the
 * price goes under the text (a third column there left the text a few words wide).
 */
export const ITEM_ROW_CLASS =
  "grid grid-cols-[5rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 py-3 sm:grid-cols-[5rem_minmax(0,1fr)_auto]";

/** "2 × $120.00" over the line's total: the price column of an order's or a quote's items. */
export function LinePrice({
  item,
}: {
  item: { quantity: number; unitCents: number; lineCents: number };
}) {
  return (
    <p className="col-start-2 whitespace-nowrap text-sm sm:col-start-3 sm:text-right">
      {item.quantity} × {formatMoney(item.unitCents)}
      <span className="block text-base font-semibold">{formatMoney(item.lineCents)}</span>
    </p>
  );
}

/** The lines that describe an item's configuration (size, colour, installation…). */
export function ItemDetails({ details }: { details: string[] }) {
  return (
    <ul className="text-sm text-muted">
      {details.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>
  );
}
