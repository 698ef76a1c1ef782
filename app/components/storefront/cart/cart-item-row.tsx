/**
 * One cart row: a thumbnail, name, size, color or fabric, room label, installation note, quantity
 * (minus disabled at 1, plus, numeric box), unit and line price, remove. Every control is a
 * plain form posting to the cart page's action, so it works without JavaScript; with it, the
 * forms go through a fetcher and the page does not reload.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { QUANTITY_MAX, quantityFromForm } from "../../../../domain/shared/limits";
import { formatMoney } from "../../../../domain/shared/money";
import type { ItemPicture } from "../../../../domain/storefront/item-picture";
import type { CartItemView } from "../../../../server/services/storefront/cart";
import { ItemThumbnail } from "../../item-thumbnail";
import type { ActionFailure } from "./action-result";
import type { CartT } from "./cart-messages";

export type CartRowItem = Pick<
  CartItemView,
  | "id"
  | "productName"
  | "details"
  | "roomLabel"
  | "quantity"
  | "unitPriceCents"
  | "lineTotalCents"
  | "available"
> & { picture: ItemPicture; editHref: string | null };

const STEP_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-md border border-muted/60 bg-white text-xl font-semibold text-ink hover:bg-primary-light disabled:cursor-not-allowed disabled:opacity-50";

export function CartItemRow({ item, t }: { item: CartRowItem; t: CartT }) {
  const quantityFetcher = useFetcher<ActionFailure | { ok: true }>({ key: `cart-qty-${item.id}` });
  const removeFetcher = useFetcher<ActionFailure | { ok: true }>({ key: `cart-remove-${item.id}` });
  const pending = quantityFetcher.formData?.get("quantity");
  const quantity =
    typeof pending === "string" && /^\d+$/.test(pending) ? Number(pending) : item.quantity;
  const removing = removeFetcher.state !== "idle";
  const error =
    (quantityFetcher.data && !quantityFetcher.data.ok
      ? quantityFetcher.data.error.message
      : null) ??
    (removeFetcher.data && !removeFetcher.data.ok ? removeFetcher.data.error.message : null);
  const name = item.productName;
  // The box is controlled so that a server answer arriving while the shopper types does not
  // overwrite what they are typing; it follows the server only when not focused.
  const [draft, setDraft] = useState(String(item.quantity));
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setDraft(String(item.quantity));
  }, [item.quantity]);
  const inputId = `quantity-${item.id}`;

  return (
    <li
      className={`card flex flex-col gap-4 sm:flex-row sm:items-start ${removing ? "opacity-60" : ""}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <ItemThumbnail picture={item.picture} className="h-16 w-20 sm:h-24 sm:w-30" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">{name}</h2>
          {item.roomLabel ? (
            <p className="text-sm font-medium text-primary">
              {t("row.room", { room: item.roomLabel })}
            </p>
          ) : null}
          <ul className="mt-1 space-y-0.5 text-sm text-muted">
            {item.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {!item.available ? (
            <p className="mt-2 text-sm font-semibold text-danger">{t("row.unavailable")}</p>
          ) : null}
          {error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-4 sm:flex-col sm:items-end">
        <div className="flex items-center gap-2">
          <QuantityStep
            fetcher={quantityFetcher}
            itemId={item.id}
            quantity={quantity - 1}
            disabled={quantity <= 1}
            label={t("row.decrease", { name })}
          >
            −
          </QuantityStep>
          <quantityFetcher.Form
            method="post"
            onBlur={(e) => {
              const input = e.currentTarget.elements.namedItem("quantity");
              focused.current = false;
              if (!(input instanceof HTMLInputElement)) return;
              // A non-numeric entry becomes 1.
              const next = String(quantityFromForm(input.value));
              setDraft(next);
              if (next !== String(item.quantity)) void quantityFetcher.submit(e.currentTarget);
            }}
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="itemId" value={item.id} />
            <label htmlFor={inputId} className="sr-only">
              {t("row.quantityOf", { name })}
            </label>
            <input
              id={inputId}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={QUANTITY_MAX}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onFocus={() => {
                focused.current = true;
              }}
              className="field w-16 text-center"
            />
            {/* The form's own submit (Enter, or without JavaScript); out of sight until focused. */}
            <button type="submit" className="btn-secondary sr-only ml-2 focus:not-sr-only">
              {t("row.update")}
            </button>
          </quantityFetcher.Form>
          <QuantityStep
            fetcher={quantityFetcher}
            itemId={item.id}
            quantity={quantity + 1}
            disabled={quantity >= QUANTITY_MAX}
            label={t("row.increase", { name })}
          >
            +
          </QuantityStep>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold" data-testid="line-total">
            {formatMoney(item.unitPriceCents * quantity)}
          </p>
          <p className="text-sm text-muted">
            {t("row.each", { price: formatMoney(item.unitPriceCents) })}
          </p>
        </div>
        {item.editHref && item.available ? (
          <Link
            to={item.editHref}
            reloadDocument
            className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-primary underline-offset-2 hover:underline"
            aria-label={t("row.editLabel", { name })}
          >
            {t("row.edit")}
          </Link>
        ) : null}
        <removeFetcher.Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={item.id} />
          <button
            type="submit"
            disabled={removing}
            className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-danger underline-offset-2 hover:underline"
            aria-label={t("row.removeLabel", { name })}
          >
            {removing ? t("row.removing") : t("row.remove")}
          </button>
        </removeFetcher.Form>
      </div>
    </li>
  );
}

/** The − or + button: a form of its own that posts the next quantity. */
function QuantityStep(props: {
  fetcher: ReturnType<typeof useFetcher>;
  itemId: number;
  quantity: number;
  disabled: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <props.fetcher.Form method="post">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="itemId" value={props.itemId} />
      <button
        type="submit"
        name="quantity"
        value={props.quantity}
        disabled={props.disabled}
        className={STEP_BUTTON}
        aria-label={props.label}
      >
        {props.children}
      </button>
    </props.fetcher.Form>
  );
}
