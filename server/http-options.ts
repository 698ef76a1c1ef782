/**
 * Limits on how long Node's HTTP server waits for a request. The defaults (60 s
 * for the headers, 300 s for the whole request, checked every 30 s) let a client that trickles
 * its body a byte at a time hold a connection for minutes. A phone on a poor network sends an
 * ordinary request (a 100 KB body at most) in a few seconds; REQUEST_TIMEOUT_MS gives it several
 * times that and no more. Uploads (photos: server/uploads/upload-limits.ts) get
 * UPLOAD_REQUEST_TIMEOUT_MS: a 13 MB estimate at 400 KB/s takes 33 s. A request still
 * incomplete at its deadline gets 408 and its connection is closed.
 */
import type { IncomingMessage, Server, ServerOptions } from "node:http";
import { UPLOAD_REQUEST_TIMEOUT_MS, uploadLimitOfRequest } from "./uploads/upload-limits";

export { UPLOAD_REQUEST_TIMEOUT_MS };
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export const HTTP_SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  // Node's own deadline is the uploads'; guardRequestTimes holds every other request to 30 s.
  requestTimeout: UPLOAD_REQUEST_TIMEOUT_MS,
  // How often Node looks for requests past those deadlines (default 30 s, which would let a
  // slow request live up to twice its deadline).
  connectionsCheckingInterval: 2_000,
} satisfies ServerOptions;

const TIMED_OUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Node has one request deadline per server: it is set to the uploads' and this holds every
 * request that is not an upload to `ordinaryMs` (counted once its headers are in, which have
 * their own HEADERS_TIMEOUT_MS). A request without a body is complete at once and costs no
 * timer. At the deadline a body still coming in is answered 408 as Node answers its own, and the
 * connection closed.
 */
export function guardRequestTimes(server: Server, ordinaryMs = REQUEST_TIMEOUT_MS): void {
  server.prependListener("request", (req: IncomingMessage, res) => {
    if (req.complete || !hasBody(req)) return;
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
    if (uploadLimitOfRequest(req.method, path, req.headers["content-type"])) return;
    const timer = setTimeout(() => {
      if (req.complete) return;
      const socket = req.socket;
      if (!res.headersSent && socket.writable) socket.end(TIMED_OUT);
      socket.destroy();
    }, ordinaryMs);
    timer.unref();
    res.once("close", () => clearTimeout(timer));
  });
}
