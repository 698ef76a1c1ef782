import { useEffect, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { staffLoginFromForm, staffLoginSchema } from "../../../domain/people/staff-schema";
import { type FormFailure, useSchemaForm } from "../../lib/forms";
import { ANY_CODE_HINT, CodeField } from "./two-factor-panels";

/**
 * The back-office login: email and password, and the two-factor code when the
 * account has it. Submit disabled while blank; a failed attempt clears the password (kept when
 * only the code is asked for). Posts to the admin layout's action, so it works without
 * JavaScript too. A wrong email or password is the whole form's error (the answer never tells
 * which); a missing or wrong two-factor code is the code field's.
 */
export function LoginForm({
  failure,
  attempt,
  redirectTo,
  email: lastEmail,
  needsCode,
}: {
  failure: (FormFailure & { error: string }) | undefined;
  /** Changes with every failed attempt, so the field clears each time. */
  attempt: unknown;
  redirectTo: string;
  email?: string;
  needsCode: boolean;
}) {
  const id = useId();
  const [email, setEmail] = useState(lastEmail ?? "");
  const [password, setPassword] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (attempt && !needsCode) setPassword("");
  }, [attempt, needsCode]);

  const { errors, formProps } = useSchemaForm({
    id: "login-form",
    schema: staffLoginSchema,
    fromForm: staffLoginFromForm,
    failure,
    // A refusal of the code: to the code field; of the login: to its message.
    focusOnError: (): HTMLElement | null | undefined =>
      failure && !failure.reply.error?.code ? document.getElementById(`${id}-error`) : undefined,
  });
  // The whole form's error (never the code's: that one is shown at its field).
  const error = failure && !errors.code ? failure.error : undefined;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-sm">
        <h1 className="text-2xl font-bold">Admin</h1>
        <p className="mt-1 text-muted">Log in with your staff email and password.</p>
        <Form method="post" action="/admin" className="mt-6 space-y-4" {...formProps}>
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div>
            <label htmlFor={`${id}-email`} className="field-label">
              Email
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="username"
              required
              className="field"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error && !needsCode ? true : undefined}
              aria-describedby={describedBy}
            />
          </div>
          <div>
            <label htmlFor={`${id}-password`} className="field-label">
              Password
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="field"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error && !needsCode ? true : undefined}
              aria-describedby={describedBy}
            />
          </div>
          {needsCode ? (
            <CodeField
              label="Two-factor code"
              hint={ANY_CODE_HINT}
              error={errors.code}
              invalid={Boolean(error)}
              describedBy={describedBy}
            />
          ) : null}
          {error ? (
            <p
              id={`${id}-error`}
              role="alert"
              tabIndex={-1}
              className="text-sm font-medium text-danger"
            >
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn-primary w-full"
            // Enabled before hydration so the form also works without JavaScript.
            disabled={submitting || (hydrated && (password.trim() === "" || email.trim() === ""))}
          >
            {submitting ? "Logging in..." : "Log In"}
          </button>
        </Form>
      </div>
    </div>
  );
}
