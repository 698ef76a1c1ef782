/**
 * Focus after navigation: when the page changes in the browser, keyboard and
 * screen-reader focus moves to the new page's heading, as a full page load would start at the top
 * of the new page. Not on the first load, not when only the hash or query changes (a section
 * jump moves focus itself, app/lib/scroll.ts), and not when something on the new page already
 * took focus (a form's first error, a search box).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useFocusHeadingOnNavigate(containerId: string): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes only.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    const container = document.getElementById(containerId);
    if (!container) return;
    const active = document.activeElement;
    if (active && active !== document.body && container.contains(active)) return;
    const heading = container.querySelector<HTMLElement>("h1");
    const target = heading ?? container;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname]);
}
