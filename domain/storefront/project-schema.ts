/**
 * Saved projects (decision 523): POST /api/projects, POST /api/projects/:token/email and the
 * cart page's "Save as a project" form share these schemas.
 */
import { z } from "zod";
import { customerContactShape } from "../orders/checkout-schema";
import { cartItemInputSchema } from "./cart-schema";

export const PROJECT_NAME_MAX = 80;
/** As many windows as a cart holds. */
export const PROJECT_ITEMS_MAX = 50;
/** Emails of one project's link, per address and per project, in an hour. */
export const PROJECT_EMAILS_PER_HOUR = 5;
/** 256 bits, base64url: what a project token looks like (anything else is not found). */
export const PROJECT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const projectNameSchema = z
  .string({ error: "name must be a name for the project, such as Living room" })
  .trim()
  .min(1, "name must be a name for the project, such as Living room")
  .max(PROJECT_NAME_MAX, `name must be at most ${PROJECT_NAME_MAX} characters`);

const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  customerContactShape.email.optional(),
);

export const projectInputSchema = z.object({
  name: projectNameSchema,
  email: optionalEmail,
  items: z
    .array(cartItemInputSchema, { error: "items must be a list of cart items" })
    .min(1, "items must hold at least one window")
    .max(PROJECT_ITEMS_MAX, `a project holds at most ${PROJECT_ITEMS_MAX} items`),
});
export type ProjectInput = z.output<typeof projectInputSchema>;

/** The cart page's form: the cart's own items, under a name. */
export const projectFromCartSchema = z.object({ name: projectNameSchema, email: optionalEmail });

export const projectEmailSchema = z.object({ email: customerContactShape.email });
