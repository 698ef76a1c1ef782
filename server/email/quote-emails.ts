/** The emails of quotes: sent, reminders, signed agreement, store notices. */

import { visitDateIn } from "../../domain/i18n/dates";
import type { Language } from "../../domain/i18n/language";
import type { BusinessFacts } from "../../domain/shared/business";
import { formatMoney } from "../../domain/shared/money";
import { emailLayout, escapeHtml, phoneLinkHtml, textFooter } from "./render";
import { emailWords, languageNoticeLine } from "./words";

export interface QuoteEmailFacts {
  /** The language of the sale: the customer's quote emails are written in it. */
  language: Language;
  label: string;
  firstName: string;
  link: string;
  totalCents: number;
  validUntil: string;
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph with one link in it: the address in the text, a few words linked in the HTML. */
interface LinkedParagraph {
  before: string;
  link: AdminLink;
  after: string;
}

function paragraphText(p: string | LinkedParagraph): string {
  return typeof p === "string" ? p : `${p.before}${p.link.label} (${p.link.href})${p.after}`;
}

function paragraphHtml(p: string | LinkedParagraph): string {
  return typeof p === "string"
    ? escapeHtml(p)
    : `${escapeHtml(p.before)}<a href="${escapeHtml(p.link.href)}">${escapeHtml(p.link.label)}</a>${escapeHtml(p.after)}`;
}

function customerEmail(
  business: BusinessFacts,
  subject: string,
  facts: Pick<QuoteEmailFacts, "firstName" | "language">,
  paragraphs: (string | LinkedParagraph)[],
  link: { href: string; label: string } | null,
): Rendered {
  const { language } = facts;
  const w = emailWords(language);
  const questions = w.t("questionsCall", { phone: business.phone });
  const text = `${w.t("hello", { name: facts.firstName })}\n\n${paragraphs.map(paragraphText).join("\n\n")}${
    link ? `\n\n${link.label}: ${link.href}` : ""
  }\n\n${questions}\n${textFooter(business, { language })}`;
  const html = emailLayout(
    business,
    subject,
    `<p>${w.html("hello", { name: facts.firstName })}</p>${paragraphs
      .map((p) => `<p>${paragraphHtml(p)}</p>`)
      .join("")}${
      link
        ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1d4e5f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
        : ""
    }<p>${escapeHtml(questions)}</p>`,
    { language },
  );
  return { subject, text, html };
}

/** The admin page a store notice opens. */
export interface AdminLink {
  href: string;
  label: string;
}

/** "(239) 555-0177" in a line of a notice: a tel: link. */
const US_PHONE = /\(\d{3}\) \d{3}-\d{4}/g;

function storeEmail(
  business: BusinessFacts,
  subject: string,
  lines: string[],
  link: AdminLink,
): Rendered {
  const paragraphs = lines
    .map((l) => `<p>${escapeHtml(l).replace(US_PHONE, (phone) => phoneLinkHtml(phone))}</p>`)
    .join("");
  return {
    subject,
    text: `${lines.join("\n")}\n\n${link.label}: ${link.href}\n${textFooter(business, { forStore: true })}`,
    html: emailLayout(
      business,
      subject,
      `${paragraphs}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
      { forStore: true },
    ),
  };
}

export function renderQuoteSentEmail(business: BusinessFacts, q: QuoteEmailFacts): Rendered {
  const w = emailWords(q.language);
  return customerEmail(
    business,
    w.t("quote.sentSubject", { label: q.label, store: business.name }),
    q,
    [
      w.t("quote.sentThanks", {
        label: q.label,
        total: formatMoney(q.totalCents),
        date: visitDateIn(q.language, q.validUntil),
      }),
      w.t("quote.sentHow"),
    ],
    { href: q.link, label: w.t("quote.sentLink") },
  );
}

export type QuoteReminderKind = "unopened" | "unanswered" | "expiring";

export function renderQuoteReminderEmail(
  business: BusinessFacts,
  q: QuoteEmailFacts,
  kind: QuoteReminderKind,
): Rendered {
  const w = emailWords(q.language);
  const date = visitDateIn(q.language, q.validUntil);
  const sentence = w.t(`quote.${kind}`, { label: q.label, date });
  return customerEmail(
    business,
    kind === "expiring"
      ? w.t("quote.expiringSubject", { label: q.label, date })
      : w.t("quote.reminderSubject", { label: q.label }),
    q,
    [sentence],
    { href: q.link, label: w.t("quote.reminderLink") },
  );
}

export function renderSignedAgreementEmail(
  business: BusinessFacts,
  q: QuoteEmailFacts & {
    orderNumber: number;
    depositCents: number;
    cancelUntil: string | null;
    statusLink: string;
  },
): Rendered {
  const w = emailWords(q.language);
  const number = q.orderNumber;
  const paragraphs: (string | LinkedParagraph)[] = [
    w.t("quote.signedThanks", { label: q.label, number, total: formatMoney(q.totalCents) }),
  ];
  if (q.depositCents > 0) {
    paragraphs.push(w.t("quote.signedDeposit", { deposit: formatMoney(q.depositCents) }));
  }
  if (q.cancelUntil) {
    // The quote's address is ~90 characters without a space: on a phone it is a few words
    // linked, never the bare address pushing the email wider than the screen.
    paragraphs.push({
      before: w.t("quote.signedCancelBefore", { date: visitDateIn(q.language, q.cancelUntil) }),
      link: { href: q.link, label: w.t("quote.signedCancelLink") },
      after: w.t("quote.signedCancelAfter"),
    });
  }
  return customerEmail(business, w.t("quote.signedSubject", { number }), q, paragraphs, {
    href: q.statusLink,
    label: w.t("followYourOrder"),
  });
}

/**
 * The customer cancelled within the right to cancel. With money paid, it says what happens to
 * it in so many words: the amount we refund, and that the store gets in touch to arrange it.
 */
export function renderQuoteCancelledEmail(
  business: BusinessFacts,
  q: QuoteEmailFacts & { orderNumber: number; refundCents: number },
): Rendered {
  const w = emailWords(q.language);
  const refund = formatMoney(q.refundCents);
  const number = q.orderNumber;
  const asAsked = w.t("quote.cancelledAsAsked", { number, label: q.label });
  return customerEmail(
    business,
    q.refundCents > 0
      ? w.t("quote.cancelledRefundSubject", { number, refund })
      : w.t("quote.cancelledSubject", { number }),
    q,
    q.refundCents > 0
      ? [asAsked, w.t("quote.cancelledRefund", { refund })]
      : [asAsked, w.t("quote.cancelledNothing")],
    null,
  );
}

/** A notice to the store (English), naming the customer's language when it is not English. */
export function renderQuoteStoreNotice(
  business: BusinessFacts,
  subject: string,
  lines: string[],
  link: AdminLink,
  language: Language = "en",
): Rendered {
  const spoken = languageNoticeLine(language);
  return storeEmail(business, subject, spoken ? [...lines, spoken] : lines, link);
}
