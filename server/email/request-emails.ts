/**
 * Sample and estimate request emails: the request to the store, a confirmation to the shopper.
 * Color and fabric names come from the catalog, as the admin shows them.
 */

import { VISIT_WINDOW_LABELS } from "../../domain/orders/checkout-fields";
import type { EstimateRequestInput } from "../../domain/requests/estimate-schema";
import type { SampleRequestInput } from "../../domain/requests/samples-schema";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { detailRowsHtml, emailLayout, escapeHtml, textFooter } from "./render";

function table(rows: [string, string][]): string {
  return detailRowsHtml(rows);
}

function text(rows: [string, string][]): string {
  return rows.map(([k, v]) => `${k}: ${v}`).join("\n");
}

export interface SampleEmailInput {
  business: BusinessFacts;
  storeEmail: string;
  publicUrl: string;
  id: number;
  reference: string;
  request: SampleRequestInput;
  /** "Vinyl Vertical Blinds: White", one per item, in the order chosen. */
  itemLines: string[];
}

function sampleRows(input: SampleEmailInput): [string, string][] {
  const r = input.request;
  return [
    ["Reference", input.reference],
    ["Name", r.name],
    ["Email", r.email],
    ["Mail to", `${r.address}, ${r.city}, FL ${r.zipCode}`],
    ["Samples", input.itemLines.join("\n")],
  ];
}

export function sampleStoreEmail(input: SampleEmailInput): NewEmail {
  const title = `Sample request ${input.reference}`;
  const rows = sampleRows(input);
  const link = `${input.publicUrl}/admin/samples`;
  return {
    kind: "samples_store",
    to: input.storeEmail,
    subject: `${title}: ${input.itemLines.length} sample${input.itemLines.length === 1 ? "" : "s"} for ${input.request.name}`,
    text: `${title}\n\n${text(rows)}\n\nMark it handled in the admin: ${link}\n${textFooter(input.business, { forStore: true })}`,
    html: emailLayout(
      input.business,
      title,
      `${table(rows)}<p><a href="${escapeHtml(link)}">Open the sample requests in the admin</a></p>`,
      { forStore: true },
    ),
    relatedType: "sample_request",
    relatedId: input.id,
  };
}

export function sampleConfirmationEmail(input: SampleEmailInput): NewEmail {
  const { business, request } = input;
  const title = "Your free samples are on their way";
  const intro = `Hi ${request.name}, thank you for asking ${business.name} for samples. We mail them free within ${business.county} in the next few days, or bring them to your measurement visit. Questions? Call ${business.phone}.`;
  const rows = sampleRows(input).filter(([k]) => k !== "Email");
  return {
    kind: "samples_confirmation",
    to: request.email,
    subject: `Your free samples: request ${input.reference}`,
    text: `${title}\n\n${intro}\n\n${text(rows)}\n${textFooter(business)}`,
    html: emailLayout(business, title, `<p>${escapeHtml(intro)}</p>${table(rows)}`),
    relatedType: "sample_request",
    relatedId: input.id,
  };
}

export interface EstimateEmailInput {
  business: BusinessFacts;
  storeEmail: string;
  publicUrl: string;
  id: number;
  reference: string;
  request: EstimateRequestInput;
  /** Product names the shopper is interested in. */
  productNames: string[];
  photoCount: number;
}

function estimateRows(input: EstimateEmailInput): [string, string][] {
  const r = input.request;
  const message: [string, string][] = r.message ? [["Message", r.message]] : [];
  return [
    ["Reference", input.reference],
    ["Name", `${r.firstName} ${r.lastName}`],
    ["Email", r.email],
    ["Phone", r.phone],
    ["Address", `${r.address}, ${r.city}, FL ${r.zipCode}`],
    ["Windows", String(r.windowCount)],
    ["Interested in", input.productNames.length ? input.productNames.join(", ") : "Not sure yet"],
    ["Preferred visit", r.preferredWindow ? VISIT_WINDOW_LABELS[r.preferredWindow] : "Any time"],
    ["Photos", String(input.photoCount)],
    ...message,
  ];
}

export function estimateStoreEmail(input: EstimateEmailInput): NewEmail {
  const r = input.request;
  const title = `Estimate request ${input.reference}`;
  const rows = estimateRows(input);
  const link = `${input.publicUrl}/admin/estimates/${input.id}`;
  return {
    kind: "estimate_store",
    to: input.storeEmail,
    // Answering the notice answers the customer.
    replyTo: r.email,
    subject: `${title}: ${r.windowCount} window${r.windowCount === 1 ? "" : "s"} in ${r.city}`,
    text: `${title}\n\n${text(rows)}\n\nSee it (and its photos) in the admin: ${link}\n${textFooter(input.business, { forStore: true })}`,
    html: emailLayout(
      input.business,
      title,
      `${table(rows)}<p><a href="${escapeHtml(link)}">Open the request in the admin</a></p>`,
      { forStore: true },
    ),
    relatedType: "estimate_request",
    relatedId: input.id,
  };
}

export function estimateConfirmationEmail(input: EstimateEmailInput): NewEmail {
  const { business, request } = input;
  const title = "We received your estimate request";
  const intro = `Hi ${request.firstName}, thank you for asking ${business.name} for a free in-home estimate. We will call you at ${request.phone} within one business day to set a time. The visit and the quote are free, with no obligation. Questions? Call ${business.phone}.`;
  const rows = estimateRows(input).filter(([k]) => k !== "Email" && k !== "Phone");
  return {
    kind: "estimate_confirmation",
    to: request.email,
    subject: `Your free in-home estimate: request ${input.reference}`,
    text: `${title}\n\n${intro}\n\n${text(rows)}\n${textFooter(business)}`,
    html: emailLayout(business, title, `<p>${escapeHtml(intro)}</p>${table(rows)}`),
    relatedType: "estimate_request",
    relatedId: input.id,
  };
}
