/**
 * The parts of /admin/two-factor: setting up (QR code, the secret to type, the first code),
 * the recovery codes shown once, and what a person with two-factor on can do (new recovery
 * codes, turn it off). Every form posts to the page's action, so all of it works without
 * JavaScript.
 */
import { useId } from "react";
import { Form } from "react-router";
import {
  groupSecret,
  TWO_FACTOR_LABELS,
  twoFactorCodeFromForm,
  twoFactorCodeSchema,
  twoFactorDisableFromForm,
  twoFactorDisableSchema,
} from "../../../domain/people/two-factor-schema";
import { type FormFailure, fieldA11y, useSchemaForm } from "../../lib/forms";
import { FieldMessage } from "../field-message";

export type TwoFactorIntent = "setup" | "confirm" | "regenerate" | "disable";

/** A refused form: its errors by field and its sentence, shown beside the form that sent it. */
export type FormError = FormFailure & { intent: TwoFactorIntent; error: string };

function failureFor(failed: FormError | undefined, intent: TwoFactorIntent) {
  return failed?.intent === intent ? failed : null;
}

/** The error of a form that has no field for it (a conflict such as "setup restarted"). */
function formLevel(failed: FormError | null, errors: Record<string, string>) {
  return failed && Object.keys(errors).length === 0 ? failed.error : undefined;
}

/** A code form (confirm, new recovery codes): the code checked by the API's schema. */
function useCodeForm(id: string, failed: FormError | undefined, intent: TwoFactorIntent) {
  const failure = failureFor(failed, intent);
  const form = useSchemaForm({
    id,
    schema: twoFactorCodeSchema,
    fromForm: twoFactorCodeFromForm,
    failure,
    labels: TWO_FACTOR_LABELS,
  });
  return { ...form, codeError: form.errors.code ?? formLevel(failure, form.errors) };
}

/** The hint of every field that takes either kind of code (the login's too). */
export const ANY_CODE_HINT =
  "The 6-digit code from your authenticator app, or one of your recovery codes.";

/**
 * A field for a two-factor code: text, not numeric, since a recovery code (7KQ2-M9XD-4HPA) has
 * letters. `error` is shown under it; a form that shows its error elsewhere passes `invalid`
 * and that message's id in `describedBy`.
 */
export function CodeField({
  label,
  hint,
  error,
  invalid,
  describedBy,
}: {
  label: string;
  hint: string;
  error?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const described = [`${id}-hint`, error ? `${id}-error` : null, describedBy]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={`${id}-code`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-code`}
        name="code"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={40}
        className="field font-mono tracking-wider"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={described}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Not set up yet: what two-factor is, and the button that starts it. */
export function StartSetupPanel({
  required,
  failed,
}: {
  required: boolean;
  failed: FormError | undefined;
}) {
  const error = failureFor(failed, "setup")?.error;
  return (
    <section className="card mt-6" aria-labelledby="tf-start">
      <h2 id="tf-start" className="text-xl font-semibold">
        Two-factor is off
      </h2>
      {required ? (
        <p className="mt-2 font-medium">
          The owner requires two-factor for everyone: set it up to use the back office.
        </p>
      ) : null}
      <p className="mt-2 text-muted">
        With two-factor on, logging in needs your password and a 6-digit code from an authenticator
        app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy and
        others), so a stolen password alone opens nothing.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="setup" />
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Set up two-factor
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Enrolment under way: scan (or type) the secret, then confirm with the first code. */
export function ConfirmSetupPanel({
  qrSvg,
  secret,
  failed,
}: {
  qrSvg: string;
  secret: string;
  failed: FormError | undefined;
}) {
  const confirm = useCodeForm("tf-confirm-form", failed, "confirm");
  return (
    <section className="card mt-6" aria-labelledby="tf-setup">
      <h2 id="tf-setup" className="text-xl font-semibold">
        Set up two-factor
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div
        role="img"
        aria-label="QR code for your authenticator app"
        className="mt-4 w-56 max-w-full rounded-md border border-gray-300 bg-white p-2 [&_svg]:block [&_svg]:h-auto [&_svg]:w-full"
        // The SVG is rendered on our server by the qrcode package from our own otpauth URI.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered QR code, no user input.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="mt-4 text-sm text-muted">Key to type instead (time-based, 6 digits):</p>
      <p className="mt-1 break-words">
        <code
          data-testid="totp-secret"
          className="rounded bg-surface px-2 py-1 font-mono text-base tracking-wider"
        >
          {groupSecret(secret)}
        </code>
      </p>
      <Form method="post" className="mt-4 space-y-4" {...confirm.formProps}>
        <input type="hidden" name="intent" value="confirm" />
        <CodeField
          label="Code from the app"
          hint="6 digits, for example 123456."
          error={confirm.codeError}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Turn on two-factor
        </button>
      </Form>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="setup" />
        <button type="submit" className="btn-secondary w-full sm:w-auto">
          Start over with a new key
        </button>
      </Form>
    </section>
  );
}

/** The recovery codes, shown once right after they were made. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  return (
    <section className="card mt-6 border-2 border-primary" aria-labelledby="tf-codes">
      <h2 id="tf-codes" className="text-xl font-semibold">
        Your recovery codes
      </h2>
      <p className="mt-2">
        Keep these somewhere safe, away from your phone (printed, or in a password manager). Each
        code logs you in once if you lose your phone. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-1 gap-2 font-mono text-lg tracking-wider sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Two-factor on: recovery codes left, new codes, turning it off. */
export function EnabledPanel({
  recoveryCodesLeft,
  required,
  failed,
}: {
  recoveryCodesLeft: number;
  required: boolean;
  failed: FormError | undefined;
}) {
  const passwordId = useId();
  const regenerate = useCodeForm("tf-regenerate-form", failed, "regenerate");
  const disableFailure = failureFor(failed, "disable");
  const disable = useSchemaForm({
    id: "tf-disable-form",
    schema: twoFactorDisableSchema,
    fromForm: twoFactorDisableFromForm,
    failure: disableFailure,
    labels: TWO_FACTOR_LABELS,
  });
  return (
    <>
      <section className="card mt-6" aria-labelledby="tf-on">
        <h2 id="tf-on" className="text-xl font-semibold">
          Two-factor is on
        </h2>
        <p className="mt-2">
          {recoveryCodesLeft === 1
            ? "1 recovery code left."
            : `${recoveryCodesLeft} recovery codes left.`}{" "}
          {recoveryCodesLeft <= 3 ? "Make new ones before they run out." : ""}
        </p>
      </section>
      <section className="card mt-6" aria-labelledby="tf-regen">
        <h2 id="tf-regen" className="text-xl font-semibold">
          New recovery codes
        </h2>
        <p className="mt-2 text-muted">Ten new codes replace the old ones, used or not.</p>
        <Form method="post" className="mt-4 space-y-4" {...regenerate.formProps}>
          <input type="hidden" name="intent" value="regenerate" />
          <CodeField label="Current code" hint={ANY_CODE_HINT} error={regenerate.codeError} />
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            Make new recovery codes
          </button>
        </Form>
      </section>
      <section className="card mt-6" aria-labelledby="tf-off">
        <h2 id="tf-off" className="text-xl font-semibold">
          Turn off two-factor
        </h2>
        {required ? (
          <p className="mt-2">
            The owner requires two-factor for everyone, so it can't be turned off. If you lost your
            phone and your recovery codes, ask an owner to reset it.
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-4" {...disable.formProps}>
            <input type="hidden" name="intent" value="disable" />
            <div>
              <label htmlFor={`${passwordId}-password`} className="field-label">
                Your password
              </label>
              <input
                id={`${passwordId}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={200}
                className="field"
                {...fieldA11y(disable.errors, "password", `${passwordId}-password`)}
              />
              <FieldMessage id={`${passwordId}-password`} error={disable.errors.password} />
            </div>
            <CodeField
              label="Current code"
              hint={ANY_CODE_HINT}
              error={disable.errors.code ?? formLevel(disableFailure, disable.errors)}
            />
            <button type="submit" className="btn-secondary w-full sm:w-auto">
              Turn off two-factor
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
