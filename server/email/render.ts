/**
 * Shared pieces of every email: HTML escaping and one responsive layout built from
 * small components (header with the logo mark, card, button, footer) as email clients need them:
 * tables, inline styles, a viewport, a hidden preview line, 600 px wide and full width on phones.
 * The signatures are the ones every email already calls (`emailLayout(business, title, body)`,
 * `textFooter(business)`); what they render changed, not how they are called. A paragraph that
 * holds nothing but one link is drawn as the email's button.
 */
import enEmail from "../../domain/i18n/compiled/en/email.js";
import esEmail from "../../domain/i18n/compiled/es/email.js";
import type { Language } from "../../domain/i18n/language";
import { type BusinessFacts, phoneHref } from "../../domain/shared/business";

// The layout's own words (the account line, "Serving …"), in the customer's language.
const LAYOUT_WORDS = { en: enEmail, es: esEmail } as const;

const HTML_SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most of what an email shows (names, titles, amounts) has nothing to escape.
  if (!HTML_SPECIAL.test(text)) return text;
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const INK = "#1f2933";
const MUTED = "#52606d";
const BRAND = "#1d4e5f";
const SAND = "#f4efe6";
const FONT = "Arial,Helvetica,sans-serif";

/** The store's mark, drawn with a table (images are often blocked): four slats on teal. */
const LOGO_MARK = (() => {
  const slat = `<tr><td style="height:3px;background:#ffffff;border-radius:1px;font-size:0;line-height:0">&nbsp;</td></tr><tr><td style="height:3px;font-size:0;line-height:0">&nbsp;</td></tr>`;
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:32px;height:32px;background:${BRAND};border-radius:5px"><tr><td style="padding:6px 6px 3px"><table role="presentation" cellpadding="0" cellspacing="0" width="20">${slat.repeat(4)}</table></td></tr></table>`;
})();

/** A button that renders in every client: a link styled as a block inside a table cell. */
export function emailButton(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:20px 0"><tr><td style="background:${BRAND};border-radius:6px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></td></tr></table>`;
}

/**
 * `<p><a href="…">Open …</a></p>` (already escaped) → the button; the link's own attributes
 * (an inline style) give way to the button's.
 */
function linksAsButtons(bodyHtml: string): string {
  return bodyHtml.replace(
    /<p>\s*<a href="([^"]+)"(?:\s[^>]*)?>([^<]+)<\/a>\.?\s*<\/p>/g,
    (_m, href: string, label: string) => emailButton(unescapeHtml(href), unescapeHtml(label)),
  );
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A phone number as a link a phone dials when tapped. */
export function phoneLinkHtml(phone: string): string {
  return /\d{7}/.test(phone.replace(/\D/g, ""))
    ? `<a href="${escapeHtml(phoneHref(phone))}">${escapeHtml(phone)}</a>`
    : escapeHtml(phone);
}

/**
 * Label/value rows as a table, values escaped; a "Phone" value is a tel: link (the store's own
 * people call back from their phones).
 */
export function detailRowsHtml(rows: readonly (readonly [string, string])[]): string {
  return `<table role="presentation" style="border-collapse:collapse;margin-bottom:12px">${rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap;overflow-wrap:anywhere">${k === "Phone" ? phoneLinkHtml(v) : escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
}

/**
 * `forStore`: an email to the store's own people, without the customer's account link (and in
 * English); `language`: the customer's, which the layout's words and `<html lang>` take.
 */
export interface EmailAudience {
  forStore?: boolean;
  language?: Language;
}

export function emailLayout(
  business: BusinessFacts,
  title: string,
  bodyHtml: string,
  { forStore = false, language = "en" }: EmailAudience = {},
): string {
  const name = escapeHtml(business.name);
  const words = LAYOUT_WORDS[forStore ? "en" : language];
  const link = forStore ? "" : accountLinkHtml(business, language);
  const accountLink = link
    ? `<tr><td style="padding:12px 4px 0;font-family:${FONT};color:${INK}">${link}</td></tr>`
    : "";
  return `<!doctype html>
<html lang="${forStore ? "en" : language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(title)}</title>
<style>
@media (max-width:620px){.card{padding:18px 16px!important}.outer{padding:12px 8px!important}}
a{color:${BRAND}}
</style></head>
<body style="margin:0;padding:0;background:${SAND};font-family:${FONT};color:${INK};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(title)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${SAND}"><tr><td class="outer" align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 0 16px"><table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="padding-right:10px">${LOGO_MARK}</td><td style="font-family:${FONT};font-size:18px;font-weight:bold;color:${BRAND}">${name}</td></tr></table></td></tr>
<tr><td class="card" style="background:#ffffff;border:1px solid #e4ddd0;border-radius:10px;padding:28px 28px;font-family:${FONT};font-size:16px;line-height:1.5;color:${INK}">
<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px;color:${INK}">${escapeHtml(title)}</h1>
${linksAsButtons(bodyHtml)}
</td></tr>
${accountLink}
<tr><td style="padding:16px 4px;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED}">${name} · <a href="${escapeHtml(phoneHref(business.phone))}" style="color:${MUTED}">${escapeHtml(business.phone)}</a> · <a href="mailto:${escapeHtml(business.email)}" style="color:${MUTED}">${escapeHtml(business.email)}</a><br>${escapeHtml(words["layout.serving"]({ county: business.county }))}</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/**
 * Every email links the customer's own page: one place for all their orders,
 * quotes and visits, reached by a one-time link sent to this address.
 */
export function accountUrl(
  business: Pick<BusinessFacts, "siteUrl">,
  language: Language = "en",
): string | null {
  if (!business.siteUrl) return null;
  return language === "es" ? `${business.siteUrl}/es/account` : `${business.siteUrl}/account`;
}

function accountLinkHtml(business: BusinessFacts, language: Language): string {
  const url = accountUrl(business, language);
  const words = LAYOUT_WORDS[language];
  return url
    ? `<p style="font-size:14px;margin-top:16px">${words["layout.accountLine"]()} <a href="${escapeHtml(url)}">${words["layout.accountLink"]()}</a></p>`
    : "";
}

/** Plain-text footer matching the layout. */
export function textFooter(
  business: BusinessFacts,
  { forStore = false, language = "en" }: EmailAudience = {},
): string {
  const url = forStore ? null : accountUrl(business, language);
  const words = LAYOUT_WORDS[forStore ? "en" : language];
  return `${url ? `\n${words["layout.accountLine"]()} ${url}\n` : ""}\n--\n${business.name}\n${business.phone} · ${business.email}\n${words["layout.serving"]({ county: business.county })}\n`;
}
