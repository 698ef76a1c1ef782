/**
 * The photos of an inbound MMS. Twilio names each attachment in MediaUrlN and MediaContentTypeN
 * (N from 0 to NumMedia − 1); the URL is on its REST API (/2010-04-01/Accounts/{SID}/Messages/
 * {MM}/Media/{ME}) and is read with the account's credentials. Only such URLs are fetched: the
 * signature covers the fields, but a store never fetches an address a request names unless it
 * is Twilio's own. Each attachment is at most 5 MB (Twilio's MMS limit) and read within 10 s.
 */
import { type TwilioConfig, twilioBasicAuth } from "./text-sender";

export const MMS_BYTES_MAX = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
/** Twilio sends at most 10 attachments per message. */
const MEDIA_MAX = 10;

export interface InboundMedia {
  url: string;
  contentType: string;
}

export type FetchedMedia = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** The attachments a webhook's fields name, in order. */
export function inboundMediaOf(
  fields: Readonly<Record<string, string | undefined>>,
  count: number,
): InboundMedia[] {
  const media: InboundMedia[] = [];
  for (let i = 0; i < Math.min(count, MEDIA_MAX); i += 1) {
    const url = fields[`MediaUrl${i}`];
    if (url) media.push({ url, contentType: fields[`MediaContentType${i}`] ?? "" });
  }
  return media;
}

/** True when the URL is on the account's own part of Twilio's API (or the tests' stand-in). */
export function isTwilioMediaUrl(twilio: TwilioConfig, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const api = new URL(twilio.baseUrl);
  const prefix = `/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/`;
  return (
    target.origin === api.origin &&
    target.username === "" &&
    target.pathname.startsWith(prefix) &&
    !target.pathname.includes("/../")
  );
}

/** One attachment's bytes, or why it could not be had (said in the log, never to the sender). */
export async function fetchTwilioMedia(
  twilio: TwilioConfig,
  media: InboundMedia,
  doFetch: typeof fetch = fetch,
): Promise<FetchedMedia> {
  if (!isTwilioMediaUrl(twilio, media.url)) return { ok: false, reason: "not a Twilio media URL" };
  const auth = twilioBasicAuth(twilio);
  let response: Response;
  try {
    // Twilio answers with a redirect to its media store; fetch drops the credentials there.
    response = await doFetch(media.url, {
      headers: { Authorization: auth },
      redirect: "follow",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: `fetch failed (${error instanceof Error ? error.name : "error"})` };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, reason: `Twilio answered ${response.status}` };
  }
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MMS_BYTES_MAX) {
    await response.body?.cancel();
    return { ok: false, reason: "larger than 5 MB" };
  }
  return readWithin(response, MMS_BYTES_MAX);
}

async function readWithin(response: Response, limit: number): Promise<FetchedMedia> {
  const reader = response.body?.getReader();
  if (!reader) return { ok: false, reason: "no body" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return { ok: false, reason: "larger than 5 MB" };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { ok: false, reason: `read failed (${error instanceof Error ? error.name : "error"})` };
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
