import { expect, it } from "vitest";
import { isQuoteView } from "./quote-view.server";

const PAGE = "https://blinds.example/quotes/AbCdEfGhIjKlMnOpQrStUvWx";

it.each([
  // [what, method, data request, Referer, a view]
  ["the email's link: the document", "GET", false, null, true],
  ["a reload of the document", "GET", false, PAGE, true],
  ["a client-side navigation from /account", "GET", true, "https://blinds.example/account", true],
  ["a data request without a Referer", "GET", true, null, true],
  ["a data request with a Referer that is not a URL", "GET", true, "nonsense", true],
  [
    "the same path on another site",
    "GET",
    true,
    "https://other.example/quotes/AbCdEfGhIjKlMnOpQrStUvWx",
    true,
  ],
  ["the page revalidating itself after an answer", "GET", true, PAGE, false],
  ["the same, from the page with a query or a trailing slash", "GET", true, `${PAGE}/?x=1`, false],
  ["the answer, with JavaScript", "POST", true, PAGE, false],
  ["the answer, without JavaScript", "POST", false, PAGE, false],
] as const)("%s: %s, data %s, referer %s → %s", (_what, method, dataRequest, referer, view) => {
  const request = new Request(PAGE, {
    method,
    headers: referer ? { referer } : {},
    ...(method === "POST" ? { body: "intent=question" } : {}),
  });
  expect(isQuoteView(request, dataRequest)).toBe(view);
});
