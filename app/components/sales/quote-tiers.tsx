/**
 * A window offered in tiers (decision 571): good, better, best side by side on a wide screen,
 * stacked cards on a phone, each with its drawing, details, price and a "Choose" radio. The
 * item itself is chosen until the customer picks another; `locked` shows the choice only.
 */
import { type QuoteChoice, tierLabel } from "../../../domain/sales/quote";
import { formatMoney } from "../../../domain/shared/money";
import type { QuoteItemView } from "../../../server/services/sales/quote-view";
import { ItemDetails } from "../item-line";
import { ItemThumbnail } from "../item-thumbnail";

/** The tier chosen for `item`: the alternative in `choices`, else the item itself. */
export function chosenTierId(item: QuoteItemView, choices: readonly QuoteChoice[]): number {
  const choice = choices.find((c) => c.itemId === item.id);
  return item.alternatives.some((a) => a.id === choice?.alternativeId)
    ? (choice?.alternativeId ?? item.id)
    : item.id;
}

export function QuoteTiers({
  item,
  choices,
  onChoose,
  locked,
}: {
  item: QuoteItemView;
  choices: readonly QuoteChoice[];
  onChoose?: (itemId: number, tierId: number) => void;
  locked: boolean;
}) {
  const tiers = [item, ...item.alternatives];
  const chosen = chosenTierId(item, choices);
  const legendId = `tiers-${item.id}`;
  return (
    <fieldset className="py-3" aria-labelledby={legendId}>
      <legend id={legendId} className="font-semibold">
        {item.roomLabel ? `${item.roomLabel}: ` : ""}
        {locked ? `${tiers.length} choices` : `choose one of ${tiers.length}`}
      </legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {tiers.map((tier, n) => {
          const label = tierLabel(n + 1, tiers.length);
          const isChosen = tier.id === chosen;
          return (
            <div
              key={tier.id}
              className={`flex flex-col gap-2 rounded-lg border-2 p-3 ${
                isChosen ? "border-primary bg-primary/5" : "border-line"
              }`}
            >
              <p className="text-sm font-bold uppercase tracking-wide text-primary">{label}</p>
              <ItemThumbnail picture={tier.picture} />
              <p className="font-semibold">{tier.name}</p>
              <ItemDetails details={tier.details} />
              <p className="mt-auto">
                {tier.quantity} × {formatMoney(tier.unitCents)}
                <span className="block text-lg font-bold">{formatMoney(tier.lineCents)}</span>
              </p>
              {onChoose && !locked ? (
                <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
                  <input
                    type="radio"
                    name={`tier-${item.id}`}
                    value={tier.id}
                    checked={isChosen}
                    onChange={() => onChoose(item.id, tier.id)}
                    className="size-6 accent-primary"
                  />
                  Choose {label.toLowerCase()}: {tier.name}
                </label>
              ) : isChosen ? (
                <p className="font-medium text-primary">Chosen</p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
