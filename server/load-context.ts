/** What React Router loaders and actions receive as `context` (built in server/app.ts). */
import type { AppServices } from "./context";

/**
 * The services as pages see them: use cases only. The database handle stays with the services
 * and the repositories; a loader that needs data asks a service.
 */
export type PageServices = Omit<AppServices, "db" | "database" | "dialect">;

export function pageServices(services: AppServices): PageServices {
  const { db: _db, database: _database, dialect: _dialect, ...rest } = services;
  return rest;
}

export interface StoreLoadContext {
  services: PageServices;
  /** The CSP nonce of this response, for inline scripts. */
  cspNonce: string;
  /** The client's address (TRUST_PROXY-aware), for rate limits in page actions. */
  clientAddress: string;
  /**
   * A single-fetch data request (the URL ends in `.data`: a client-side navigation or a
   * revalidation), not a document. React Router gives loaders the page's URL without `.data`.
   */
  dataRequest: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends StoreLoadContext {}
}
