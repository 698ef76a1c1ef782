/**
 * Which requests for the customer's quote page count as the customer opening it (the quote's
 * view count and its first view, decision 376).
 *
 * A view is the page's document (a GET), or a client-side navigation to it: React Router's
 * single-fetch `.data` GET sent from another page (the link on /account). Not a view: the
 * customer's answer itself (a POST, with or without JavaScript), and React Router revalidating
 * the page's loaders after that answer: a `.data` GET sent from the quote page itself, which the
 * browser's Referer says (the store's Referrer-Policy, strict-origin-when-cross-origin, sends the
 * whole same-origin URL). React Router hands the loader the page's URL without `.data`, so the
 * app says which requests were data requests (`dataRequest`, server/app.ts).
 */
export function isQuoteView(request: Request, dataRequest: boolean): boolean {
  if (request.method !== "GET") return false;
  if (!dataRequest) return true;
  const referer = request.headers.get("referer");
  // Without a Referer a data request cannot be told apart: counted, as a navigation.
  if (!referer) return true;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return true;
  }
  const page = new URL(request.url);
  return from.origin !== page.origin || pathOf(from) !== pathOf(page);
}

function pathOf(url: URL): string {
  return url.pathname.replace(/\.data$/, "").replace(/\/+$/, "");
}
