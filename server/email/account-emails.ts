/** The sign-in link for the customer's own page. */
import { ACCOUNT_LINK_MINUTES } from "../../domain/account/account-schema";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, textFooter } from "./render";

export function accountLinkEmail(business: BusinessFacts, to: string, link: string): NewEmail {
  const subject = `Your sign-in link for ${business.name}`;
  const sentence = `Open this link to see your orders, quotes and visits with us. It works once, for the next ${ACCOUNT_LINK_MINUTES} minutes.`;
  const ignore =
    "If you did not ask for it, you can ignore this email: nobody can sign in without the link.";
  return {
    kind: "account-link",
    to,
    subject,
    text: `Hello,\n\n${sentence}\n\n${link}\n\n${ignore}\nQuestions? Call ${business.phone}.\n${textFooter(business)}`,
    html: emailLayout(
      business,
      subject,
      `<p>Hello,</p><p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4e5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Open my account</a></p><p style="font-size:13px;overflow-wrap:anywhere;word-break:break-all">Or paste this address into your browser:<br>${escapeHtml(link)}</p><p>${escapeHtml(ignore)}</p><p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
    ),
  };
}
