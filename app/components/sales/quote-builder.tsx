/**
 * The quote builder: customer, rooms and windows with the configurators' fields,
 * optional items, discount (up to the owner's maximum), deposit, validity and a note, priced
 * live in the browser by the one pricing module. Made for a phone held in one hand in the
 * customer's living room: one column, big targets, sizes by whole inch and eighth.
 * The page action receives the quote as the API's JSON (`payload`) and answers its refusals.
 */

import { type ReactNode, useMemo, useState } from "react";
import { Form } from "react-router";
import { isLanguage } from "../../../domain/i18n/language";
import { calculateQuoteTotals, tierLabel } from "../../../domain/sales/quote";
import {
  QUOTE_ALTERNATIVES_MAX,
  QUOTE_FIELD_LABELS,
  type QuoteCustomer,
  quoteBuilderSchema,
} from "../../../domain/sales/quote-schema";
import {
  type DimensionRange,
  FRACTION_LABELS,
  FRACTIONS,
  PRODUCT_HEIGHT,
} from "../../../domain/shared/dimensions";
import { formatMoney } from "../../../domain/shared/money";
import { oneOf } from "../../../domain/shared/one-of";
import type { PricingContext } from "../../../domain/storefront/pricing";
import { optionsFor } from "../../../domain/storefront/product-options";
import { ZEBRA_CONTROL_LABELS, ZEBRA_CONTROL_TYPES } from "../../../domain/storefront/zebra";
import { type FormErrors, type FormFailure, fieldA11y, useSchemaForm } from "../../lib/forms";
import { LabelledField } from "../admin/labelled-field";
import { FieldMessage } from "../field-message";
import {
  alternativeOf,
  type BuilderItem,
  blankItem,
  newItemKey,
  sizeProblem,
  sizeRanges,
  toWireItem,
  unitPrice,
} from "./builder-item";
import { readBuilderSize } from "./builder-size";
import { QuoteTotalsTable } from "./quote-totals";

/** The heading of the run of windows starting at `n` that share its room. */
function roomHeading(items: readonly BuilderItem[], n: number): string {
  const room = items[n]?.roomLabel.trim() ?? "";
  let count = 0;
  while (items[n + count]?.roomLabel.trim() === room) count++;
  return `${room || "Room not given"} · ${count} ${count === 1 ? "window" : "windows"}`;
}

/** The quote as the API takes it, from the builder's `payload` field (checked in the browser). */
function payloadOf(form: FormData): unknown {
  const raw = form.get("payload");
  try {
    return typeof raw === "string" ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/**
 * Errors of the item at `path` that no field of its own shows (its color, an option …); its
 * alternatives' errors are theirs.
 */
function otherItemErrors(errors: FormErrors, path: string, shown: readonly string[]): string[] {
  const prefix = `${path}.`;
  return Object.entries(errors)
    .filter(([name]) => {
      if (!name.startsWith(prefix)) return false;
      const rest = name.slice(prefix.length);
      return !shown.includes(rest) && !rest.startsWith("alternatives.");
    })
    .map(([, message]) => message);
}

export interface BuilderInitial {
  customer: QuoteCustomer;
  items: BuilderItem[];
  discountPercent: number;
  depositPercent: number;
  validDays: number | null;
  note: string;
  links: { estimateId: number | null; visitId: number | null; orderId: number | null };
}

type Rules = Parameters<typeof calculateQuoteTotals>[2];

const CUSTOMER_FIELDS: [keyof QuoteCustomer, string, string, string][] = [
  ["firstName", "First name", "given-name", "text"],
  ["lastName", "Last name", "family-name", "text"],
  ["email", "Email", "email", "email"],
  ["phone", "Phone", "tel", "tel"],
  ["address", "Street address", "address-line1", "text"],
  ["city", "City", "address-level2", "text"],
  ["zipCode", "ZIP code", "postal-code", "text"],
];

export function QuoteBuilder({
  ctx,
  rules,
  initial,
  maxDiscountPercent,
  editing,
  busy,
  failure,
}: {
  ctx: PricingContext;
  rules: Rules;
  initial: BuilderInitial;
  maxDiscountPercent: number;
  editing: boolean;
  busy: boolean;
  /** The page action's refusal: errors by the API's field paths ("items.2.width"). */
  failure: FormFailure | null;
}) {
  const schema = useMemo(
    () => quoteBuilderSchema(editing, maxDiscountPercent),
    [editing, maxDiscountPercent],
  );
  const { errors, formProps } = useSchemaForm({
    id: "quote-builder",
    schema,
    failure,
    labels: QUOTE_FIELD_LABELS,
    fromForm: payloadOf,
  });
  const [customer, setCustomer] = useState(initial.customer);
  const [items, setItems] = useState<BuilderItem[]>(
    initial.items.length ? initial.items : [blankItem(ctx, "Living room")],
  );
  const [discount, setDiscount] = useState(initial.discountPercent);
  const [deposit, setDeposit] = useState(initial.depositPercent);
  const [validDays, setValidDays] = useState<number | null>(initial.validDays);
  const [note, setNote] = useState(initial.note);

  const prices = useMemo(() => items.map((i) => unitPrice(ctx, i)), [ctx, items]);
  const totals = useMemo(
    () =>
      calculateQuoteTotals(
        items.map((i, n) => ({
          id: n,
          unitPriceCents: prices[n] ?? 0,
          quantity: i.quantity,
          optional: i.optional,
        })),
        { discountPercent: discount, depositPercent: deposit },
        rules,
      ),
    [items, prices, discount, deposit, rules],
  );
  const payload = JSON.stringify({
    ...(editing ? {} : initial.links),
    customer,
    items: items.map((i) => toWireItem(ctx, i)),
    discountPercent: discount,
    depositPercent: deposit,
    ...(validDays ? { validDays } : {}),
    note: note.trim() || null,
  });
  const update = (key: string, change: Partial<BuilderItem>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  return (
    <Form method="post" className="space-y-6" {...formProps}>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      <input type="hidden" name="payload" value={payload} />
      <fieldset className="card space-y-3">
        <legend className="text-xl font-bold">Customer</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {CUSTOMER_FIELDS.map(([name, label, autoComplete, type]) => (
            <div key={name}>
              <label htmlFor={`customer-${name}`} className="field-label">
                {label}
              </label>
              <input
                id={`customer-${name}`}
                name={`customer.${name}`}
                type={type}
                autoComplete={autoComplete}
                value={customer[name]}
                onChange={(e) => setCustomer({ ...customer, [name]: e.currentTarget.value })}
                className="field"
                required
                {...fieldA11y(errors, `customer.${name}`, `customer-${name}`)}
              />
              <FieldMessage id={`customer-${name}`} error={errors[`customer.${name}`]} />
            </div>
          ))}
        </div>
        <div>
          <label htmlFor="customer-language" className="field-label">
            Language of the sale
          </label>
          <select
            id="customer-language"
            name="customer.language"
            value={customer.language ?? "en"}
            onChange={(e) => {
              const language = e.currentTarget.value;
              if (isLanguage(language)) setCustomer({ ...customer, language });
            }}
            className="field"
            aria-describedby="customer-language-hint"
          >
            <option value="en">English</option>
            <option value="es">Spanish</option>
          </select>
          <p id="customer-language-hint" className="mt-1 text-sm text-muted">
            The quote's emails, page and agreement PDF are written in it.
          </p>
        </div>
      </fieldset>

      <section aria-labelledby="windows-title" className="space-y-4">
        <h2 id="windows-title" className="text-xl font-bold">
          Rooms and windows ({items.length})
        </h2>
        <FieldMessage id="quote-items" error={errors.items} />
        {items.map((item, n) => [
          // Windows of one room follow each other under one heading; nothing is reordered, so a
          // window whose room is being typed keeps its place and its focus.
          item.roomLabel.trim() !== (items[n - 1]?.roomLabel.trim() ?? null) ? (
            <h3 key={`room-${item.key}`} className="pt-2 text-lg font-bold">
              {roomHeading(items, n)}
            </h3>
          ) : null,
          <ItemEditor
            key={item.key}
            title={`Window ${n + 1}`}
            path={`items.${n}`}
            errors={errors}
            ctx={ctx}
            item={item}
            price={prices[n] ?? null}
            onChange={(change) => update(item.key, change)}
            onRemove={
              items.length > 1
                ? () => setItems((all) => all.filter((i) => i.key !== item.key))
                : null
            }
            onCopy={() =>
              setItems((all) => [
                ...all.slice(0, n + 1),
                // Another window of the same room, most often: the room is kept, editable.
                { ...item, key: newItemKey(), alternatives: item.alternatives.map(alternativeOf) },
                ...all.slice(n + 1),
              ])
            }
          >
            <Alternatives
              item={item}
              n={n}
              ctx={ctx}
              errors={errors}
              onChange={(alternatives) => update(item.key, { alternatives })}
            />
          </ItemEditor>,
        ])}
        <button
          type="button"
          className="btn-secondary w-full py-4 text-lg"
          onClick={() => setItems((all) => [...all, blankItem(ctx)])}
        >
          Add a window
        </button>
      </section>

      <fieldset className="card space-y-4">
        <legend className="text-xl font-bold">Terms</legend>
        <NumberField
          id="discount"
          name="discountPercent"
          errors={errors}
          label={`Discount (up to ${maxDiscountPercent} %)`}
          value={discount}
          min={0}
          max={maxDiscountPercent}
          onChange={setDiscount}
        />
        <NumberField
          id="deposit"
          name="depositPercent"
          errors={errors}
          label="Deposit (%)"
          value={deposit}
          min={0}
          max={100}
          onChange={setDeposit}
        />
        <NumberField
          id="valid-days"
          name="validDays"
          errors={errors}
          label={editing ? "Valid for (days from today; empty keeps the date)" : "Valid for (days)"}
          value={validDays ?? ""}
          min={1}
          max={365}
          onChange={(v) => setValidDays(Number.isFinite(v) && v > 0 ? v : null)}
        />
        <div>
          <label htmlFor="quote-note" className="field-label">
            Note for the customer
          </label>
          <textarea
            id="quote-note"
            name="note"
            rows={3}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            className="field"
            {...fieldA11y(errors, "note", "quote-note")}
          />
          <FieldMessage id="quote-note" error={errors.note} />
        </div>
      </fieldset>

      <section aria-labelledby="builder-totals" className="card">
        <h2 id="builder-totals" className="text-xl font-bold">
          Totals
        </h2>
        <div className="mt-3">
          <QuoteTotalsTable totals={totals} discountPercent={discount} />
        </div>
        {items.some((i) => i.optional) ? (
          <p className="mt-1 text-sm text-muted">
            Optional items are not counted until the customer ticks them.
          </p>
        ) : null}
      </section>
      {/* One line that stays under the thumb: the total and the save button. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-line bg-white px-4 py-3 shadow-lg sm:mx-0 sm:rounded-lg sm:border">
        <p className="flex-1 font-bold" aria-hidden="true">
          {formatMoney(totals.totalCents)}
        </p>
        <button type="submit" className="btn-primary min-h-12 flex-1 text-lg" disabled={busy}>
          {editing ? "Save changes" : "Save quote"}
        </button>
      </div>
    </Form>
  );
}

function NumberField({
  id,
  name,
  errors,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  /** The field's path in the quote ("discountPercent", "items.2.quantity"). */
  name: string;
  errors: FormErrors;
  label: string;
  value: number | string;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  return (
    <LabelledField id={id} label={label} error={errors[name]}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        className="field max-w-40"
        name={name}
        {...fieldA11y(errors, name, id)}
      />
    </LabelledField>
  );
}

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="field"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

const FRACTION_OPTIONS = FRACTIONS.map((f) => ({
  value: String(f),
  label: FRACTION_LABELS[f] ?? String(f),
}));

function SizeField({
  id,
  name,
  errors,
  label,
  range,
  whole,
  fraction,
  onChange,
}: {
  id: string;
  /** The size's path in the quote ("items.2.width"). */
  name: string;
  errors: FormErrors;
  label: string;
  range: DimensionRange;
  whole: number;
  fraction: number;
  /** NaN for the whole inches while the text is not a size: no price is claimed. */
  onChange: (whole: number, fraction: number) => void;
}) {
  // The text stays as typed ("35 1/4"); the item holds what it reads as.
  const [text, setText] = useState(Number.isFinite(whole) ? String(whole) : "");
  const read = readBuilderSize(text, fraction, range, label);
  const local = read.ok ? undefined : read.message;
  const error = errors[name] ?? (text.trim() === "" ? undefined : local);
  const shownFraction = read.ok ? read.fraction : fraction;
  const report = (nextText: string, nextFraction: number) => {
    const next = readBuilderSize(nextText, nextFraction, range, label);
    if (next.ok) onChange(next.whole, next.fraction);
    else onChange(Number.NaN, nextFraction);
  };
  return (
    <fieldset>
      <legend className="field-label">{label} (inches)</legend>
      <div className="flex gap-2">
        <label htmlFor={`${id}-whole`} className="sr-only">
          {label}, inches (like 36, 36.5 or 36 1/2)
        </label>
        <input
          id={`${id}-whole`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setText(next);
            report(next, fraction);
          }}
          className="field w-28"
          name={name}
          {...fieldA11y(error ? { [name]: error } : {}, name, id)}
        />
        <label htmlFor={`${id}-eighths`} className="sr-only">
          {label}, eighths
        </label>
        <select
          id={`${id}-eighths`}
          value={String(shownFraction)}
          onChange={(e) => {
            const f = Number(e.currentTarget.value);
            // A fraction typed in the text gives way to the menu's.
            const typed = readBuilderSize(text, 0, range, label);
            const nextText = typed.ok && typed.fraction > 0 ? String(typed.whole) : text;
            if (nextText !== text) setText(nextText);
            report(nextText, f);
          }}
          className="field w-24"
        >
          {FRACTION_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex min-h-12 items-center gap-3 font-medium">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className="size-6 accent-primary"
      />
      {label}
    </label>
  );
}

/**
 * The other tiers of a window (decision 570): each an item of its own (product, options, size,
 * quantity) that takes the window's room; "Add an alternative" starts from the window as it is.
 */
function Alternatives({
  item,
  n,
  ctx,
  errors,
  onChange,
}: {
  item: BuilderItem;
  n: number;
  ctx: PricingContext;
  errors: FormErrors;
  onChange: (alternatives: BuilderItem[]) => void;
}) {
  const tiers = item.alternatives.length + 1;
  return (
    <div className="space-y-3">
      {item.alternatives.length ? (
        <p className="text-sm text-muted">
          The customer chooses one of the {tiers} tiers; the window counts as{" "}
          {tierLabel(1, tiers).toLowerCase()} in the total until then.
        </p>
      ) : null}
      {item.alternatives.map((alternative, a) => (
        <ItemEditor
          key={alternative.key}
          title={`Window ${n + 1}: ${tierLabel(a + 2, tiers)} (instead of ${tierLabel(1, tiers).toLowerCase()})`}
          path={`items.${n}.alternatives.${a}`}
          alternative
          errors={errors}
          ctx={ctx}
          item={alternative}
          price={unitPrice(ctx, alternative)}
          onChange={(change) =>
            onChange(
              item.alternatives.map((x) => (x.key === alternative.key ? { ...x, ...change } : x)),
            )
          }
          onRemove={() => onChange(item.alternatives.filter((x) => x.key !== alternative.key))}
          onCopy={null}
        />
      ))}
      {item.alternatives.length < QUOTE_ALTERNATIVES_MAX ? (
        <button
          type="button"
          className="btn-secondary min-h-12 w-full"
          onClick={() => onChange([...item.alternatives, alternativeOf(item)])}
        >
          Add an alternative
        </button>
      ) : null}
    </div>
  );
}

function ItemEditor({
  title,
  path,
  alternative = false,
  errors,
  ctx,
  item,
  price,
  onChange,
  onRemove,
  onCopy,
  children,
}: {
  title: string;
  /** The item's path in the quote: its errors are under it ("items.0", "items.0.alternatives.1"). */
  path: string;
  /** An alternative of a window: no room or optional tick of its own (the window's). */
  alternative?: boolean;
  errors: FormErrors;
  ctx: PricingContext;
  item: BuilderItem;
  price: number | null;
  onChange: (change: Partial<BuilderItem>) => void;
  onRemove: (() => void) | null;
  onCopy: (() => void) | null;
  children?: ReactNode;
}) {
  const id = item.key;
  const blinds = ctx.products.filter((p) => p.type !== "zebra-shades");
  const product = ctx.products.find((p) => p.id === item.productId);
  const collection = ctx.zebraCollections.find((c) => c.slug === item.collection);
  const kindValue = item.kind === "blinds" ? `product-${item.productId}` : item.kind;
  const problem = sizeProblem(item);
  const others = otherItemErrors(errors, path, ["roomLabel", "width", "height", "quantity"]);
  return (
    <fieldset className={alternative ? "space-y-3 border-l-4 border-line pl-3" : "card space-y-3"}>
      <legend className="text-lg font-bold">{title}</legend>
      <div hidden={alternative}>
        <label htmlFor={`${id}-room`} className="field-label">
          Room label
        </label>
        <input
          id={`${id}-room`}
          value={item.roomLabel}
          maxLength={40}
          placeholder="Kitchen left"
          onChange={(e) => onChange({ roomLabel: e.currentTarget.value })}
          className="field"
          name={`${path}.roomLabel`}
          {...fieldA11y(errors, `${path}.roomLabel`, `${id}-room`)}
        />
        <FieldMessage id={`${id}-room`} error={errors[`${path}.roomLabel`]} />
      </div>
      <Select
        id={`${id}-product`}
        label="Product"
        value={kindValue}
        options={[
          ...blinds.map((p) => ({ value: `product-${p.id}`, label: p.name })),
          { value: "zebra", label: "Zebra Shades" },
          { value: "track", label: "Track Replacement" },
        ]}
        onChange={(v) => {
          if (v === "zebra" || v === "track") return onChange({ kind: v });
          const productId = Number(v.replace("product-", ""));
          const next = ctx.products.find((p) => p.id === productId);
          onChange({
            kind: "blinds",
            productId,
            color: next?.colors[0]?.key ?? item.color,
            options: {},
          });
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SizeField
          id={`${id}-width`}
          name={`${path}.width`}
          errors={errors}
          label="Width"
          range={sizeRanges(item).width}
          whole={item.width}
          fraction={item.widthFraction}
          onChange={(width, widthFraction) => onChange({ width, widthFraction })}
        />
        {item.kind !== "track" ? (
          <SizeField
            id={`${id}-height`}
            name={`${path}.height`}
            errors={errors}
            label="Height"
            range={sizeRanges(item).height ?? PRODUCT_HEIGHT}
            whole={item.height}
            fraction={item.heightFraction}
            onChange={(height, heightFraction) => onChange({ height, heightFraction })}
          />
        ) : null}
      </div>
      {item.kind === "blinds" && product ? (
        <>
          <Select
            id={`${id}-color`}
            label="Color"
            value={item.color}
            options={product.colors.map((c) => ({ value: c.key, label: c.name }))}
            onChange={(color) => onChange({ color })}
          />
          {optionsFor(product.type).map((def) => (
            <Select
              key={def.field}
              id={`${id}-${def.field}`}
              label={def.legend}
              value={item.options[def.field] ?? def.choices[0]?.value ?? ""}
              options={def.choices}
              onChange={(v) => onChange({ options: { ...item.options, [def.field]: v } })}
            />
          ))}
        </>
      ) : null}
      {item.kind === "zebra" ? (
        <>
          <Select
            id={`${id}-collection`}
            label="Fabric collection"
            value={item.collection}
            options={ctx.zebraCollections.map((c) => ({ value: c.slug, label: c.name }))}
            onChange={(slug) => {
              const next = ctx.zebraCollections.find((c) => c.slug === slug);
              onChange({ collection: slug, fabric: next?.fabrics[0]?.slug ?? item.fabric });
            }}
          />
          <Select
            id={`${id}-fabric`}
            label="Fabric"
            value={item.fabric}
            options={(collection?.fabrics ?? []).map((f) => ({ value: f.slug, label: f.name }))}
            onChange={(fabric) => onChange({ fabric })}
          />
          <Select
            id={`${id}-mount`}
            label="Mount"
            value={item.mountType}
            options={[
              { value: "inside", label: "Inside mount" },
              { value: "outside", label: "Outside mount" },
            ]}
            onChange={(v) => onChange({ mountType: v === "outside" ? "outside" : "inside" })}
          />
          <Select
            id={`${id}-control`}
            label="Control"
            value={item.controlType}
            options={ZEBRA_CONTROL_TYPES.map((c) => ({ value: c, label: ZEBRA_CONTROL_LABELS[c] }))}
            onChange={(v) => {
              if (oneOf(ZEBRA_CONTROL_TYPES, v)) onChange({ controlType: v });
            }}
          />
          {item.controlType === "motorized" ? (
            <>
              <Check
                id={`${id}-smart`}
                label="Smart home hub"
                checked={item.smartHome}
                onChange={(smartHome) => onChange({ smartHome })}
              />
              <Check
                id={`${id}-wand`}
                label="Battery wand"
                checked={item.batteryWand}
                onChange={(batteryWand) => onChange({ batteryWand })}
              />
            </>
          ) : null}
        </>
      ) : null}
      {item.kind !== "track" ? (
        <Check
          id={`${id}-install`}
          label="Professional installation"
          checked={item.includeInstallation}
          onChange={(includeInstallation) => onChange({ includeInstallation })}
        />
      ) : null}
      <NumberField
        id={`${id}-quantity`}
        name={`${path}.quantity`}
        errors={errors}
        label="Quantity"
        value={item.quantity}
        min={1}
        max={99}
        onChange={(quantity) =>
          onChange({ quantity: Math.max(1, Math.min(99, Math.trunc(quantity) || 1)) })
        }
      />
      {alternative ? null : (
        <Check
          id={`${id}-optional`}
          label="Optional (the customer chooses)"
          checked={item.optional}
          onChange={(optional) => onChange({ optional })}
        />
      )}
      {others.length ? (
        <ul className="text-sm font-medium text-danger">
          {others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-lg font-semibold" aria-live="polite">
        {problem ? (
          <span className="text-red-700">{problem}</span>
        ) : price === null ? (
          <span className="text-red-700">This item can't be priced.</span>
        ) : (
          `${item.quantity} × ${formatMoney(price)} = ${formatMoney(price * item.quantity)}`
        )}
      </p>
      <div className="flex gap-2">
        {onCopy ? (
          <button type="button" className="btn-secondary min-h-12 flex-1" onClick={onCopy}>
            Copy
          </button>
        ) : null}
        {onRemove ? (
          <button type="button" className="btn-secondary min-h-12 flex-1" onClick={onRemove}>
            {alternative ? "Remove this alternative" : "Remove"}
          </button>
        ) : null}
      </div>
      {children}
    </fieldset>
  );
}
