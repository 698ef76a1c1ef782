/**
 * Limits on how long Node's HTTP server waits for a request (decision 119). The defaults (60 s
 * for the headers, 300 s for the whole request, checked every 30 s) let a client that trickles
 * its body a byte at a time hold a connection for minutes. A phone on a poor network sends our
 * largest request (a 100 KB body) in a few seconds; these give it several times that and no
 * more. A request still incomplete at its deadline gets 408 and its connection is closed.
 */
import type { ServerOptions } from "node:http";

export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export const HTTP_SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  // How often Node looks for requests past those deadlines (default 30 s, which would let a
  // slow request live up to twice its deadline).
  connectionsCheckingInterval: 2_000,
} satisfies ServerOptions;
