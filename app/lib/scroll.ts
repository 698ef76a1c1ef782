import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { languageOfPath, localizedPath } from "../../domain/i18n/paths";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

/** A jump on the same page scrolls after 100 ms. */
export const SAME_PAGE_SCROLL_DELAY_MS = 100;

export function scrollToId(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  // Move keyboard focus with the view so the next Tab continues from the section.
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
}

/**
 * Go to a home-page section: scroll there if on the home page ("/", or "/es" in Spanish), else
 * navigate to "/#id" ("/es#id").
 */
export function useSectionNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      const home = localizedPath("/", languageOfPath(location.pathname));
      if (location.pathname === home) {
        if (location.hash !== `#${id}`) navigate(`${home}#${id}`, { preventScrollReset: true });
        setTimeout(() => scrollToId(id), SAME_PAGE_SCROLL_DELAY_MS);
      } else {
        navigate(`${home}#${id}`);
        setTimeout(() => scrollToId(id), SAME_PAGE_SCROLL_DELAY_MS);
      }
    },
    [location.pathname, location.hash, navigate],
  );
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}
