/** The emails of quotes: sent, reminders, signed agreement, store notices. */

import { formatVisitDate } from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import { formatMoney } from "../../domain/shared/money";
import { emailLayout, escapeHtml, phoneLinkHtml, textFooter } from "./render";

export interface QuoteEmailFacts {
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
  firstName: string,
  paragraphs: (string | LinkedParagraph)[],
  link: { href: string; label: string } | null,
): Rendered {
  const text = `Hello ${firstName},\n\n${paragraphs.map(paragraphText).join("\n\n")}${
    link ? `\n\n${link.label}: ${link.href}` : ""
  }\n\nQuestions? Call ${business.phone}.\n${textFooter(business)}`;
  const html = emailLayout(
    business,
    subject,
    `<p>Hello ${escapeHtml(firstName)},</p>${paragraphs
      .map((p) => `<p>${paragraphHtml(p)}</p>`)
      .join("")}${
      link
        ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1d4e5f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
        : ""
    }<p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
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
  return customerEmail(
    business,
    `Your quote ${q.label} from ${business.name}`,
    q.firstName,
    [
      `Thank you for having us in your home. Your quote ${q.label} comes to ${formatMoney(q.totalCents)} and holds through ${formatVisitDate(q.validUntil)}.`,
      "The quote is attached as a PDF. On its page you can tick the optional items you want, accept it with your name, ask us a question or decline it.",
    ],
    { href: q.link, label: "See and accept your quote" },
  );
}

export type QuoteReminderKind = "unopened" | "unanswered" | "expiring";

export function renderQuoteReminderEmail(
  business: BusinessFacts,
  q: QuoteEmailFacts,
  kind: QuoteReminderKind,
): Rendered {
  const sentence =
    kind === "unopened"
      ? `We sent you quote ${q.label} a few days ago and wanted to make sure it reached you.`
      : kind === "unanswered"
        ? `Have you had a chance to look over quote ${q.label}? We're happy to answer any question.`
        : `Your quote ${q.label} expires at the end of ${formatVisitDate(q.validUntil)}. After that, prices may change.`;
  return customerEmail(
    business,
    kind === "expiring"
      ? `Your quote ${q.label} expires ${formatVisitDate(q.validUntil)}`
      : `A reminder about your quote ${q.label}`,
    q.firstName,
    [sentence],
    { href: q.link, label: "See your quote" },
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
  const paragraphs: (string | LinkedParagraph)[] = [
    `Thank you! You accepted quote ${q.label}: it is now Order #${q.orderNumber}, for ${formatMoney(q.totalCents)}. Your signed agreement is attached as a PDF.`,
  ];
  if (q.depositCents > 0) {
    paragraphs.push(
      `The deposit of ${formatMoney(q.depositCents)} is due before we order your products. We'll call you to take it.`,
    );
  }
  if (q.cancelUntil) {
    // The quote's address is ~90 characters without a space: on a phone it is a few words
    // linked, never the bare address pushing the email wider than the screen.
    paragraphs.push({
      before: `You may cancel through ${formatVisitDate(q.cancelUntil)} from `,
      link: { href: q.link, label: "your quote's page" },
      after: ", without any penalty; any deposit is refunded in full.",
    });
  }
  return customerEmail(
    business,
    `Your signed agreement: Order #${q.orderNumber}`,
    q.firstName,
    paragraphs,
    { href: q.statusLink, label: "Follow your order" },
  );
}

/**
 * The customer cancelled within the right to cancel. With money paid, it says what happens to
 * it in so many words: the amount we refund, and that the store gets in touch to arrange it.
 */
export function renderQuoteCancelledEmail(
  business: BusinessFacts,
  q: QuoteEmailFacts & { orderNumber: number; refundCents: number },
): Rendered {
  const refund = formatMoney(q.refundCents);
  return customerEmail(
    business,
    q.refundCents > 0
      ? `Order #${q.orderNumber} is cancelled: we will refund you ${refund}`
      : `Order #${q.orderNumber} is cancelled`,
    q.firstName,
    q.refundCents > 0
      ? [
          `As you asked, we cancelled Order #${q.orderNumber} (quote ${q.label}), without any penalty.`,
          `We will refund you ${refund}, everything you paid, within 10 business days. We will contact you by phone or email to arrange it; you don't need to do anything.`,
        ]
      : [
          `As you asked, we cancelled Order #${q.orderNumber} (quote ${q.label}), without any penalty.`,
          "Nothing was paid, so there is nothing to refund.",
        ],
    null,
  );
}

export function renderQuoteStoreNotice(
  business: BusinessFacts,
  subject: string,
  lines: string[],
  link: AdminLink,
): Rendered {
  return storeEmail(business, subject, lines, link);
}
