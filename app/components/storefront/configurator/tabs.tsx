/**
 * Keyboard-operable tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs;
 * every panel stays mounted so nothing typed is lost when switching.
 */
import { type ReactNode, useRef, useState } from "react";

export interface TabDef {
  id: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ label, tabs }: { label: string; tabs: readonly TabDef[] }) {
  const [active, setActive] = useState(tabs[0]?.id ?? "");
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function focusTab(index: number) {
    const i = (index + tabs.length) % tabs.length;
    const tab = tabs[i];
    if (!tab) return;
    setActive(tab.id);
    refs.current[i]?.focus();
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-4 gap-1 rounded-lg bg-surface p-1"
      >
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") focusTab(i + 1);
              else if (e.key === "ArrowLeft") focusTab(i - 1);
              else if (e.key === "Home") focusTab(0);
              else if (e.key === "End") focusTab(tabs.length - 1);
              else return;
              e.preventDefault();
            }}
            className="min-h-11 rounded-md px-2 text-sm font-semibold text-muted aria-selected:bg-white aria-selected:text-primary aria-selected:shadow sm:text-base"
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`panel-${t.id}`}
          aria-labelledby={`tab-${t.id}`}
          hidden={active !== t.id}
          className="mt-4 space-y-5"
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
