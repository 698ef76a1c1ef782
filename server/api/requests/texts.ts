/**
 * POST /api/texts/inbound: Twilio posts each incoming text here, form-encoded (decision 550).
 * The signature is checked before anything is read or stored (403 otherwise, also when no
 * TWILIO_AUTH_TOKEN is set); the answer is TwiML, empty for a repeated MessageSid.
 */
import { Hono } from "hono";
import { inboundTextSchema } from "../../../domain/requests/text-keywords";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { inboundMediaOf } from "../../texts/twilio-media";
import { formParams, isSignedByTwilio, twimlAnswer } from "../../texts/twilio-webhook";
import { parseInput } from "../validation";

export const INBOUND_TEXTS_PATH = "/api/texts/inbound";

export function textRoutes(services: AppServices) {
  const { config, textInbox, logger } = services;
  const routes = new Hono();

  routes.post("/texts/inbound", async (c) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") {
      throw new AppError(
        "unsupported_media_type",
        "Send the text as application/x-www-form-urlencoded, as Twilio does.",
      );
    }
    const params = formParams(await c.req.text());
    const signed = await isSignedByTwilio({
      authToken: config.twilio?.authToken,
      signature: c.req.header("x-twilio-signature"),
      url: `${config.publicUrl}${INBOUND_TEXTS_PATH}${new URL(c.req.url).search}`,
      params,
      signatureSettings: c.req.header("x-twilio-webhooks-signature-settings"),
    });
    if (!signed) {
      logger.warn("inbound text refused: signature does not match");
      throw new AppError("forbidden", "The request is not signed by Twilio for this store.");
    }
    const fields = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const text = parseInput(inboundTextSchema, fields);
    const result = await textInbox.receive(text, inboundMediaOf(fields, text.NumMedia));
    if (!result.duplicate) logger.info("inbound text received", { threadId: result.threadId });
    return c.body(await twimlAnswer(result.answer), 200, {
      "Content-Type": "text/xml; charset=utf-8",
    });
  });

  return routes;
}
