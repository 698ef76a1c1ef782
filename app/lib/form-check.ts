/**
 * The browser's check of a form with its zod schema, loaded by `useSchemaForm`
 * (./forms.ts) on the first use of the form and not with the page: it brings
 * zod and @conform-to/zod, which the page's hydration then does not evaluate.
 */
import { parse, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { fieldsFromIssues, labelFields, labelMessage } from "../../domain/shared/form-messages";

/** conform's `onValidate` for one schema: the form's data → its submission with field errors. */
export type FormCheck<T = Record<string, unknown>> = (formData: FormData) => Submission<T>;

export function schemaCheck(
  schema: z.ZodType<Record<string, unknown>>,
  options: {
    labels?: Readonly<Record<string, string>>;
    fromForm?: (form: FormData) => unknown;
    rename?: (path: string, formData: FormData) => string;
  } = {},
): FormCheck {
  const { labels, fromForm, rename } = options;
  return (formData) =>
    fromForm
      ? parse(formData, {
          resolve: () => {
            const result = schema.safeParse(fromForm(formData));
            if (result.success) return { value: result.data };
            const fields = labelFields(
              fieldsFromIssues(result.error.issues),
              labels ?? {},
              rename && ((path) => rename(path, formData)),
            );
            const error: Record<string, string[]> = {};
            for (const [name, message] of Object.entries(fields)) error[name] = [message];
            return { error };
          },
        })
      : parseWithZod(formData, {
          schema,
          formatError: (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
            issues.map((i) => labelMessage(i.path.map(String).join("."), i.message, labels ?? {})),
        });
}

/** conform's `onValidate` for a form whose fields are the schema's, with zod's own messages. */
export function plainCheck<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
): FormCheck<z.output<S>> {
  return (formData) => parseWithZod(formData, { schema });
}
