/** The e2e store's Twilio settings: its stand-in listens on E2E_PORT + 1. */
const port = Number(process.env.E2E_PORT || 3210) + 1;

export const E2E_TWILIO = {
  accountSid: `AC${"e2e0123456789abc".repeat(2)}`,
  authToken: "e2eauthtoken0123456789abcdefABCD",
  from: "+12395550100",
  port,
  baseUrl: `http://127.0.0.1:${port}`,
} as const;
