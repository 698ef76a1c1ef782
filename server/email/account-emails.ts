/** The sign-in link for the customer's own page. */
import { ACCOUNT_LINK_MINUTES } from "../../domain/account/account-schema";
import type { Language } from "../../domain/i18n/language";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, textFooter } from "./render";
import { emailWords } from "./words";

export function accountLinkEmail(
  business: BusinessFacts,
  to: string,
  link: string,
  language: Language = "en",
): NewEmail {
  const w = emailWords(language);
  const subject = w.t("account.subject", { store: business.name });
  const sentence = w.t("account.sentence", { minutes: ACCOUNT_LINK_MINUTES });
  const ignore = w.t("account.ignore");
  const questions = w.t("questionsCall", { phone: business.phone });
  return {
    kind: "account-link",
    to,
    subject,
    text: `${w.t("helloPlain")}\n\n${sentence}\n\n${link}\n\n${ignore}\n${questions}\n${textFooter(business, { language })}`,
    html: emailLayout(
      business,
      subject,
      `<p>${w.html("helloPlain")}</p><p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4e5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${w.html("account.button")}</a></p><p style="font-size:13px;overflow-wrap:anywhere;word-break:break-all">${w.html("pasteAddress")}<br>${escapeHtml(link)}</p><p>${escapeHtml(ignore)}</p><p>${escapeHtml(questions)}</p>`,
      { language },
    ),
  };
}
