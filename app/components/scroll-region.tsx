import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on a phone: a labelled region that takes focus, so a keyboard
 * can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = "mt-4",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
    <div className={`${className} overflow-x-auto`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
