/** Inputs of the customer's own page. */
import "../shared/zod-in-browser";
import { z } from "zod";
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

/** The email a sign-in link is asked for: trimmed and lower-cased, as checkout stores it. */
export const accountLinkRequestSchema = z.object({ email: customerContactShape.email });
export type AccountLinkRequest = z.output<typeof accountLinkRequestSchema>;
