/**
 * The fields of a payment (amount, method, reference), on the order page's "Record a payment or
 * refund" and on the installer's job card: one schema (paymentSchema, read by paymentFromForm),
 * errors under their field.
 */
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from "../../../../domain/shared/back-office-schema";
import { centsToDecimalString } from "../../../../domain/shared/money";
import { type FormErrors, fieldA11y } from "../../../lib/forms";
import { LabelledField } from "../../admin/labelled-field";

export function PaymentFields({
  idPrefix,
  errors,
  typed,
  defaultAmountCents,
  refunds,
  referenceLabel,
}: {
  /** Ids are `${idPrefix}-amount` …; each error is `${idPrefix}-amount-error`. */
  idPrefix: string;
  errors: FormErrors;
  /** What was typed in a refused form (the reply's values). */
  typed: (name: string) => string | undefined;
  /** The balance offered, in cents (blank when nothing is due). */
  defaultAmountCents: number;
  /** True where a negative amount (a refund) may be recorded. */
  refunds: boolean;
  referenceLabel: string;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <LabelledField
        id={id("amount")}
        label={refunds ? "Amount ($, negative for a refund)" : "Amount ($)"}
        error={errors.amount}
      >
        <input
          id={id("amount")}
          name="amount"
          type="number"
          step="0.01"
          min={refunds ? undefined : "0.01"}
          required
          inputMode="decimal"
          defaultValue={
            typed("amount") ??
            (defaultAmountCents > 0 ? centsToDecimalString(defaultAmountCents) : undefined)
          }
          className="field"
          {...fieldA11y(errors, "amount", id("amount"))}
        />
      </LabelledField>
      <LabelledField id={id("method")} label="Method" error={errors.method}>
        <select
          id={id("method")}
          name="method"
          className="field"
          defaultValue={typed("method") ?? "check"}
          {...fieldA11y(errors, "method", id("method"))}
        >
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id={id("reference")} label={referenceLabel} error={errors.reference}>
        <input
          id={id("reference")}
          name="reference"
          maxLength={100}
          defaultValue={typed("reference")}
          className="field"
          {...fieldA11y(errors, "reference", id("reference"))}
        />
      </LabelledField>
    </>
  );
}
