/** Contact message emails: the message to the store, a confirmation to the visitor. */

import { CONTACT_METHODS, type ContactInput } from "../../domain/requests/contact-schema";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { detailRowsHtml, emailLayout, escapeHtml, textFooter } from "./render";

function methodLabel(method: string): string {
  return CONTACT_METHODS.find((m) => m.value === method)?.label ?? method;
}

function details(message: ContactInput): [string, string][] {
  return [
    ["Name", `${message.firstName} ${message.lastName}`],
    ["Email", message.email],
    ["Phone", message.phone ?? "(not given)"],
    ["Preferred contact", methodLabel(message.preferredContactMethod)],
    ["Subject", message.subject],
  ];
}

function detailsHtml(rows: [string, string][], body: string): string {
  return `${detailRowsHtml(rows)}
<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #1d4e5f;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(body)}</blockquote>`;
}

export function contactStoreEmail(input: {
  business: BusinessFacts;
  storeEmail: string;
  messageId: number;
  message: ContactInput;
}): NewEmail {
  const { business, message } = input;
  const rows = details(message);
  const title = "New contact message";
  const link = `${business.siteUrl ?? ""}/admin/messages/${input.messageId}`;
  return {
    kind: "contact_store",
    to: input.storeEmail,
    // Answering the notice answers the visitor.
    replyTo: message.email,
    subject: `Contact: ${message.subject} (${message.firstName} ${message.lastName})`,
    text: `${title}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${message.message}\n\nIn the admin: ${link}\n${textFooter(business, { forStore: true })}`,
    html: emailLayout(
      business,
      title,
      `${detailsHtml(rows, message.message)}<p><a href="${escapeHtml(link)}">Open the message in the admin</a></p>`,
      { forStore: true },
    ),
    relatedType: "contact_message",
    relatedId: input.messageId,
  };
}

/**
 * The sender's confirmation quotes nothing the sender typed (subject, message, name): anyone can
 * type a stranger's address into the form, and an acknowledgement that carries the form's words
 * would relay them.
 */
export function contactConfirmationEmail(input: {
  business: BusinessFacts;
  messageId: number;
  message: ContactInput;
}): NewEmail {
  const { business, message } = input;
  const title = "We received your message";
  const how =
    message.preferredContactMethod === "email"
      ? "by email"
      : `by ${message.preferredContactMethod === "text" ? "text message" : "phone"}`;
  const intro = `Thank you for contacting ${business.name}. We reply within ${business.contactReplyHours} hours during business hours, ${how}. If it is urgent, call us at ${business.phone}.`;
  const unasked = `If you did not write to us, ignore this email: nothing more will come of it.`;
  return {
    kind: "contact_confirmation",
    to: message.email,
    subject: `We received your message (${business.name})`,
    text: `${title}\n\n${intro}\n\n${unasked}\n${textFooter(business)}`,
    html: emailLayout(business, title, `<p>${escapeHtml(intro)}</p><p>${escapeHtml(unasked)}</p>`),
    relatedType: "contact_message",
    relatedId: input.messageId,
  };
}
