/** What React Router loaders and actions receive as `context` (built in server/app.ts). */
import type { AppServices } from "./context";

export interface StoreLoadContext {
  services: AppServices;
  /** The CSP nonce of this response, for inline scripts. */
  cspNonce: string;
  /** The client's address (TRUST_PROXY-aware), for rate limits in page actions. */
  clientAddress: string;
}

declare module "react-router" {
  interface AppLoadContext extends StoreLoadContext {}
}
