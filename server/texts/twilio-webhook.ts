/**
 * Twilio's webhook, checked and answered with Twilio's own code (decisions 521, 550): the
 * signature with the twilio package's validateRequest over PUBLIC_URL + the path (Twilio signs the
 * URL it was given, not the one a proxy forwards), the answers with its TwiML builder. The package
 * is imported the first time a webhook arrives, so a store that takes no texts never loads it.
 */

const load = () => import("twilio").then((m) => m.default);

let loaded: ReturnType<typeof load> | null = null;

function twilio(): ReturnType<typeof load> {
  loaded ??= load();
  return loaded;
}

/** The form's fields as Twilio signed them: a repeated name keeps all its values. */
export function formParams(body: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = params[key];
    if (seen === undefined) params[key] = value;
    else params[key] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/** False when no token is set, the header is missing, or it doesn't match. */
export async function isSignedByTwilio(input: {
  authToken: string | undefined;
  signature: string | undefined;
  url: string;
  params: Record<string, string | string[]>;
  /** X-Twilio-Webhooks-Signature-Settings, which names the algorithm when not HMAC-SHA1. */
  signatureSettings: string | undefined;
}): Promise<boolean> {
  if (!input.authToken || !input.signature) return false;
  const sdk = await twilio();
  return sdk.validateRequest(
    input.authToken,
    input.signature,
    input.url,
    input.params,
    sdk.getSignatureAlgorithm(input.signatureSettings),
  );
}

/** A TwiML answer: one message back, or nothing (null). */
export async function twimlAnswer(message: string | null): Promise<string> {
  const sdk = await twilio();
  const response = new sdk.twiml.MessagingResponse();
  if (message !== null) response.message(message);
  return response.toString();
}
