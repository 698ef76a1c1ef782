/** Inputs of two-factor sign-in (TOTP) and the back-office settings (DECISIONS.md, staff). */
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

export const backOfficeSettingsSchema = z.object({
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }),
});
export type BackOfficeSettingsInput = z.output<typeof backOfficeSettingsSchema>;

/** The secret as an authenticator app's "enter a key" screen wants it: groups of 4. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
