/**
 * What the /samples and /estimate actions share with each other and with POST /api/samples and
 * /api/estimates: the photo files of a multipart form, a service refusal turned into a field
 * error when its message names the field ("zipCode: we mail samples in …"), and the action's
 * whole course (read the form, keep what was typed, check it, submit, map a refusal).
 */
import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "../../domain/form-messages";
import type { RequestFormFailure } from "../components/requests/form-parts";
import { actionError } from "./action-errors.server";
import { readForm } from "./form-input.server";

export { photosFromForm } from "../../server/api/requests/requests";

/** "zipCode: message" → { zipCode: "message" } when zipCode is one of the form's fields. */
export function fieldErrorFromMessage(
  message: string,
  fields: readonly string[],
): Record<string, string> | null {
  const match = /^([A-Za-z]+)(?:\.\d+\.?\w*)?: (.*)$/s.exec(message);
  if (!match || !fields.includes(match[1] ?? "")) return null;
  const text = match[2] ?? "";
  return { [match[1] as string]: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** What was typed, as text, to put back into the form when it is refused (never the honeypot). */
export function typedValues(
  raw: Record<string, unknown>,
  extra: Record<string, string | string[]> = {},
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === "website") continue;
    if (typeof v === "string" || typeof v === "number") values[k] = String(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number")) {
      values[k] = v.map(String);
    }
  }
  return { ...values, ...extra };
}

/**
 * A request form's action: `fromForm` turns the form into the API's JSON shape, `schema` checks
 * it (400 with the labelled field errors), `submit` does the work; a refusal thrown by the
 * service is answered as the API answers it, on the field its message names when there is one.
 */
export async function requestFormAction<S extends z.ZodType, R extends { ok: true }>(options: {
  request: Request;
  context: AppLoadContext;
  labels: Readonly<Record<string, string>>;
  fromForm: (form: FormData) => Record<string, unknown>;
  schema: S;
  /** Extra values to give back beside the typed text (e.g. the checked boxes). */
  keep?: (form: FormData) => Record<string, string | string[]>;
  submit: (input: z.output<S>, form: FormData) => Promise<R>;
}) {
  const { context, labels, schema } = options;
  let values: Record<string, string | string[]> = {};
  try {
    const form = await readForm(options.request);
    const raw = options.fromForm(form);
    values = typedValues(raw, options.keep?.(form));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      return data<RequestFormFailure>(
        {
          ok: false,
          values,
          fieldErrors: fieldErrors(parsed.error.issues, labels),
          formError: null,
        },
        { status: 400 },
      );
    }
    return await options.submit(parsed.data, form);
  } catch (error) {
    return actionError<RequestFormFailure>(error, context, (a) => {
      const field = fieldErrorFromMessage(a.message, Object.keys(labels));
      return { ok: false, values, fieldErrors: field ?? {}, formError: field ? null : a.message };
    });
  }
}
