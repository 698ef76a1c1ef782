/**
 * The cart's "Save as a project": the cart's windows kept under a name (and, if given, an email
 * that /account lists them under), reopened at /projects/TOKEN on any device (decision 523).
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PROJECT_NAME_MAX } from "../../../../domain/storefront/project-schema";
import { EmailInput } from "../../email-input";
import type { CartT } from "./cart-messages";

export function SaveProjectForm({
  lastResult,
  t,
}: {
  lastResult: SubmissionResult | undefined;
  t: CartT;
}) {
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
        {t("project.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("project.text")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        {form.errors?.length ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.name.id} className="field-label">
            {t("project.name")}
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            maxLength={PROJECT_NAME_MAX}
            className="field"
            placeholder={t("project.namePlaceholder")}
          />
          {error(fields.name.errors, fields.name.errorId)}
        </div>
        <EmailInput field={fields.email} label={t("project.email")} />
        <input type="hidden" name="intent" value="save-project" />
        <button type="submit" className="btn-secondary w-full" disabled={saving}>
          {saving ? t("project.saving") : t("project.save")}
        </button>
      </Form>
    </section>
  );
}
