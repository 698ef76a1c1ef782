import { Form } from "react-router";
import type { AdminOrderItem } from "../../../server/services/orders/admin-orders";
import { itemSize } from "./order-items";

/**
 * After measuring, before production: change one item's width, height or quantity. Blank
 * fields stay as they are; the reason goes into the history.
 */
export function AdjustItemForm({ items, busy }: { items: AdminOrderItem[]; busy: boolean }) {
  return (
    <section aria-labelledby="adjust-title" className="card">
      <h2 id="adjust-title" className="mb-1 text-xl font-semibold">
        Adjust after measuring
      </h2>
      <p className="mb-3 text-sm text-muted">
        Re-priced with the rates of the day the order was placed; the totals follow.
      </p>
      <Form
        method="post"
        key={items.map((i) => `${i.id}:${i.width}:${i.height}:${i.quantity}`).join()}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="adjust" />
        <div>
          <label htmlFor="adjust-item" className="field-label">
            Item
          </label>
          <select id="adjust-item" name="itemId" className="field">
            {items.map((item, index) => (
              <option key={item.id} value={item.id}>
                {index + 1}. {item.productName}
                {item.roomLabel ? ` (${item.roomLabel})` : ""}, {itemSize(item)} × {item.quantity}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-3 gap-3">
          <div>
            <label htmlFor="adjust-width" className="field-label">
              Width (in)
            </label>
            <input
              id="adjust-width"
              name="width"
              type="number"
              step="0.125"
              min="1"
              inputMode="decimal"
              className="field"
            />
          </div>
          <div>
            <label htmlFor="adjust-height" className="field-label">
              Height (in)
            </label>
            <input
              id="adjust-height"
              name="height"
              type="number"
              step="0.125"
              min="1"
              inputMode="decimal"
              className="field"
            />
          </div>
          <div>
            <label htmlFor="adjust-quantity" className="field-label">
              Quantity
            </label>
            <input
              id="adjust-quantity"
              name="quantity"
              type="number"
              step="1"
              min="1"
              max="99"
              className="field"
            />
          </div>
        </div>
        <div>
          <label htmlFor="adjust-reason" className="field-label">
            Reason (goes into the history)
          </label>
          <input id="adjust-reason" name="reason" required maxLength={500} className="field" />
        </div>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="notifyCustomer" className="size-5" />
          Email the customer the new total
        </label>
        <button type="submit" className="btn-secondary w-full" disabled={busy}>
          Adjust the item
        </button>
      </Form>
    </section>
  );
}
