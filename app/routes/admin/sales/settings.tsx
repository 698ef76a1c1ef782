/**
 * /admin/settings (owners, permission "settings"; decision 200): the sales settings — deposit,
 * days of the right to cancel, quote validity, maximum discount, booking horizon. Saved through
 * the same service as PATCH /api/admin/settings, audited.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import "../../../../domain/shared/zod-in-browser";
import { salesSettingsSchema } from "../../../../domain/sales/quote-schema";
import { AdminError } from "../../../components/admin/admin-error";
import {
  actorOf,
  NO_STORE,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { actionError } from "../../../lib/action-errors.server";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readForm } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/settings";

export const meta = () => adminMeta("Settings");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/sales/settings.tsx");
  return loadOrThrow(context, () => context.services.salesSettings.get());
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request, context, "routes/admin/sales/settings.tsx"));
  try {
    const form = await readForm(request);
    const submission = parseWithZod(form, { schema: salesSettingsSchema });
    if (submission.status !== "success") {
      return data({ reply: submission.reply(), saved: false }, { status: 400, headers: NO_STORE });
    }
    await context.services.salesSettings.update(actor, submission.value);
    return data({ reply: submission.reply(), saved: true }, { headers: NO_STORE });
  } catch (error) {
    return actionError(error, context, (a) => ({
      reply: { status: "error" as const, error: { "": [a.message] } },
      saved: false,
    }));
  }
}

const FIELDS = [
  ["depositPercent", "Deposit (% of the total, 0 for none)", "%"],
  ["cancelBusinessDays", "Right to cancel (business days, 0 turns it off)", "days"],
  ["quoteValidDays", "A quote is valid for", "days"],
  ["maxDiscountPercent", "Largest discount on a quote", "%"],
  ["bookingHorizonDays", "Online booking up to", "days ahead"],
] as const;

export default function AdminSettings() {
  const settings = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "sales-settings",
    lastResult: result?.reply,
    defaultValue: settings,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: salesSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="container-page max-w-2xl py-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-2 text-muted">
        Quotes, deposits and online booking follow these at once. Every change is in the audit log.
      </p>
      {result?.saved ? (
        <p role="status" className="mt-4 font-medium">
          Settings saved.
        </p>
      ) : null}
      {form.errors ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-5">
        {FIELDS.map(([name, label, unit]) => {
          const f = fields[name];
          return (
            <div key={name}>
              <label htmlFor={f.id} className="field-label">
                {label}
              </label>
              <div className="flex items-center gap-3">
                <input
                  {...getInputProps(f, { type: "number" })}
                  key={f.key}
                  inputMode="numeric"
                  className="field max-w-32"
                />
                <span className="text-muted">{unit}</span>
              </div>
              {f.errors ? (
                <p id={f.errorId} className="mt-1 text-sm font-medium text-red-700">
                  {f.errors.join(" ")}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Save settings
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the settings" />;
}
