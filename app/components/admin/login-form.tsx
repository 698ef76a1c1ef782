import { useEffect, useId, useState } from "react";
import { Form, useNavigation } from "react-router";

/**
 * The back-office login (DECISIONS.md): email and password, and the two-factor code when the
 * account has it. Submit disabled while blank; a failed attempt clears the password (kept when
 * only the code is asked for). Posts to the admin layout's action, so it works without
 * JavaScript too.
 */
export function LoginForm({
  error,
  attempt,
  redirectTo,
  email: lastEmail,
  needsCode,
}: {
  error: string | undefined;
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

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-sm">
        <h1 className="text-2xl font-bold">Admin</h1>
        <p className="mt-1 text-muted">Log in with your staff email and password.</p>
        <Form method="post" action="/admin" className="mt-6 space-y-4">
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
            <div>
              <label htmlFor={`${id}-code`} className="field-label">
                Two-factor code
              </label>
              {/* Text, not numeric: a recovery code (7KQ2-M9XD-4HPA) has letters. */}
              <input
                id={`${id}-code`}
                name="code"
                type="text"
                inputMode="text"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                required
                className="field font-mono tracking-wider"
                aria-invalid={error ? true : undefined}
                aria-describedby={[`${id}-code-hint`, describedBy].filter(Boolean).join(" ")}
              />
              <p id={`${id}-code-hint`} className="mt-1 text-sm text-muted">
                The 6-digit code from your authenticator app, or one of your recovery codes.
              </p>
            </div>
          ) : null}
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
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
