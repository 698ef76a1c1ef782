/**
 * The /contact message form. A plain POST form (works without JavaScript) handled by the page
 * action; with JavaScript conform checks it with the action's schema first and
 * React Router submits it in place. What was typed is kept on failure.
 */
import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CONTACT_LIMITS, CONTACT_METHODS } from "../../../domain/requests/contact-fields";
import { type FormFailure, fieldA11y, useSchemaForm } from "../../lib/forms";
import { ErrorSummary, FieldError } from "./form-parts";

/** The schema's wire names → the labels its messages are shown with. */
export const CONTACT_LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  subject: "Subject",
  message: "Message",
  preferredContactMethod: "Preferred contact method",
};

const FIELDS: {
  name: string;
  label: string;
  required: boolean;
  type?: string;
  autoComplete: string;
  maxLength: number;
  wide?: boolean;
}[] = [
  {
    name: "firstName",
    label: "First Name",
    required: true,
    autoComplete: "given-name",
    maxLength: CONTACT_LIMITS.nameMax,
  },
  {
    name: "lastName",
    label: "Last Name",
    required: true,
    autoComplete: "family-name",
    maxLength: CONTACT_LIMITS.nameMax,
  },
  {
    name: "email",
    label: "Email",
    required: true,
    type: "email",
    autoComplete: "email",
    maxLength: 254,
  },
  {
    name: "phone",
    label: "Phone",
    required: false,
    type: "tel",
    autoComplete: "tel",
    maxLength: CONTACT_LIMITS.phoneMax,
  },
  {
    name: "subject",
    label: "Subject",
    required: true,
    autoComplete: "off",
    maxLength: CONTACT_LIMITS.subjectMax,
    wide: true,
  },
];

export function ContactForm({
  failure,
  defaultSubject,
}: {
  failure: FormFailure | null;
  defaultSubject: string;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const summaryRef = useRef<HTMLDivElement>(null);
  const { errors, values, refused, formProps } = useSchemaForm({
    id: "contact-form",
    schema: () =>
      import("../../../domain/requests/contact-schema").then((m) => ({
        schema: m.contactInputSchema,
      })),
    labels: CONTACT_LABELS,
    failure,
    focusOnError: () => summaryRef.current,
  });
  const text = (name: string) => {
    const v = values[name];
    return typeof v === "string" ? v : undefined;
  };

  return (
    <Form
      {...formProps}
      method="post"
      action="/contact"
      className="grid gap-4 sm:grid-cols-2"
      aria-labelledby="message-form-title"
    >
      <ErrorSummary
        refused={refused}
        errors={errors}
        failure={failure}
        summaryRef={summaryRef}
        title="Your message was not sent. Please check these fields:"
        className="sm:col-span-2"
      />
      <p className="text-sm text-muted sm:col-span-2">Fields marked * are required.</p>
      {FIELDS.map((f) => (
        <div key={f.name} className={f.wide ? "sm:col-span-2" : undefined}>
          <label htmlFor={f.name} className="field-label">
            {f.label}
            {f.required ? " *" : ""}
          </label>
          <input
            id={f.name}
            name={f.name}
            type={f.type ?? "text"}
            required={f.required}
            maxLength={f.maxLength}
            autoComplete={f.autoComplete}
            defaultValue={text(f.name) ?? (f.name === "subject" ? defaultSubject : "")}
            className="field"
            {...fieldA11y(errors, f.name, f.name, f.name === "phone" ? "phone-hint" : undefined)}
          />
          {f.name === "phone" ? (
            <p id="phone-hint" className="mt-1 text-sm text-muted">
              Needed if you'd like a call or a text.
            </p>
          ) : null}
          <FieldError errors={errors} name={f.name} />
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor="message" className="field-label">
          Message *
        </label>
        <textarea
          id="message"
          name="message"
          required
          minLength={CONTACT_LIMITS.messageMin}
          maxLength={CONTACT_LIMITS.messageMax}
          rows={6}
          defaultValue={text("message") ?? ""}
          className="field"
          {...fieldA11y(errors, "message")}
        />
        <FieldError errors={errors} name={"message"} />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="field-label">Preferred Contact Method</legend>
        <div className="flex flex-wrap gap-x-6">
          {CONTACT_METHODS.map((m) => (
            <label key={m.value} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="preferredContactMethod"
                value={m.value}
                defaultChecked={(text("preferredContactMethod") ?? "email") === m.value}
                className="h-5 w-5 accent-primary"
              />
              {m.label}
            </label>
          ))}
        </div>
        <FieldError errors={errors} name={"preferredContactMethod"} />
      </fieldset>
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">Website</label>
        <input id="website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
          {submitting ? "Sending..." : "Send Message"}
        </button>
      </div>
    </Form>
  );
}
