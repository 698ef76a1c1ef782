/** Shared pieces of every email: HTML escaping and one simple, accessible layout. */
import type { BusinessFacts } from "../../domain/business";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Wraps already-escaped body HTML in the store's email layout. */
export function emailLayout(business: BusinessFacts, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f7f9fb;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:600px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1d4e5f;margin:0 0 16px">${escapeHtml(business.name)}</h1>
<div style="background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:20px">
<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(title)}</h2>
${bodyHtml}
</div>
${accountLinkHtml(business)}<p style="font-size:13px;color:#52606d;margin-top:16px">${escapeHtml(business.name)} · ${escapeHtml(business.phone)} · ${escapeHtml(business.email)}<br>Serving ${escapeHtml(business.county)}</p>
</div></body></html>`;
}

/**
 * Every email links the customer's own page (decision 231): one place for all their orders,
 * quotes and visits, reached by a one-time link sent to this address.
 */
export function accountUrl(business: Pick<BusinessFacts, "siteUrl">): string | null {
  return business.siteUrl ? `${business.siteUrl}/account` : null;
}

function accountLinkHtml(business: BusinessFacts): string {
  const url = accountUrl(business);
  return url
    ? `<p style="font-size:14px;margin-top:16px">All your orders, quotes and visits: <a href="${escapeHtml(url)}">your account</a></p>`
    : "";
}

/** Plain-text footer matching the layout. */
export function textFooter(business: BusinessFacts): string {
  const url = accountUrl(business);
  return `${url ? `\nAll your orders, quotes and visits: ${url}\n` : ""}\n--\n${business.name}\n${business.phone} · ${business.email}\nServing ${business.county}\n`;
}
