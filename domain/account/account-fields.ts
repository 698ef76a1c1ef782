/**
 * The customer's own page's limits and words, free of zod: /account shows them
 * with its form and loads the schema (account-schema.ts, which re-exports these) on the form's
 * first use.
 */

/** A sign-in link's token as it arrives in the URL: 43 base64url characters (256 bits). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long a sign-in link works, and how long the session it opens lasts. */
export const ACCOUNT_LINK_MINUTES = 15;
export const ACCOUNT_SESSION_DAYS = 30;
/** Link requests per hour, per address and per email. */
export const ACCOUNT_LINKS_PER_HOUR = 5;

/** One answer for every accepted link request, known email or not. */
export const ACCOUNT_LINK_SENT =
  "If we have orders, quotes or visits under that email, a sign-in link is on its way. It works once, for 15 minutes.";

/** Why a link no longer opens the page: the page says so and offers a new one. */
export type AccountLinkProblem = "used" | "expired" | "invalid";

export const ACCOUNT_LINK_PROBLEMS: Record<AccountLinkProblem, string> = {
  used: "That sign-in link has already been used. Each link works once: ask for a new one below.",
  expired: `That sign-in link has expired (links work for ${ACCOUNT_LINK_MINUTES} minutes). Ask for a new one below.`,
  invalid: "That sign-in link is not valid. Ask for a new one below.",
};

export function isAccountLinkProblem(value: string | null): value is AccountLinkProblem {
  return value === "used" || value === "expired" || value === "invalid";
}
