/** The items of a placed order (confirmation and order-status pages). */
import type { PublicOrderItem } from "../../../server/services/orders/orders";
import { ITEM_ROW_CLASS, ItemDetails, LinePrice } from "../item-line";
import { ItemThumbnail } from "../item-thumbnail";
import type { OrdersT } from "./order-words";

export function OrderItems({ items, t }: { items: PublicOrderItem[]; t: OrdersT }) {
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={item.position} className={ITEM_ROW_CLASS}>
          <ItemThumbnail picture={item.picture} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{item.name}</p>
            {item.roomLabel ? (
              <p className="text-sm font-medium text-primary">
                {t("items.room", { room: item.roomLabel })}
              </p>
            ) : null}
            <ItemDetails details={item.details} />
          </div>
          <LinePrice item={item} />
        </li>
      ))}
    </ul>
  );
}
