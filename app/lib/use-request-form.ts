/**
 * The state a request form page (/samples, /estimate) derives from its action's answer and
 * conform (app/lib/forms.ts): whether it is being sent, the success (whose heading takes the
 * focus), or the refusal with its field errors (the summary takes the focus) and what was typed.
 */
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { type FormFailure, isFormFailure, type SchemaSource, useSchemaForm } from "./forms";

function isSent<T extends { ok: boolean }>(data: T | undefined): data is Extract<T, { ok: true }> {
  return data?.ok === true;
}

export function useRequestForm<
  T extends { ok: true } | FormFailure,
  S extends z.ZodType<Record<string, unknown>>,
>(
  actionData: T | undefined,
  action: string,
  form: {
    id: string;
    schema: SchemaSource<S>;
    labels: Readonly<Record<string, string>>;
    fromForm?: (form: FormData) => unknown;
    rename?: (path: string) => string;
  },
) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const sent = isSent(actionData) ? actionData : null;
  const failure = isFormFailure(actionData) ? actionData : null;
  const successRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);
  const checked = useSchemaForm({ ...form, failure, focusOnError: () => summaryRef.current });
  return {
    submitting,
    sent,
    errors: checked.errors,
    values: checked.values,
    formProps: checked.formProps,
    successRef,
    /** What the page's ErrorSummary shows, and the element it focuses. */
    summary: { refused: checked.refused, errors: checked.errors, failure, summaryRef },
  };
}
