/**
 * /admin/password: a person changes their own password. A temporary password (given by an
 * owner) leads here and allows nothing else until it is replaced.
 */

import { Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  passwordChangeFormSchema,
  passwordChangeFromForm,
} from "../../../../domain/people/staff-schema";
import { deviceTokensOf } from "../../../../server/sessions";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { NO_STORE, noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { FieldMessage } from "../../../components/field-message";
import { runAction } from "../../../lib/admin-route.server";
import { parseInput, readForm } from "../../../lib/form-input.server";
import { fieldA11y, useSchemaForm } from "../../../lib/forms";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/password";

export const meta = () => adminMeta("My password");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/password.tsx");
  return { temporary: session.mustChangePassword, email: session.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/password.tsx");
  const result = await runAction(context, async () => {
    const form = await readForm(request);
    const { currentPassword, newPassword } = parseInput(
      passwordChangeFormSchema,
      passwordChangeFromForm(form),
    );
    await context.services.staff.changeOwnPassword(
      session,
      { currentPassword, newPassword },
      context.clientAddress,
      deviceTokensOf(request),
    );
    return "Password changed.";
  });
  // After a temporary password, the back office opens.
  if (session.mustChangePassword && result.data.ok) {
    throw redirect("/admin", { headers: NO_STORE });
  }
  return result;
}

export default function AdminPassword() {
  const { temporary, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The passwords are never sent back: conform's reply holds the errors only.
  const { errors, formProps } = useSchemaForm({
    id: "password-form",
    schema: passwordChangeFormSchema,
    fromForm: passwordChangeFromForm,
    failure: result && !result.ok ? result : null,
  });
  const field = (name: string) => ({ ...fieldA11y(errors, name) });
  return (
    <div className="container-page max-w-lg py-8">
      <h1 className="text-3xl font-bold">My password</h1>
      {temporary ? (
        <p className="mt-2">
          You are using a temporary password. Choose your own to open the back office.
        </p>
      ) : (
        <p className="mt-2 text-muted">Changing it logs you out on your other devices.</p>
      )}
      <ActionMessage result={result} className="mt-4 font-medium" boxed />
      <Form method="post" className="card mt-6 space-y-4" {...formProps}>
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <div>
          <label htmlFor="currentPassword" className="field-label">
            Current password
          </label>
          <input
            id="currentPassword"
            name="currentPassword"
            {...field("currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            className="field"
          />
          <FieldMessage id="currentPassword" error={errors.currentPassword} />
        </div>
        <div>
          <label htmlFor="newPassword" className="field-label">
            New password (8 characters or more)
          </label>
          <input
            id="newPassword"
            name="newPassword"
            {...field("newPassword")}
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            className="field"
          />
          <FieldMessage id="newPassword" error={errors.newPassword} />
        </div>
        <div>
          <label htmlFor="repeatPassword" className="field-label">
            Repeat the new password
          </label>
          <input
            id="repeatPassword"
            name="repeatPassword"
            {...field("repeatPassword")}
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            className="field"
          />
          <FieldMessage id="repeatPassword" error={errors.repeatPassword} />
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Change password
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the password page" />;
}
