/** A saved project's link, emailed to the address the shopper gives (decision 523). */
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, textFooter } from "./render";

export function projectLinkEmail(
  business: BusinessFacts,
  to: string,
  projectName: string,
  link: string,
): NewEmail {
  const subject = `Your saved project "${projectName}" at ${business.name}`;
  const sentence =
    "Here is the link to the windows you saved. Open it on any phone or computer to see today's prices, change nothing or everything, and add them all to your cart.";
  const keep = "Anyone with the link can see the project: forward it only to people you trust.";
  return {
    kind: "project-link",
    to,
    subject,
    text: `Hello,\n\n${sentence}\n\n${link}\n\n${keep}\nQuestions? Call ${business.phone}.\n${textFooter(business)}`,
    html: emailLayout(
      business,
      subject,
      `<p>Hello,</p><p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4e5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Open my project</a></p><p style="font-size:13px;overflow-wrap:anywhere;word-break:break-all">Or paste this address into your browser:<br>${escapeHtml(link)}</p><p>${escapeHtml(keep)}</p><p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
    ),
  };
}
