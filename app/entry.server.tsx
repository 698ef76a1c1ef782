/**
 * Server rendering with the response's CSP nonce on every inline script React Router emits.
 * Bots get the whole document at once; so do people when the page is complete within a few
 * turns of the event loop after its shell (every page today); a page still waiting is streamed.
 * Personal pages (and their `.data` requests) are never cached; /admin without a session is its
 * login form, a 200.
 */
import { Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import appCss from "./app.css?inline";
import { AppCssProvider } from "./components/app-style";
import { NonceProvider } from "./components/nonce";
import {
  documentBytesWithoutModulePreloads,
  documentWithoutModulePreloads,
} from "./lib/document-head.server";
import { registerSpanishCatalogs } from "./lib/i18n";
import { SPANISH_CATALOGS } from "./lib/spanish-catalogs";

// The server renders pages in both languages: every catalog is there from the start.
registerSpanishCatalogs(SPANISH_CATALOGS);

export const streamTimeout = 5_000;
/**
 * How many turns of the event loop a page may take, after its shell, to be complete and answered
 * whole. React Router's <Scripts> always leaves one boundary pending at the shell:
 * the loader data it writes into the page, read from a stream; a page whose data are all there
 * completes within the turn (measured: every personal page, at the first turn). A page still
 * waiting after these turns (data deferred to a slow promise) is streamed.
 */
const WHOLE_WAIT_TURNS = 4;

/**
 * Pages with personal data or a cart: the documents and their
 * single-fetch `.data` answers carry `Cache-Control: private, no-store`.
 */
// Case-insensitive: a case variant (/CART, /Orders/REF) is a 404 that carries
// the Cache-Control of the page it imitates. The Spanish twins (/es/cart…) are personal too.
const PERSONAL_PAGE =
  /^(?:\/es)?\/(?:cart|checkout|order-confirmation|admin|orders\/[^/]+|admin\/.*|account|account\/.*|quotes\/.*|book|bookings\/.*)$/i;

export function isPersonalPage(pathname: string): boolean {
  const path = pathname.replace(/\.data$/i, "").replace(/\/+$/, "") || "/";
  return PERSONAL_PAGE.test(path);
}

function markPersonal(request: Request, headers: Headers): void {
  if (isPersonalPage(new URL(request.url).pathname)) {
    headers.set("Cache-Control", "private, no-store");
  }
}

/**
 * The admin layout shows the login form instead of its pages when there is no session; the
 * child routes' 401 is not what the visitor sees, so the document answers 200.
 */
function statusOf(responseStatusCode: number, routerContext: EntryContext): number {
  const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
  // A refused login (an action's 401) stays a 401.
  if (responseStatusCode !== 401 || !errors || actionData) return responseStatusCode;
  const layout: unknown = loaderData["routes/admin/layout"];
  const loggedOut =
    typeof layout === "object" && layout !== null && "authenticated" in layout
      ? layout.authenticated === false
      : false;
  const onlyLoginRequired = Object.values(errors).every(
    (e) => isRouteErrorResponse(e) && e.status === 401,
  );
  return loggedOut && onlyLoginRequired ? 200 : responseStatusCode;
}

/**
 * What React Router reports besides the answer it sends. A method no page serves (OPTIONS /),
 * a POST to a page without an action (POST /orders/REF) or an unknown path is the visitor's
 * mistake, answered 405 or 404 and written in the request log (path masked): no stack trace,
 * no unmasked path. Anything else is a bug and is reported as one.
 */
const VISITOR_MISTAKE =
  /^(?:Invalid request method|You made an? \w+ request to|No route matches URL)/;

export function handleError(
  error: unknown,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const message = error instanceof Error ? error.message : String(error);
  if (VISITOR_MISTAKE.test(message)) return;
  console.error(error);
}

export function handleDataRequest(
  response: Response,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
): Response {
  markPersonal(request, response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  markPersonal(request, responseHeaders);
  responseStatusCode = statusOf(responseStatusCode, routerContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let decided = false;
    const decide = (how: () => void) => {
      if (decided) return;
      decided = true;
      how();
    };
    // The render is aborted if it is still streaming after streamTimeout; once it has ended, the
    // timer is cleared: left to run, it kept every finished render (its React request, loader
    // data and markup) reachable for 6 s, 300–390 MB under 4 connections of rendered pages.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const answer = (body: BodyInit) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    // A page complete soon after its shell (the cart, checkout, an order, a quote: only React
    // Router's loader data left to write) is answered whole: one buffer, which
    // the compression middleware compresses in one call, instead of a stream through a
    // Transform, a web stream and a compressor fed burst by burst on zlib's thread pool.
    const whole = () => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      sink.once("finish", () => {
        clearTimeout(timer);
        // No modulepreload hints: the first paint needs only the HTML.
        answer(documentBytesWithoutModulePreloads(Buffer.concat(chunks)));
      });
      pipe(sink);
    };
    const streamed = () => {
      // No modulepreload hints: the first paint needs only the HTML.
      const body = documentWithoutModulePreloads();
      body.once("close", () => clearTimeout(timer));
      answer(createReadableStreamFromReadable(body));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <AppCssProvider value={appCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </AppCssProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (waitForAll) return;
          let turns = 0;
          const wait = () => {
            if (decided) return;
            if (++turns > WHOLE_WAIT_TURNS) decide(streamed);
            else setImmediate(wait);
          };
          wait();
        },
        onAllReady() {
          if (waitForAll || shellRendered) decide(whole);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it they reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
