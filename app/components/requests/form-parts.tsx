/**
 * Pieces of the request forms (/samples, /estimate, /book, /contact): a labelled field whose
 * error is tied to it (aria-invalid, aria-describedby), the customer's contact and address
 * fields, the error summary that takes focus after a refused send, the honeypot, and the answer
 * to a sent request. Plain POST forms checked by conform in the browser: they
 * work without JavaScript.
 */
import type { ReactNode, Ref } from "react";
import type { FormFailure } from "../../lib/forms";

export function describedBy(
  errors: Record<string, string>,
  name: string,
  hint?: string,
): string | undefined {
  return [hint, errors[name] ? `${name}-error` : undefined].filter(Boolean).join(" ") || undefined;
}

export function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? (
    <p id={`${name}-error`} className="mt-1 text-sm text-danger">
      {errors[name]}
    </p>
  ) : null;
}

export function TextField(props: {
  name: string;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: "numeric" | "tel" | "email" | "text";
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  hint?: string;
  className?: string;
}) {
  const { name, errors } = props;
  const value = props.values[name];
  return (
    <div className={props.className}>
      <label htmlFor={name} className="field-label">
        {props.label}
        {props.required ? " *" : ""}
      </label>
      <input
        id={name}
        name={name}
        type={props.type ?? "text"}
        required={props.required}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        defaultValue={typeof value === "string" ? value : ""}
        className="field"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name, props.hint ? `${name}-hint` : undefined)}
      />
      {props.hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-muted">
          {props.hint}
        </p>
      ) : null}
      <FieldError errors={errors} name={name} />
    </div>
  );
}

type FieldValues = {
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
};

/** The email field of every request form; the hint says what the address is used for. */
export function EmailField({ values, errors, hint }: FieldValues & { hint?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      required
      autoComplete="email"
      maxLength={254}
      values={values}
      errors={errors}
      hint={hint}
    />
  );
}

/** First and last name, email and phone: who asked, on /estimate and /book. */
export function ContactFields({
  values,
  errors,
  emailHint,
  phoneHint,
}: FieldValues & { emailHint?: string; phoneHint?: string }) {
  return (
    <>
      <TextField
        name="firstName"
        label="First name"
        required
        autoComplete="given-name"
        maxLength={60}
        values={values}
        errors={errors}
      />
      <TextField
        name="lastName"
        label="Last name"
        required
        autoComplete="family-name"
        maxLength={60}
        values={values}
        errors={errors}
      />
      <EmailField values={values} errors={errors} hint={emailHint} />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        maxLength={30}
        values={values}
        errors={errors}
        hint={phoneHint}
      />
    </>
  );
}

/**
 * Street, city and ZIP: where the samples are mailed or the visit is made. A page whose ZIP is
 * already fixed (the /book visit) passes what to show in its place as `zipField`.
 */
export function AddressFields(
  props: FieldValues &
    ({ zipHint: string; zipField?: undefined } | { zipHint?: undefined; zipField: ReactNode }) & {
      streetClassName?: string;
    },
) {
  const { values, errors } = props;
  return (
    <>
      <TextField
        name="address"
        label="Street address"
        required
        autoComplete="address-line1"
        maxLength={120}
        values={values}
        errors={errors}
        className={props.streetClassName}
      />
      <TextField
        name="city"
        label="City"
        required
        autoComplete="address-level2"
        maxLength={60}
        values={values}
        errors={errors}
      />
      {props.zipField ?? (
        <TextField
          name="zipCode"
          label="ZIP code"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          values={values}
          errors={errors}
          hint={props.zipHint}
        />
      )}
    </>
  );
}

/**
 * The list of what to fix after a refused send (focused by useRequestForm); each entry links to
 * its field. A refusal that names no field (e.g. too many requests) shows its sentence.
 */
export function ErrorSummary({
  refused,
  errors,
  failure,
  title,
  summaryRef,
  className,
}: {
  refused: boolean;
  errors: Record<string, string>;
  failure: FormFailure | null;
  title: string;
  summaryRef: Ref<HTMLDivElement>;
  className?: string;
}) {
  const list = Object.entries(errors);
  const sentence = failure && !failure.fieldsOnly ? failure.message : null;
  if (!refused || (list.length === 0 && !sentence)) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      className={`rounded-md border border-danger bg-red-50 p-4 text-danger ${className ?? ""}`}
    >
      <p className="font-semibold">{sentence ?? title}</p>
      {list.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {list.map(([name, message]) => (
            <li key={name}>
              <a href={`#${name}`} className="inline-flex min-h-6 items-center underline">
                {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The answer to a sent request: its heading (focused by useRequestForm), what happens next
 * (`children`), and the ways on (`actions`).
 */
export function RequestSent({
  id,
  headingRef,
  heading,
  children,
  actions,
}: {
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  heading: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section role="status" aria-labelledby={id} className="max-w-2xl">
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        {heading}
      </h2>
      {children}
      <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
    </section>
  );
}

/** Hidden from people and assistive technology; bots fill it. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
