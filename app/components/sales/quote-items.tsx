/** A quote's rooms and items (customer page and admin detail); optional ones can be ticked. */
import type { QuoteChoice } from "../../../domain/sales/quote";
import { formatInches } from "../../../domain/shared/dimensions";
import type { QuoteItemView } from "../../../server/services/sales/quote-view";
import { ITEM_ROW_CLASS, ItemDetails, LinePrice } from "../item-line";
import { ItemThumbnail } from "../item-thumbnail";
import { QuoteTiers } from "./quote-tiers";

export function QuoteItems({
  items,
  chosen,
  onToggle,
  choices = [],
  onChoose,
  locked = false,
}: {
  items: readonly QuoteItemView[];
  chosen: ReadonlySet<number>;
  onToggle?: (id: number, on: boolean) => void;
  /** The tiers chosen for windows that offer several (decision 571). */
  choices?: readonly QuoteChoice[];
  onChoose?: (itemId: number, tierId: number) => void;
  locked?: boolean;
}) {
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => {
        if (item.alternatives.length > 0) {
          return (
            <li key={item.id}>
              <QuoteTiers item={item} choices={choices} onChoose={onChoose} locked={locked} />
              {item.optional ? (
                <OptionalTick item={item} chosen={chosen} onToggle={onToggle} locked={locked} />
              ) : null}
            </li>
          );
        }
        const size =
          item.height > 0
            ? `${formatInches(item.width)} wide × ${formatInches(item.height)} high`
            : `${formatInches(item.width)} wide`;
        return (
          <li key={item.id} className={ITEM_ROW_CLASS}>
            <ItemThumbnail picture={item.picture} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {item.roomLabel ? `${item.roomLabel}: ` : ""}
                {item.name}
              </p>
              {item.details.length === 0 ? <p className="text-sm text-muted">{size}</p> : null}
              <ItemDetails details={item.details} />
              {item.optional ? (
                <OptionalTick item={item} chosen={chosen} onToggle={onToggle} locked={locked} />
              ) : null}
            </div>
            <LinePrice item={item} />
          </li>
        );
      })}
    </ul>
  );
}

function OptionalTick({
  item,
  chosen,
  onToggle,
  locked,
}: {
  item: QuoteItemView;
  chosen: ReadonlySet<number>;
  onToggle?: (id: number, on: boolean) => void;
  locked: boolean;
}) {
  return onToggle && !locked ? (
    <label className="mt-2 flex min-h-11 items-center gap-3 font-medium">
      <input
        type="checkbox"
        name="optionalItemIds"
        value={item.id}
        checked={chosen.has(item.id)}
        onChange={(e) => onToggle(item.id, e.currentTarget.checked)}
        className="size-6 accent-primary"
      />
      Add this optional item
    </label>
  ) : (
    <p className="mt-1 text-sm font-medium text-primary">
      Optional{chosen.has(item.id) ? ", included" : ", not included"}
    </p>
  );
}
