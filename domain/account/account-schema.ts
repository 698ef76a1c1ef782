/** Inputs of the customer's own page. */
import "../shared/zod-in-browser";
import { z } from "zod";
import { languageSchema } from "../i18n/language-schema";
import { customerContactShape } from "../orders/checkout-schema";

export {
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_LINK_PROBLEMS,
  ACCOUNT_LINK_SENT,
  ACCOUNT_LINKS_PER_HOUR,
  ACCOUNT_SESSION_DAYS,
  ACCOUNT_TOKEN_PATTERN,
  type AccountLinkProblem,
  isAccountLinkProblem,
} from "./account-fields";

/**
 * The email a sign-in link is asked for: trimmed and lower-cased, as checkout stores it; and the
 * page's language, which the link's email is written in.
 */
export const accountLinkRequestSchema = z.object({
  email: customerContactShape.email,
  language: languageSchema,
});
export type AccountLinkRequest = z.output<typeof accountLinkRequestSchema>;
