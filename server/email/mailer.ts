/**
 * One way to send email: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox
 * (DECISIONS.md "Notifications"), so nothing is lost on a fresh install.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** An iCalendar invite (METHOD:REQUEST): sent as text/calendar, which mail apps offer to add. */
  calendar?: string;
  /** Files to attach (a quote's PDF); content in base64. */
  attachments?: readonly { filename: string; contentType: string; content: string }[];
}

/** Nodemailer's message: the invite travels as an icalEvent (alternative + invite.ics). */
function toNodemailer({ calendar, attachments, ...message }: EmailMessage) {
  const files = attachments?.length
    ? { attachments: attachments.map((a) => ({ ...a, encoding: "base64" })) }
    : {};
  return calendar
    ? {
        ...message,
        ...files,
        icalEvent: { method: "REQUEST", filename: "invite.ics", content: calendar },
      }
    : { ...message, ...files };
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...toNodemailer(message) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...toNodemailer(message) });
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      // Messages hold customers' names and addresses: the server's user only (decision 117).
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info("email written to outbox", { file: path.basename(file) });
    },
    close: () => transport.close(),
  };
}
