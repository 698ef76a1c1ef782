/** Inputs of staff accounts, sign-in and the audit log. */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { dollarsField, percentField } from "../shared/schema-fields";
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from "./admin-schema";
import { STAFF_ROLES } from "./permissions";

/**
 * Login: any strings are accepted, so a blank, long or odd email or password fails exactly like
 * a wrong one (the answer must not tell how a login failed).
 */
export const staffLoginSchema = z.object({
  email: z
    .string()
    .catch("")
    .transform((v) => v.trim().toLowerCase()),
  password: z.string().catch(""),
  code: z
    .string()
    .catch("")
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, "") : undefined)),
});
export type StaffLogin = z.output<typeof staffLoginSchema>;

/** The login form → staffLoginSchema's input (the page action and the browser alike). */
export function staffLoginFromForm(form: FormData) {
  const code = form.get("code");
  return {
    email: form.get("email"),
    password: form.get("password"),
    code: typeof code === "string" ? code : undefined,
  };
}

/** Every failed login answers this, whatever failed. */
export const WRONG_LOGIN_MESSAGE = "Incorrect email or password";
/** Email and password were right; the account has two-factor on (401 code_required). */
export const CODE_REQUIRED_MESSAGE = "Enter the code from your authenticator app.";
export const WRONG_CODE_MESSAGE =
  "That code is not right, or it was used already. Enter the current code.";

const passwordField = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .min(ADMIN_PASSWORD_MIN, `${name} must be at least ${ADMIN_PASSWORD_MIN} characters.`)
    .max(ADMIN_PASSWORD_MAX, `${name} must be at most ${ADMIN_PASSWORD_MAX} characters.`);

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: "currentPassword must be text" }).max(ADMIN_PASSWORD_MAX),
    newPassword: passwordField("newPassword"),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: "The new password must differ from the current one.",
    path: ["newPassword"],
  });

/** The /admin/password form: the API's body and the new password typed twice. */
export const passwordChangeFormSchema = passwordChangeSchema
  .and(z.object({ repeatPassword: z.string({ error: "Repeat the new password." }) }))
  .refine((v) => v.repeatPassword === v.newPassword, {
    message: "The two new passwords differ.",
    path: ["repeatPassword"],
  });

/** The password form → passwordChangeFormSchema's input (the action and the browser alike). */
export function passwordChangeFromForm(form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    currentPassword: text("currentPassword"),
    newPassword: text("newPassword"),
    repeatPassword: text("repeatPassword"),
  };
}

const nameField = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, "name is required")
  .max(100, "name must be at most 100 characters");
const roleField = z.enum(STAFF_ROLES, { error: `role must be one of ${STAFF_ROLES.join(", ")}` });

export const staffCreateSchema = z.object({
  name: nameField,
  email: z
    .email({ error: "email must be an email address" })
    .max(200, "email must be at most 200 characters")
    .transform((v) => v.trim().toLowerCase()),
  role: roleField,
  password: passwordField("password"),
});
export type StaffCreate = z.output<typeof staffCreateSchema>;

const formText = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The "Add a person" form → staffCreateSchema's input (the action and the browser alike). */
export function staffCreateFromForm(form: FormData) {
  return {
    name: formText(form, "name"),
    email: formText(form, "email"),
    role: formText(form, "role"),
    password: formText(form, "password"),
  };
}

/** A person's role form → staffUpdateSchema's input. */
export function staffRoleFromForm(form: FormData) {
  return { role: formText(form, "role") };
}

/**
 * A person's cost form → staffUpdateSchema's input: a blank field is left as it is; anything else
 * is sent (a broken number too, so the schema refuses it at its field).
 */
export function staffCostsFromForm(form: FormData) {
  const number = (name: string) => {
    const text = formText(form, name).trim().replace(/^\$/, "").replace(/\s*%$/, "");
    return text === "" ? undefined : Number(text);
  };
  return { hourlyCost: number("hourlyCost"), commissionPercent: number("commissionPercent") };
}

/** Labels of the staff forms' fields. */
export const STAFF_FORM_LABELS: Readonly<Record<string, string>> = {
  name: "Name",
  email: "Email",
  role: "Role",
  password: "Temporary password",
  hourlyCost: "Hourly cost",
  commissionPercent: "Commission",
};

export const staffUpdateSchema = z
  .object({
    name: nameField.optional(),
    role: roleField.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
    /** What an hour of this person costs the store (dollars → cents) and his commission (bp). */
    hourlyCost: dollarsField("hourlyCost", 0, 1_000).optional(),
    commissionPercent: percentField("commissionPercent", 50).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send name, role, active, hourlyCost or commissionPercent.",
  });
export type StaffUpdate = z.output<typeof staffUpdateSchema>;

export const AUDIT_KINDS = [
  "login",
  "login_failed",
  "login_locked",
  "logout",
  "password",
  "staff",
  "session",
  "two_factor",
  "order_status",
  "order_note",
  "review",
  "message",
  "visit",
  "payment",
  "adjustment",
  "catalog",
  "sample",
  "estimate",
  "settings",
  "purchasing",
  "close_out",
  "quote",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  login: "Login",
  login_failed: "Failed login",
  login_locked: "Login lockout",
  logout: "Logout",
  password: "Password",
  staff: "Staff",
  session: "Session",
  two_factor: "Two-factor",
  order_status: "Order status",
  order_note: "Order note",
  review: "Review",
  message: "Message",
  visit: "Visit",
  payment: "Payment",
  adjustment: "Adjustment",
  catalog: "Catalog",
  sample: "Sample request",
  estimate: "Estimate request",
  settings: "Settings",
  purchasing: "Purchasing",
  close_out: "Close-out",
  quote: "Quote",
};

export const AUDIT_PAGE_SIZE = 50;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "dates are YYYY-MM-DD")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const auditQuerySchema = z.object({
  staffId: z
    .union([z.literal(""), z.coerce.number().int().positive()], {
      error: "staffId must be a staff id",
    })
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  kind: z
    .union([z.enum(AUDIT_KINDS), z.literal("")], {
      error: `kind must be one of ${AUDIT_KINDS.join(", ")}`,
    })
    .optional()
    .transform((v) => (v ? v : undefined)),
  from: day,
  to: day,
  page: z.coerce.number({ error: "page must be a number" }).int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
