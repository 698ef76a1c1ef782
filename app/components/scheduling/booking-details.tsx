/**
 * Step 3 of /book: who and where, and the texts consent (unticked by default; its words are
 * the ones stored with the consent, decision 214).
 */
import { AddressFields, ContactFields, describedBy, FieldError } from "../requests/form-parts";

export function BookingDetails({
  values,
  errors,
  zipCode,
  links,
  consentWords,
  noteMax,
  words,
}: {
  /** The step's words in the page's language. */
  words: { title: string; required: string; emailHint: string; zip: string; note: string };
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  zipCode: string;
  links: { estimateReference: string; orderReference: string };
  consentWords: string;
  noteMax: number;
}) {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };
  return (
    <>
      <h2 className="mt-4 text-xl font-bold sm:col-span-2">{words.title}</h2>
      <p className="text-sm text-muted sm:col-span-2">{words.required}</p>
      <ContactFields values={values} errors={errors} emailHint={words.emailHint} />
      <AddressFields
        values={values}
        errors={errors}
        streetClassName="sm:col-span-2"
        zipField={
          <div>
            <p className="field-label">{words.zip}</p>
            <p className="flex min-h-11 items-center">{zipCode}</p>
            <input type="hidden" name="zipCode" value={zipCode} />
            <FieldError errors={errors} name="zipCode" />
          </div>
        }
      />
      <div className="sm:col-span-2">
        <label htmlFor="note" className="field-label">
          {words.note}
        </label>
        <textarea
          id="note"
          name="note"
          rows={3}
          maxLength={noteMax}
          defaultValue={text("note")}
          className="field"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(errors, "note")}
        />
        <FieldError errors={errors} name="note" />
      </div>
      <div className="sm:col-span-2">
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            name="textReminders"
            defaultChecked={text("textReminders") === "true"}
            className="mt-1 h-6 w-6 shrink-0 accent-primary"
          />
          <span>{consentWords}</span>
        </label>
      </div>
      {links.estimateReference ? (
        <input type="hidden" name="estimateReference" value={links.estimateReference} />
      ) : null}
      {links.orderReference ? (
        <input type="hidden" name="orderReference" value={links.orderReference} />
      ) : null}
      <FieldError errors={errors} name="estimateReference" />
      <FieldError errors={errors} name="orderReference" />
    </>
  );
}
