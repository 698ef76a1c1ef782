/**
 * One way to send email: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox
 *, so nothing is lost on a fresh install.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { errorCode } from "../db/database";
import type { Logger } from "../logger";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** An iCalendar invite (REQUEST or CANCEL): sent as text/calendar, which mail apps offer to add. */
  calendar?: string;
  /** Files to attach (a quote's PDF); content in base64. */
  attachments?: readonly { filename: string; contentType: string; content: string }[];
}

/**
 * Nodemailer's message. The invite goes twice as text/calendar with its method (REQUEST, or
 * CANCEL when a visit is cancelled): as the alternative mail apps offer to add, and as
 * invite.ics. Not nodemailer's icalEvent, which types the file application/ics, a type calendar
 * apps don't open as an invite (RFC 6047 §2.4 names text/calendar).
 */
export function nodemailerMessage({ calendar, attachments, ...message }: EmailMessage) {
  const files = (attachments ?? []).map((a) => ({ ...a, encoding: "base64" }));
  if (!calendar) return files.length ? { ...message, attachments: files } : message;
  const method = /^METHOD:([A-Z]+)\r?$/m.exec(calendar)?.[1] ?? "REQUEST";
  const contentType = `text/calendar; charset=utf-8; method=${method}`;
  return {
    ...message,
    alternatives: [{ contentType, content: calendar }],
    attachments: [...files, { filename: "invite.ics", contentType, content: calendar }],
  };
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

type CreateTransport = typeof import("nodemailer").createTransport;

/**
 * A transport made on the first message: nodemailer's modules (~5 MB resident) are imported
 * then, not at start, since most processes send no email for a long while.
 */
function onFirstMessage<T extends Transporter>(make: (createTransport: CreateTransport) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: () => {
      transport ??= import("nodemailer").then((mod) => make(mod.createTransport));
      return transport;
    },
    close: () => {
      void transport?.then((t) => t.close());
    },
  };
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  if (smtpUrl) {
    // One pooled connection carries the emails of a dispatcher's run, not a
    // connection, greeting and EHLO each; a `pool=false` in SMTP_URL still turns it off.
    const transport = onFirstMessage((createTransport) =>
      createTransport({ url: smtpUrl, pool: true }),
    );
    return {
      async send(message) {
        await (await transport.get()).sendMail({ from, ...nodemailerMessage(message) });
      },
      close: transport.close,
    };
  }
  const transport = onFirstMessage((createTransport) =>
    createTransport({ streamTransport: true, buffer: true }),
  );
  // The folder is made once, not before each email; made again if it went away.
  let folder: Promise<unknown> | undefined;
  const makeFolder = () => {
    folder ??= fs.promises.mkdir(outboxDir, { recursive: true, mode: 0o700 }).catch((error) => {
      folder = undefined;
      throw error;
    });
    return folder;
  };
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...nodemailerMessage(message) });
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error("nodemailer's stream transport gave no buffer");
      await makeFolder();
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      // Messages hold customers' names and addresses: the server's user only.
      // Written at once (a few KB into the page cache, no fsync): 3 thread-pool round trips of
      // an asynchronous write cost 2–6 times its CPU.
      try {
        fs.writeFileSync(file, bytes, { mode: 0o600 });
      } catch (error) {
        if (errorCode(error) !== "ENOENT") throw error;
        folder = undefined;
        await makeFolder();
        fs.writeFileSync(file, bytes, { mode: 0o600 });
      }
      logger.info("email written to outbox", { file: path.basename(file) });
    },
    close: transport.close,
  };
}
