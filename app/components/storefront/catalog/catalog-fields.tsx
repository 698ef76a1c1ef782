/**
 * The pieces every /admin/catalog form is built from: a form that posts on its own (a fetcher,
 * so each shows its own answer), labelled fields whose error is tied to them, and its Save.
 */
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { labelMessage } from "../../../../domain/shared/form-messages";
import { amountToCents } from "../../../../domain/shared/money";
import {
  CATALOG_FORMS,
  type CatalogFormIntent,
} from "../../../../domain/storefront/catalog-admin-schema";
import { topLevelField, useSchemaForm } from "../../../lib/forms";
import type { CatalogActionResult } from "./catalog-types";

/**
 * A form of the catalog page: its fetcher, its answer, whether it is saving, and conform's
 * check with the action's own reading of the form: `formProps` go on the
 * fetcher's form, `fieldError(name)` is the field's message (the browser's or the action's).
 */
export function useCatalogForm(intent: CatalogFormIntent) {
  const fetcher = useFetcher<CatalogActionResult>();
  const result = fetcher.data;
  const id = useId();
  const { schema, fromForm } = CATALOG_FORMS[intent];
  const checked = useSchemaForm({
    id: `catalog-${intent}-${id}`,
    schema,
    fromForm,
    rename: topLevelField,
    failure: result && !result.ok ? result : null,
  });
  // Something typed and not yet saved: the Save becomes a bar that stays in view.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (result?.ok) setDirty(false);
  }, [result]);
  return {
    fetcher,
    result,
    busy: fetcher.state !== "idle",
    dirty,
    formProps: { ...checked.formProps, onInput: () => setDirty(true) },
    fieldError: (name: string) => checked.errors[name],
  };
}

/** The form's answer, read out when it arrives. */
export function FormAnswer({ result }: { result: CatalogActionResult | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="font-medium text-success">
      {result.message}
    </p>
  ) : (
    <p role="alert" className="font-medium text-danger">
      Not saved: {result.message}
    </p>
  );
}

/**
 * The form's Save, which says so while the form posts, and the answer under it. Once something
 * is typed and not saved it stays in view: a bar along the bottom of a phone's screen, at the
 * foot of the form's column on a desktop.
 */
export function SaveWithAnswer({
  form,
  label,
}: {
  form: ReturnType<typeof useCatalogForm>;
  label: string;
}) {
  return (
    <div
      className={
        form.dirty
          ? "fixed inset-x-0 bottom-0 z-20 space-y-2 border-t border-line bg-white p-3 shadow-lg lg:sticky lg:rounded-md lg:border"
          : "space-y-2"
      }
    >
      {form.dirty && !form.busy ? <p className="text-sm font-medium">Unsaved changes</p> : null}
      <button type="submit" className="btn-primary w-full" disabled={form.busy}>
        {form.busy ? "Saving…" : label}
      </button>
      <FormAnswer result={form.result} />
    </div>
  );
}

/**
 * A money field's text, starting at the saved amount: `field` goes on its CatalogField; the
 * saved and the typed amount in cents feed the price preview.
 */
export function useAmountField(saved: number, min = 0) {
  const [text, setText] = useState(saved.toFixed(2));
  return {
    field: { value: text, onChange: setText },
    savedCents: amountToCents(saved),
    typedCents: typedCents(text, min),
  };
}

/** Typed dollars → cents, or null while the text is not an amount the schema would take. */
export function typedCents(text: string, min = 0): number | null {
  if (text.trim() === "") return null;
  const cents = amountToCents(text);
  return Number.isFinite(cents) && cents >= min * 100 ? cents : null;
}

interface FieldProps {
  label: string;
  name: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The error the server gave for this field (its leading field name is replaced by the label). */
  error?: string;
  hint?: string;
  kind?: "text" | "money" | "hex" | "key";
  maxLength?: number;
  required?: boolean;
}

export function CatalogField({
  label,
  name,
  defaultValue,
  value,
  onChange,
  error,
  hint,
  kind = "text",
  maxLength,
  required,
}: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  const money = kind === "money";
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className={money ? "flex items-center gap-1" : undefined}>
        {money ? (
          <span aria-hidden="true" className="text-muted">
            $
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          defaultValue={value === undefined ? defaultValue : undefined}
          value={value}
          onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
          inputMode={money ? "decimal" : undefined}
          autoComplete="off"
          spellCheck={kind === "text"}
          maxLength={maxLength}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described.length ? described.join(" ") : undefined}
          className={`field ${error ? "border-danger" : ""}`}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {labelMessage(name, error, { [name]: label })}
        </p>
      ) : null}
    </div>
  );
}
