/**
 * The office's form for a sale's tax exemption (a quote's, or an order's before production):
 * the certificate's type, number and last valid day, or "Remove" to tax the sale again. The
 * server checks the number's format and the date; its refusal comes back keyed by field.
 */

import { Form } from "react-router";
import {
  TAX_EXEMPTION_LABELS,
  TAX_EXEMPTION_TYPES,
  type TaxExemption,
} from "../../../domain/books/tax-exemption";

type Field = "type" | "certificateNumber" | "expires";

export function TaxExemptionForm({
  exemption,
  errors,
  busy,
  today,
}: {
  exemption: TaxExemption | null;
  /** The refusal's messages by field path ("taxExemption.expires"). */
  errors?: Readonly<Record<string, readonly string[] | null | undefined>>;
  busy: boolean;
  /** The store's day: the earliest expiry the date field offers. */
  today: string;
}) {
  const errorOf = (f: Field) => errors?.[`taxExemption.${f}`]?.[0];
  const described = (f: Field) => (errorOf(f) ? `exemption-${f}-error` : undefined);
  const message = (f: Field) =>
    errorOf(f) ? (
      <p id={`exemption-${f}-error`} className="mt-1 text-sm text-danger">
        {errorOf(f)}
      </p>
    ) : null;
  return (
    <section aria-labelledby="exemption-title" className="card mt-6">
      <h2 id="exemption-title" className="text-xl font-bold">
        Tax exemption
      </h2>
      <p className="mt-1 text-sm text-muted">
        For churches, schools, governments and resellers with a Florida certificate (DR-14 or the
        annual resale certificate): the sale carries no sales tax and its papers print the
        certificate.
      </p>
      <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="tax-exemption" />
        <div>
          <label htmlFor="exemption-type" className="field-label">
            Certificate type
          </label>
          <select
            id="exemption-type"
            name="taxExemption.type"
            defaultValue={exemption?.type ?? "nonprofit"}
            className="field"
            aria-invalid={errorOf("type") ? true : undefined}
            aria-describedby={described("type")}
          >
            {TAX_EXEMPTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TAX_EXEMPTION_LABELS[t]}
              </option>
            ))}
          </select>
          {message("type")}
        </div>
        <div>
          <label htmlFor="exemption-number" className="field-label">
            Certificate number
          </label>
          <input
            id="exemption-number"
            name="taxExemption.certificateNumber"
            defaultValue={exemption?.certificateNumber ?? ""}
            className="field"
            autoComplete="off"
            placeholder="85-8012345678C-1"
            aria-invalid={errorOf("certificateNumber") ? true : undefined}
            aria-describedby={described("certificateNumber")}
          />
          {message("certificateNumber")}
        </div>
        <div>
          <label htmlFor="exemption-expires" className="field-label">
            Valid through
          </label>
          <input
            id="exemption-expires"
            name="taxExemption.expires"
            type="date"
            min={today}
            defaultValue={exemption?.expires ?? ""}
            className="field"
            aria-invalid={errorOf("expires") ? true : undefined}
            aria-describedby={described("expires")}
          />
          {message("expires")}
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {exemption ? "Save the exemption" : "Make tax-exempt"}
          </button>
          {exemption ? (
            <button
              type="submit"
              name="remove"
              value="1"
              className="btn-secondary"
              disabled={busy}
              formNoValidate
            >
              Remove the exemption (tax again)
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** The form's fields as the API's `taxExemption` (null when "Remove" was pressed). */
export function exemptionFromForm(get: (name: string) => string): unknown {
  if (get("remove") === "1") return null;
  return {
    type: get("taxExemption.type"),
    certificateNumber: get("taxExemption.certificateNumber"),
    expires: get("taxExemption.expires"),
  };
}
