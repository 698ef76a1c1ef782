/**
 * The cart's "Save as a project": the cart's windows kept under a name (and, if given, an email
 * that /account lists them under), reopened at /projects/TOKEN on any device (decision 523).
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PROJECT_NAME_MAX } from "../../../../domain/storefront/project-schema";
import { EmailInput } from "../../email-input";

export function SaveProjectForm({ lastResult }: { lastResult: SubmissionResult | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "save-project";
  const [form, fields] = useForm<{ name: string; email: string }>({
    id: "save-project",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const error = (messages: string[] | undefined, id: string) =>
    messages?.[0] ? (
      <p id={id} className="mt-1 text-sm text-danger">
        {messages[0]}
      </p>
    ) : null;
  return (
    <section aria-labelledby="save-project-title" className="card">
      <h2 id="save-project-title" className="font-semibold">
        Not ready to order?
      </h2>
      <p className="mt-1 text-sm text-muted">
        Save these windows as a project: open it later on any phone or computer, share the link, and
        add it all to the cart at once.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        {form.errors?.length ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.name.id} className="field-label">
            Project name
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            maxLength={PROJECT_NAME_MAX}
            className="field"
            placeholder="Living room and bedrooms"
          />
          {error(fields.name.errors, fields.name.errorId)}
        </div>
        <EmailInput field={fields.email} label="Your email (optional)" />
        <input type="hidden" name="intent" value="save-project" />
        <button type="submit" className="btn-secondary w-full" disabled={saving}>
          {saving ? "Saving…" : "Save as a project"}
        </button>
      </Form>
    </section>
  );
}
