/**
 * The Twilio stand-in (tests/support/twilio-stand-in.ts) as its own process for the browser
 * journeys: Playwright starts it beside the store (playwright.config.ts), so the store's texts go
 * to 127.0.0.1, never to Twilio.
 */

import { startTwilioStandIn } from "../support/twilio-stand-in";
import { E2E_TWILIO } from "./twilio-settings";

await startTwilioStandIn(E2E_TWILIO.accountSid, E2E_TWILIO.authToken, E2E_TWILIO.port);
