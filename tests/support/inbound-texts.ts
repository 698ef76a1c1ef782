/**
 * Inbound texts as Twilio posts them: form-encoded, signed with the twilio package's own
 * getExpectedTwilioSignature over PUBLIC_URL + the path (the algorithm Twilio uses).
 */
import twilio from "twilio";
import type { TestStore } from "./test-app";

export const TEST_TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "testauthtoken0123456789abcdefAB",
  TWILIO_FROM: "+12395550100",
  PUBLIC_URL: "https://blinds.example",
} as const;

let sidSerial = 0;

/** A fresh Twilio-shaped MessageSid. */
export function newMessageSid(): string {
  sidSerial += 1;
  return `SM${Date.now().toString(16).padStart(16, "0")}${sidSerial.toString(16).padStart(16, "0")}`;
}

export interface InboundOptions {
  from: string;
  body: string;
  sid?: string;
  extra?: Record<string, string>;
  /** Sign with this token instead of the store's. */
  token?: string;
  /** Sign for this URL instead of PUBLIC_URL + the path. */
  url?: string;
  /** Send this header instead of the computed one; null: none. */
  signature?: string | null;
}

export async function postInboundText(store: Pick<TestStore, "app">, options: InboundOptions) {
  const params: Record<string, string> = {
    From: options.from,
    To: TEST_TWILIO.TWILIO_FROM,
    Body: options.body,
    MessageSid: options.sid ?? newMessageSid(),
    NumMedia: "0",
    ...options.extra,
  };
  const url = options.url ?? `${TEST_TWILIO.PUBLIC_URL}/api/texts/inbound`;
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          options.token ?? TEST_TWILIO.TWILIO_AUTH_TOKEN,
          url,
          params,
        )
      : options.signature;
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
  };
  if (signature !== null) headers["x-twilio-signature"] = signature;
  const res = await store.app.request("/api/texts/inbound", {
    method: "POST",
    headers,
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}
