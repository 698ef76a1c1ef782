/** Pieces of an item line shared by an order's and a quote's list of items. */
import { formatMoney } from "../../domain/money";

/** "2 × $120.00" over the line's total: the price column of an order's or a quote's items. */
export function LinePrice({
  item,
}: {
  item: { quantity: number; unitCents: number; lineCents: number };
}) {
  return (
    <p className="whitespace-nowrap text-sm sm:text-right">
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
