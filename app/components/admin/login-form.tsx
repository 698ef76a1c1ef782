import { useEffect, useId, useState } from "react";
import { Form, useNavigation } from "react-router";

/**
 * The admin password form (SPEC.md §5): submit disabled while blank, 'Incorrect password'
 * clears the field. Posts to the admin layout's action, so it works without JavaScript too.
 */
export function LoginForm({
  error,
  attempt,
  redirectTo,
}: {
  error: string | undefined;
  /** Changes with every failed attempt, so the field clears each time. */
  attempt: unknown;
  redirectTo: string;
}) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (attempt) setPassword("");
  }, [attempt]);

  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-sm">
        <h1 className="text-2xl font-bold">Admin</h1>
        <p className="mt-1 text-muted">Enter the admin password to see the orders.</p>
        <Form method="post" action="/admin" className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
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
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger">
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="btn-primary w-full"
            // Enabled before hydration so the form also works without JavaScript.
            disabled={submitting || (hydrated && password.trim() === "")}
          >
            {submitting ? "Logging in..." : "Log In"}
          </button>
        </Form>
      </div>
    </div>
  );
}
