/**
 * The store's error pages through the real app in production mode (createApp with the page
 * build, decision 337): a loader's unexpected error is answered 500 with the apology, the
 * store's phone and a link home, and nothing of the error; unknown addresses and a loader's
 * "not found" are the friendly 404.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../server/app";
import { loadPageBuild } from "../../support/page-build";
import { createTestStore, type TestStore } from "../../support/test-app";

let store: TestStore;
let app: ReturnType<typeof createApp>;
let closeBuild: () => Promise<void>;

beforeAll(async () => {
  store = await createTestStore("sqlite");
  const { build, close } = await loadPageBuild();
  closeBuild = close;
  app = createApp({ services: store.services, build });
}, 120_000);

afterAll(async () => {
  await closeBuild?.();
  await store?.close();
});

/** The visible text of the page's <main>, tags and comments removed. */
function mainText(html: string): string {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const PHONE = "(239) 555-0142";
const SECRET = "relation orders_secret_column does not exist";

describe("error pages", () => {
  it("answers a loader's unexpected error with a branded 500 that tells nothing of it", async () => {
    // The database fails under the order-status page's loader.
    vi.spyOn(store.services.orders, "findPublicOrder").mockRejectedValue(new Error(SECRET));
    // React Router logs the error through handleError (entry.server.tsx): expected here.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await app.request("/orders/AAAA-BBBB-CCCC-DDDD");
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    const text = mainText(html);
    expect(text).toContain("Sorry, something went wrong on our side");
    expect(text).toContain(`call us at ${PHONE}`);
    expect(html).toContain('href="tel:+12395550142"');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return Home<\/a>/);
    // The store's header and footer are there: the visitor is still in the store.
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    expect(html).toMatch(/<title>Something went wrong \| [^<]+<\/title>/);
    expect(html).not.toContain("orders_secret_column");
    // React Router's own words stay in its hydration data, never on the page.
    expect(text).not.toContain("Unexpected Server Error");
    expect(html).not.toMatch(/at [\w.]+ \(/);
  });

  it("answers an unknown address with the friendly 404", async () => {
    const res = await app.request("/no-such-page");
    expect(res.status).toBe(404);
    const text = mainText(await res.text());
    expect(text).toContain("Page Not Found");
    expect(text).toContain("Return Home");
    expect(text).toContain(`Call ${PHONE}`);
  });

  it("answers a loader's 404 with its own words on the same page", async () => {
    const res = await app.request("/orders/AAAA-BBBB-CCCC-DDDD");
    expect(res.status).toBe(404);
    const text = mainText(await res.text());
    expect(text).toContain("Page Not Found");
    expect(text).toContain("Order not found");
    expect(text).toContain("Return Home");
  });
});
