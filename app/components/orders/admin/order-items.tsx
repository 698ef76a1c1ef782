import { Fragment } from "react";
import { formatMoney } from "../../../../domain/shared/money";
import { configurationEntries, itemSize } from "../../../../domain/storefront/item-spec";
import type { AdminOrderItem } from "../../../../server/services/orders/admin-orders";

export { configurationEntries, itemSize };

/** "Yes ($95.00)", "Included in the price" (services), or "No (delivery only)". */
export function installationWords(item: AdminOrderItem): string {
  if (!item.includeInstallation) return "No (delivery only)";
  if (item.serviceId !== null || item.installationCents === 0) return "Included in the price";
  return `Yes (${formatMoney(item.installationCents)})`;
}

/** Every item of an order with its full configuration, room and price. */
export function OrderItems({ items }: { items: AdminOrderItem[] }) {
  return (
    <ol className="space-y-4">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-line p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">
              {item.productName}
              {item.roomLabel ? (
                <span className="font-normal text-muted"> · {item.roomLabel}</span>
              ) : null}
            </h3>
            <p className="font-semibold">{formatMoney(item.lineCents)}</p>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Room</dt>
            <dd>{item.roomLabel ?? "Not given"}</dd>
            <dt className="text-muted">Size</dt>
            <dd>{itemSize(item)}</dd>
            {item.colorName ? (
              <>
                <dt className="text-muted">Color</dt>
                <dd>{item.colorName}</dd>
              </>
            ) : null}
            {configurationEntries(item).map((entry) => (
              <Fragment key={entry.label}>
                <dt className="text-muted">{entry.label}</dt>
                <dd>{entry.value}</dd>
              </Fragment>
            ))}
            <dt className="text-muted">Quantity</dt>
            <dd>{item.quantity}</dd>
            <dt className="text-muted">Installation</dt>
            <dd>{installationWords(item)}</dd>
            <dt className="text-muted">Unit price</dt>
            <dd>{formatMoney(item.unitCents)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
