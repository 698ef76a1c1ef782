/**
 * The Twilio stand-in (tests/support/twilio-stand-in.ts) as its own process for the browser
 * journeys: Playwright starts it beside the store (playwright.config.ts), so the store's texts go
 * to 127.0.0.1, never to Twilio. It holds one photo a customer "texted" (E2E_TEXT_PHOTO), at
 * the media URL an inbound MMS names.
 */

import sharp from "sharp";
import { startTwilioStandIn } from "../support/twilio-stand-in";
import { E2E_TEXT_PHOTO, E2E_TWILIO } from "./twilio-settings";

const standIn = await startTwilioStandIn(
  E2E_TWILIO.accountSid,
  E2E_TWILIO.authToken,
  E2E_TWILIO.port,
);
standIn.media.set(E2E_TEXT_PHOTO, {
  contentType: "image/jpeg",
  data: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c9b48a" } })
    .jpeg()
    .toBuffer(),
});
