/**
 * Every visible link, button and form control on the public pages at 375 px is at least
 * 44 × 44 px, or has that much room: a 44 px circle on its centre touches no other target (the
 * spacing rule of WCAG 2.5.8, at 44 px instead of 24). Links inside a sentence are exempt, as
 * WCAG exempts them (their size is the line's).
 * And every page's title fits a search result.
 */
import { expect, test } from "@playwright/test";
import { PHONE, waitForHydration } from "./fixtures";

const PAGES = [
  "/",
  "/product/vinyl",
  "/product/standard-shutters",
  "/zebra-shades",
  "/track-replacement",
  "/cart",
  "/checkout",
  "/samples",
  "/estimate",
  "/book",
  "/contact",
  "/faq",
  "/search?q=shutters",
  "/maintenance-tips",
  "/returns",
  "/warranty",
  "/account",
  "/no-such-page",
];

for (const path of PAGES) {
  test(`${path}: every target at 375 px is 44 × 44 px or has 44 px of room`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await waitForHydration(page);
    const small = await page.evaluate(() => {
      const SIZE = 44;
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="tab"], [tabindex="0"]';
      // Shown: not in a closed <details>, not hidden, not clipped away as sr-only text.
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 1 &&
          r.height > 1 &&
          el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })
        );
      };
      // A link in a sentence: its block holds words besides the link's (a breadcrumb's
      // separators are not words).
      const inline = (el: Element) => {
        if (el.tagName !== "A") return false;
        const block = el.closest("p, li, dd, td, label, figcaption");
        if (!block) return false;
        const rest = (block.textContent ?? "").replace(el.textContent ?? "", "");
        return /[A-Za-z]{2,}/.test(rest);
      };
      // A control wrapped in its label is measured as the label (the label is the target).
      const targetOf = (el: Element): Element => {
        if (el.tagName === "INPUT" && (el as HTMLInputElement).labels?.length) {
          const label = (el as HTMLInputElement).labels?.[0];
          if (label?.contains(el)) return label;
        }
        return el;
      };
      const targets = [...new Set([...document.querySelectorAll(selector)].map(targetOf))]
        .filter(visible)
        .filter((el) => !inline(el));
      const boxes = targets.map((el) => ({ el, r: el.getBoundingClientRect() }));
      const room = (a: DOMRect, b: DOMRect) => {
        const cx = a.left + a.width / 2;
        const cy = a.top + a.height / 2;
        const dx = Math.max(b.left - cx, 0, cx - b.right);
        const dy = Math.max(b.top - cy, 0, cy - b.bottom);
        return Math.hypot(dx, dy) >= SIZE / 2;
      };
      const named = (el: Element, r: DOMRect) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).name ?? "").trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`;
      return boxes
        .filter(({ el, r }) => {
          if (r.width >= SIZE - 0.5 && r.height >= SIZE - 0.5) return false;
          return boxes.some(
            (o) => o.el !== el && !o.el.contains(el) && !el.contains(o.el) && !room(r, o.r),
          );
        })
        .map(({ el, r }) => named(el, r));
    });
    expect(small).toEqual([]);
  });
}

test("every public page's title fits a search result (70 characters at most)", async ({
  request,
}) => {
  const long: string[] = [];
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(title, `${path} has a title`).not.toBe("");
    if (title.length > 70) long.push(`${path}: ${title.length} "${title}"`);
  }
  expect(long).toEqual([]);
});
