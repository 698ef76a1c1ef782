/**
 * What the /samples and /estimate actions share with each other and with POST /api/samples and
 * /api/estimates: the photo files of a multipart form and the action's whole course (read the
 * form, keep what was typed, check it with the API's schema, submit, answer a refusal with its
 * `fields` on the form's fields: decision 185).
 */
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { formFailure } from "./action-errors.server";
import { parseInput, readForm } from "./form-input.server";
import { topLevelField } from "./forms";

export { photosFromForm } from "../../server/api/requests/requests";

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
 * it (400 with the fields), `submit` does the work; any refusal (the schema's or the
 * service's, e.g. a ZIP outside the area) is answered as the API answers it, on its fields.
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
  const values: Record<string, string | string[]> = {};
  try {
    const form = await readForm(options.request);
    const raw = options.fromForm(form);
    Object.assign(values, typedValues(raw, options.keep?.(form)));
    return await options.submit(parseInput(schema, raw), form);
  } catch (error) {
    return formFailure(error, context, { values, labels, rename: topLevelField });
  }
}
