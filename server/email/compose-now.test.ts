/**
 * The emails composed at once (decision 415) are nodemailer's own, byte for byte: each message
 * is built both ways with the same Message-ID, Date and boundary and compared whole, and the
 * fast path is shown to be the one taken for every kind the store sends.
 */

import crypto from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it, vi } from "vitest";
import { contactInputSchema } from "../../domain/requests/contact-schema";
import { DEFAULT_BUSINESS } from "../../domain/shared/business";
import { SAMPLE_CONTACT_MESSAGE } from "../../tests/support/sample-items";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import {
  composeMessage,
  composeNow,
  freshIds,
  messageIdDomain,
  rememberingHeaderKeys,
} from "./compose-now";
import { contactConfirmationEmail, contactStoreEmail } from "./contact-emails";

const business = { ...DEFAULT_BUSINESS, siteUrl: "https://store.example" };
const message = contactInputSchema.parse(SAMPLE_CONTACT_MESSAGE);
const from = `${business.name} <${business.email}>`;
const fixed = { messageId: "<fixed@store.example>", date: new Date("2026-11-27T12:00:00Z") };

async function viaNodemailer(data: Mail.Options): Promise<Buffer> {
  const nodemailer = await import("nodemailer");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(data);
  return Buffer.from(info.message.toString(), "utf8");
}

/** Boundaries hold random bytes: the same message's are made equal before comparing. */
const sameBoundaries = (eml: Buffer) => eml.toString("utf8").replace(/_NmP-[0-9a-f]+-Part/g, "B");

const parts = (e: NewEmail) => ({ to: e.to, subject: e.subject, text: e.text, html: e.html });
const store = contactStoreEmail({ business, storeEmail: business.email, messageId: 7, message });
const confirmation = contactConfirmationEmail({ business, messageId: 7, message });

const cases: [string, Mail.Options][] = [
  ["the contact message to the store", parts(store)],
  ["its acknowledgement to the customer", parts(confirmation)],
  [
    "non-ASCII names, a long subject, CRLF and lone LF, trailing spaces, an IDN address",
    {
      to: '"Zoë, Núñez" <zoe@bücher.example>',
      replyTo: "ana@example.com",
      subject: `Ünïcödé “subject” ${"long words ".repeat(20)}`,
      text: "é line with trailing space \r\nnext\nlast\t".repeat(60),
      html: `<p>${"ü€ ".repeat(400)}</p>\n`,
    },
  ],
  [
    "ASCII only (7bit parts)",
    { to: "a@example.com", subject: "Hi", text: "plain", html: "<b>x</b>" },
  ],
  [
    "an invite and a PDF attachment",
    {
      to: "a@example.com",
      subject: "Visit",
      text: "See you",
      html: "<p>See you</p>",
      icalEvent: {
        method: "REQUEST",
        filename: "invite.ics",
        content: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Visit é\r\nEND:VCALENDAR",
      },
      attachments: [
        {
          filename: "quote.pdf",
          contentType: "application/pdf",
          content: Buffer.from("%PDF-1.4 \x00\x01 binary".repeat(50)).toString("base64"),
          encoding: "base64",
        },
      ],
    },
  ],
];

describe("composeMessage", () => {
  it.each(cases)("%s: nodemailer's bytes, composed without its streams", async (_name, data) => {
    const full = { from, ...data, ...fixed, baseBoundary: "fixedbase" };
    expect(composeNow(new MailComposer(full).compile())).not.toBeNull();
    const ours = await composeMessage(full);
    const theirs = await viaNodemailer(full);
    expect(sameBoundaries(ours)).toBe(sameBoundaries(theirs));
    expect(ours.length).toBe(theirs.length);
  });

  it("leaves a stream's content to nodemailer's build, with the same bytes", async () => {
    const { Readable } = await import("node:stream");
    const data = () => ({ from, to: "a@example.com", subject: "S", ...fixed, baseBoundary: "b" });
    const streamed = { ...data(), text: Readable.from([Buffer.from("from a stream")]) };
    expect(composeNow(new MailComposer(streamed).compile())).toBeNull();
    const ours = await composeMessage(streamed);
    const theirs = await viaNodemailer({
      ...data(),
      text: Readable.from([Buffer.from("from a stream")]),
    });
    expect(sameBoundaries(ours)).toBe(sameBoundaries(theirs));
  });
});

describe("freshIds (decision 430)", () => {
  // No Date given, as the mailer gives none: the Date header then comes after the Message-ID
  // in both ways (given a Date, nodemailer would put its own Message-ID after it).
  const data = { from, ...parts(store) };
  const shape = (eml: Buffer) =>
    eml
      .toString("utf8")
      .replace(/^Date: .*$/m, "DATE")
      .replace(/^Message-ID: <[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@/m, "ID")
      .replace(/_NmP-[0-9a-f]{16}-Part/g, "B");

  it("gives nodemailer's own Message-ID and boundary shapes, its domain, the same bytes", async () => {
    const domain = messageIdDomain(from);
    expect(domain).toBe(business.email.split("@").pop());
    const theirs = await viaNodemailer(data);
    const ids = freshIds(domain ?? "");
    const ours = await composeMessage({ ...data, ...ids });
    expect(shape(ours)).toContain("ID");
    expect(shape(ours)).toBe(shape(theirs));
    const sameDate = { ...data, ...ids, date: fixed.date };
    expect((await composeMessage(sameDate)).equals(await viaNodemailer(sameDate))).toBe(true);
  });

  it("composes with no draw of its own from the generator: every random value comes given", async () => {
    const ids = freshIds("store.example");
    const randomBytes = vi.spyOn(crypto, "randomBytes");
    try {
      const eml = (await composeMessage({ ...data, ...ids })).toString("utf8");
      expect(randomBytes).not.toHaveBeenCalled();
      expect(eml).toContain(`Message-ID: ${ids.messageId}`);
      expect(eml).toContain(`boundary="--_NmP-${ids.baseBoundary}-Part_1"`);
    } finally {
      randomBytes.mockRestore();
    }
  });

  it("never repeats a Message-ID or a boundary", () => {
    const ids = Array.from({ length: 2_000 }, () => freshIds("store.example"));
    expect(new Set(ids.map((i) => i.messageId)).size).toBe(ids.length);
    expect(new Set(ids.map((i) => i.baseBoundary)).size).toBe(ids.length);
  });

  it("leaves the Message-ID to nodemailer where the sender has no address", () => {
    expect(messageIdDomain("")).toBeUndefined();
  });
});

describe("rememberingHeaderKeys (decision 430)", () => {
  it("answers as nodemailer's own normalization, the first time and after", async () => {
    const { default: MimeNode } = await import("nodemailer/lib/mime-node");
    // A fresh node's own method is the remembering one; nodemailer's is what it wraps, so the
    // wrapper is checked against a copy of that rule kept here.
    const rule = (key: unknown) =>
      String(key ?? "")
        // biome-ignore lint/suspicious/noControlCharactersInRegex: nodemailer's own rule, copied
        .replace(/[\s\x00-\x20\x7f:]/g, "")
        .toLowerCase()
        .replace(
          /^X-SMTPAPI$|^(MIME|DKIM|ARC|BIMI)\b|^OTP(?=-Token$)|^[a-z]|-(SPF|FBL|ID|MD5)$|-[a-z]/gi,
          (c) => c.toUpperCase(),
        )
        .replace(/^Content-Features$/i, "Content-features");
    const remembering = rememberingHeaderKeys(rule);
    const installed: unknown = Reflect.get(new MimeNode("text/plain"), "_normalizeHeaderKey");
    expect(typeof installed).toBe("function");
    const keys = [
      "content-type",
      "MESSAGE-ID",
      "mime-version",
      "x-smtpapi",
      "dkim-signature",
      "arc-seal",
      "otp-token",
      "received-spf",
      "content-md5",
      "content-features",
      "list-id",
      "From: ceo@example.com (",
      "",
    ];
    for (const key of [...keys, ...keys]) {
      expect(remembering(key)).toBe(rule(key));
      if (typeof installed === "function") expect(installed.call(null, key)).toBe(rule(key));
    }
    expect(remembering(undefined)).toBe("");
  });
});
