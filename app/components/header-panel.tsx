/**
 * A header button that opens a panel under the header (the phone menu, the search), built on
 * <details>/<summary> so that it opens and closes with no script at all. The
 * panels share one `name`: opening one closes the other, natively. After hydration it also
 * closes on navigation, on a link followed inside it, on a click or focus elsewhere, and on
 * Escape (focus back on its button). Its open state stays the browser's: React never sets
 * `open`, so a panel opened before hydration is not closed or lost by it.
 */
import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { CloseIcon } from "./icons";

const PANEL_GROUP = "header-panel";

export function HeaderPanel({
  label,
  icon,
  className = "",
  onOpen,
  onClose,
  children,
}: {
  /** The button's accessible name; its expanded state is the element's own. */
  label: string;
  icon: ReactNode;
  className?: string;
  onOpen?: (details: HTMLDetailsElement) => void;
  onClose?: (details: HTMLDetailsElement) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  const close = useCallback((focusButton: boolean) => {
    const details = ref.current;
    if (!details?.open) return;
    details.open = false;
    if (focusButton) details.querySelector("summary")?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    close(false);
  }, [location.key]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const details = ref.current;
      const target = event.target;
      if (!details?.open || !(target instanceof Element)) return;
      // A link followed from the panel closes it too (a section of the page it is on).
      if (!details.contains(target) || target.closest("a")) close(false);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [close]);

  return (
    <details
      ref={ref}
      name={PANEL_GROUP}
      className={`group ${className}`}
      onToggle={(e) => {
        const details = e.currentTarget;
        if (details.open) onOpen?.(details);
        else onClose?.(details);
      }}
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !ref.current?.open) return;
        e.preventDefault();
        close(true);
      }}
      onBlur={(e) => {
        // Tabbing out of the open panel closes it: nothing focused is left under it.
        const next = e.relatedTarget;
        if (next instanceof Node && !e.currentTarget.contains(next)) close(false);
      }}
    >
      <summary
        aria-label={label}
        className="inline-flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded hover:bg-primary-light [&::-webkit-details-marker]:hidden"
      >
        <span className="group-open:hidden">{icon}</span>
        <span className="hidden group-open:inline">
          <CloseIcon />
        </span>
      </summary>
      <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-6.5rem)] overflow-y-auto border-y border-line bg-white shadow-md">
        {children}
      </div>
    </details>
  );
}
