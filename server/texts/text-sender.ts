/**
 * One way to send a text:
 * Twilio's REST API when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set (a plain
 * HTTPS POST to /2010-04-01/Accounts/{SID}/Messages.json with basic auth and the form fields
 * To, From and Body: no SDK to keep up to date), otherwise a file per text under
 * DATA_DIR/texts (0600), like the email outbox.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { toE164 } from "../../domain/shared/phone-number";
import type { Logger } from "../logger";

/** What Twilio answers: a refusal's code and sentence, a sent message's id. */
const TWILIO_ERROR = z.object({ code: z.number().optional(), message: z.string().optional() });
const TWILIO_SENT = z.object({ sid: z.string().optional() });

export interface TextMessage {
  to: string;
  body: string;
}

export interface TextSender {
  send(message: TextMessage): Promise<void>;
  readonly kind: "twilio" | "files";
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a stand-in in tests. */
  baseUrl: string;
}

/** The Authorization header Twilio's REST API takes: the account SID and its auth token. */
export function twilioBasicAuth(twilio: Pick<TwilioConfig, "accountSid" | "authToken">): string {
  return `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`;
}

export function createTextSender(options: {
  twilio: TwilioConfig | undefined;
  textsDir: string;
  logger: Logger;
  fetch?: typeof fetch;
}): TextSender {
  const { twilio, textsDir, logger } = options;
  const doFetch = options.fetch ?? fetch;
  if (twilio) {
    const url = `${twilio.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
    const auth = twilioBasicAuth(twilio);
    return {
      kind: "twilio",
      async send(message) {
        const response = await doFetch(url, {
          method: "POST",
          headers: {
            Authorization: auth,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: new URLSearchParams({
            To: toE164(message.to),
            From: twilio.from,
            Body: message.body,
          }).toString(),
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok) {
          // Twilio answers { code, message, more_info, status }; the code says what to fix.
          let detail = "";
          try {
            const body = TWILIO_ERROR.parse(await response.json());
            detail = ` (Twilio ${body.code ?? "?"}: ${body.message ?? ""})`;
          } catch {
            detail = "";
          }
          throw new Error(`Twilio answered ${response.status}${detail}`);
        }
        const body = TWILIO_SENT.safeParse(await response.json().catch(() => null));
        logger.info("text sent", { provider: "twilio", sid: body.data?.sid ?? null });
      },
    };
  }
  return {
    kind: "files",
    async send(message) {
      await fs.mkdir(textsDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        textsDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.txt`,
      );
      await fs.writeFile(file, `To: ${toE164(message.to)}\n\n${message.body}\n`, { mode: 0o600 });
      logger.info("text written to folder", { file: path.basename(file) });
    },
  };
}
