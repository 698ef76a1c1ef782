/** Inputs of two-factor sign-in (TOTP) and the back-office settings. */

// First: zod is told to run jitless in the browser (the two-factor forms check with these).
import "../shared/zod-in-browser";
import { z } from "zod";
import { ADMIN_PASSWORD_MAX } from "./admin-schema";

/**
 * A code from an authenticator app (6 digits) or a recovery code (`7KQ2-M9XD-4HPA`). Spaces are
 * dropped (apps show "123 456"); whether it is right is the service's question.
 */
const codeField = z
  .string({ error: "code must be text" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "code is required: enter the 6-digit code from your authenticator app")
      .max(40, "code must be at most 40 characters"),
  );

export const twoFactorCodeSchema = z.object({ code: codeField });
export type TwoFactorCode = z.output<typeof twoFactorCodeSchema>;

export const twoFactorDisableSchema = z.object({
  password: z
    .string({ error: "password must be text" })
    .min(1, "password is required")
    .max(ADMIN_PASSWORD_MAX, `password must be at most ${ADMIN_PASSWORD_MAX} characters`),
  code: codeField,
});
export type TwoFactorDisable = z.output<typeof twoFactorDisableSchema>;

const formText = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** A form with a code field → twoFactorCodeSchema's input (the action and the browser alike). */
export function twoFactorCodeFromForm(form: FormData) {
  return { code: formText(form, "code") };
}

/** The "Turn off two-factor" form → twoFactorDisableSchema's input. */
export function twoFactorDisableFromForm(form: FormData) {
  return { password: formText(form, "password"), code: formText(form, "code") };
}

/** Labels of the two-factor forms' fields, for the schemas' messages. */
export const TWO_FACTOR_LABELS: Readonly<Record<string, string>> = {
  code: "The code",
  password: "Your password",
};

export const backOfficeSettingsSchema = z.object({
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }),
});
export type BackOfficeSettingsInput = z.output<typeof backOfficeSettingsSchema>;

/** The secret as an authenticator app's "enter a key" screen wants it: groups of 4. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
