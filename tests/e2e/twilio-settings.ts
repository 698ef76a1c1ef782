/** The e2e store's Twilio settings: its stand-in listens on E2E_PORT + 1. */
const port = Number(process.env.E2E_PORT || 3210) + 1;

export const E2E_TWILIO = {
  accountSid: `AC${"e2e0123456789abc".repeat(2)}`,
  authToken: "e2eauthtoken0123456789abcdefABCD",
  from: "+12395550100",
  port,
  baseUrl: `http://127.0.0.1:${port}`,
} as const;

/** The name of the photo the stand-in serves as an inbound MMS's attachment. */
export const E2E_TEXT_PHOTO = "MEe2ewindowphoto";

/** Its MediaUrl, as Twilio would name it (tests/support/twilio-stand-in.ts serves this path). */
export const E2E_TEXT_PHOTO_URL = `${E2E_TWILIO.baseUrl}/2010-04-01/Accounts/${E2E_TWILIO.accountSid}/Messages/MM${"0".repeat(32)}/Media/${E2E_TEXT_PHOTO}`;
