import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import {
  itemAdjustmentFormSchema,
  itemAdjustmentFromForm,
  itemAdjustmentPreviewFormSchema,
  ORDER_FORM_LABELS,
} from "../../../../domain/shared/back-office-form";
import { formatInches } from "../../../../domain/shared/dimensions";
import { fieldsFromIssues, labelFields } from "../../../../domain/shared/form-messages";
import { formatMoney } from "../../../../domain/shared/money";
import type { AdjustmentPreview } from "../../../../server/services/orders/adjustments";
import type { AdminOrderItem } from "../../../../server/services/orders/admin-orders";
import { type FormErrors, type FormFailure, fieldA11y, useSchemaForm } from "../../../lib/forms";
import type { ActionResult } from "../../admin/admin-route";
import { FieldMessage } from "../../field-message";
import { FractionOptions, SIZE_TEXT_INPUT } from "../../storefront/configurator/dimension-field";
import { itemSize } from "./order-items";
import { ORDER_RESULTS } from "./order-results";

const FORM_ID = "adjust-item-form";

/** The new price, total and balance an adjustment would give, before it is saved. */
function PreviewLines({ preview }: { preview: AdjustmentPreview }) {
  const balance = preview.balanceAfterCents;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt>New price each</dt>
      <dd className="text-right">
        {formatMoney(preview.unitAfterCents)}{" "}
        <span className="text-muted">(was {formatMoney(preview.unitBeforeCents)})</span>
      </dd>
      <dt>Line ({preview.quantity})</dt>
      <dd className="text-right">{formatMoney(preview.lineAfterCents)}</dd>
      <dt className="font-semibold">New order total</dt>
      <dd className="text-right font-semibold" data-testid="adjust-preview-total">
        {formatMoney(preview.totalAfterCents)}{" "}
        <span className="font-normal text-muted">
          (was {formatMoney(preview.totalBeforeCents)})
        </span>
      </dd>
      {preview.depositAfterCents !== preview.depositBeforeCents ? (
        <>
          <dt>Deposit (the quote's share)</dt>
          <dd className="text-right">
            {formatMoney(preview.depositAfterCents)}{" "}
            <span className="text-muted">(was {formatMoney(preview.depositBeforeCents)})</span>
          </dd>
        </>
      ) : null}
      <dt>Balance after</dt>
      <dd className={`text-right ${balance < 0 ? "font-semibold text-danger" : ""}`}>
        {balance > 0
          ? `${formatMoney(balance)} due`
          : balance < 0
            ? `Refund owed: ${formatMoney(-balance)}`
            : "Paid in full"}
      </dd>
    </dl>
  );
}

function SizeInputs({
  name,
  label,
  current,
  errors,
  values,
}: {
  name: "width" | "height";
  label: string;
  current: number;
  errors: FormErrors;
  values: Record<string, string | string[]>;
}) {
  const id = `adjust-${name}`;
  const typed = values[name];
  const menu = values[`${name}Eighths`];
  return (
    <fieldset>
      <legend className="field-label">{label} (in)</legend>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            {label} (in)
          </label>
          <input
            id={id}
            name={name}
            {...SIZE_TEXT_INPUT}
            placeholder={current > 0 ? formatInches(current).replace('"', "") : undefined}
            defaultValue={typeof typed === "string" ? typed : undefined}
            className="field"
            {...fieldA11y(errors, name, id, `${id}-hint`)}
          />
        </div>
        <div className="w-24 shrink-0">
          <label htmlFor={`${id}-eighths`} className="sr-only">
            {label}, eighths of an inch
          </label>
          <select
            id={`${id}-eighths`}
            name={`${name}Eighths`}
            defaultValue={typeof menu === "string" ? menu : "0"}
            className="field"
          >
            <FractionOptions />
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        Now {current > 0 ? formatInches(current) : "none"}. Like 36, 36.5 or 36 1/2.
      </p>
      <FieldMessage id={id} error={errors[name]} />
    </fieldset>
  );
}

/**
 * After measuring, before production: change one item's width, height or quantity. Sizes are
 * typed as on the storefront ("36 1/2", "36.5", or whole inches and the eighths menu); blank
 * fields stay as they are; the reason goes into the history. The new price, total and balance
 * are shown before saving (the same re-pricing the save does, with the order's stored rates).
 */
export function AdjustItemForm({
  orderId,
  items,
  busy,
  result,
}: {
  orderId: number;
  items: AdminOrderItem[];
  busy: boolean;
  result: ActionResult | undefined;
}) {
  const failure: FormFailure | null =
    result && !result.ok && (result.intent === "adjust" || result.intent === "adjust-preview")
      ? result
      : null;
  const { errors, values, formProps } = useSchemaForm({
    id: FORM_ID,
    schema: itemAdjustmentFormSchema,
    fromForm: itemAdjustmentFromForm,
    failure,
    labels: ORDER_FORM_LABELS,
  });
  const [itemId, setItemId] = useState(items[0]?.id ?? 0);
  const item = items.find((i) => i.id === itemId) ?? items[0];

  // The preview: asked for as the form changes (with JavaScript), or by its button (without).
  const previewer = useFetcher<ActionResult>({ key: `adjust-preview-${orderId}` });
  const [previewErrors, setPreviewErrors] = useState<FormErrors>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  /** Asks for the preview; a form the preview can't read shows why (when `show`). */
  const askPreview = (form: HTMLFormElement, show: boolean) => {
    const data = new FormData(form);
    const checked = itemAdjustmentPreviewFormSchema.safeParse(itemAdjustmentFromForm(data));
    if (!checked.success) {
      setPreviewErrors(
        show ? labelFields(fieldsFromIssues(checked.error.issues), ORDER_FORM_LABELS) : {},
      );
      return false;
    }
    data.set("intent", "adjust-preview");
    previewer.submit(data, { method: "post" });
    return true;
  };
  const fetched = previewer.data;
  const preview =
    previewer.state === "idle" && fetched?.ok && fetched.preview
      ? fetched.preview
      : result?.ok && result.intent === "adjust-preview"
        ? result.preview
        : undefined;
  useEffect(() => {
    if (fetched && !fetched.ok) {
      const out: FormErrors = {};
      for (const [name, messages] of Object.entries(fetched.reply.error ?? {})) {
        if (name && messages?.[0]) out[name] = messages[0];
      }
      setPreviewErrors(out);
    } else if (fetched?.ok) setPreviewErrors({});
  }, [fetched]);
  const shown = { ...previewErrors, ...errors };
  // A preview refused: the focus goes to the first field it names.
  const focusPreviewError = useRef(false);
  useEffect(() => {
    if (!focusPreviewError.current || Object.keys(previewErrors).length === 0) return;
    focusPreviewError.current = false;
    document.getElementById(FORM_ID)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [previewErrors]);

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
        action={`#${ORDER_RESULTS.adjust}`}
        key={items.map((i) => `${i.id}:${i.width}:${i.height}:${i.quantity}`).join()}
        className="space-y-3"
        {...formProps}
        onChange={(event) => {
          const form = event.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => askPreview(form, false), 250);
        }}
      >
        <div>
          <label htmlFor="adjust-item" className="field-label">
            Item
          </label>
          <select
            id="adjust-item"
            name="itemId"
            className="field"
            value={itemId}
            onChange={(e) => setItemId(Number(e.currentTarget.value))}
          >
            {items.map((i, index) => (
              <option key={i.id} value={i.id}>
                {index + 1}. {i.productName}
                {i.roomLabel ? ` (${i.roomLabel})` : ""}, {itemSize(i)} × {i.quantity}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SizeInputs
            name="width"
            label="Width"
            current={item?.width ?? 0}
            errors={shown}
            values={values}
          />
          {item && item.height > 0 ? (
            <SizeInputs
              name="height"
              label="Height"
              current={item.height}
              errors={shown}
              values={values}
            />
          ) : null}
        </div>
        <div className="max-w-40">
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
            inputMode="numeric"
            placeholder={item ? String(item.quantity) : undefined}
            defaultValue={typeof values.quantity === "string" ? values.quantity : undefined}
            className="field"
            {...fieldA11y(shown, "quantity", "adjust-quantity")}
          />
          <FieldMessage id="adjust-quantity" error={shown.quantity} />
        </div>
        <div aria-live="polite" className="rounded-md bg-surface p-3">
          <h3 className="mb-1 font-semibold">Before saving</h3>
          {preview ? (
            <PreviewLines preview={preview} />
          ) : (
            <p className="text-sm text-muted">
              Type a new size or quantity to see the new price, total and balance.
            </p>
          )}
        </div>
        <button
          type="submit"
          name="intent"
          value="adjust-preview"
          className="btn-secondary w-full"
          disabled={busy}
          onClick={(event) => {
            // With JavaScript the preview is fetched in place; without, the page shows it.
            event.preventDefault();
            const form = event.currentTarget.form;
            if (form && !askPreview(form, true)) focusPreviewError.current = true;
          }}
        >
          Preview the new price
        </button>
        <div>
          <label htmlFor="adjust-reason" className="field-label">
            Reason (goes into the history)
          </label>
          <input
            id="adjust-reason"
            name="reason"
            required
            maxLength={500}
            defaultValue={typeof values.reason === "string" ? values.reason : undefined}
            className="field"
            {...fieldA11y(shown, "reason", "adjust-reason")}
          />
          <FieldMessage id="adjust-reason" error={shown.reason} />
        </div>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="notifyCustomer" className="size-5" />
          Email the customer the new total
        </label>
        <button
          type="submit"
          name="intent"
          value="adjust"
          className="btn-primary w-full"
          disabled={busy}
        >
          Adjust the item
        </button>
      </Form>
    </section>
  );
}
