/**
 * Toasts: one visible at a time, 5000 ms, announced to screen readers.
 * A new toast replaces the current one. A toast may offer links onward ("View cart"); it never
 * takes focus. On phones it sits at the top of the screen, clear of the Add to Cart buttons
 * and the sticky price bar at the bottom.
 */

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  actions?: readonly { label: string; to: string }[];
}

interface ToastState extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => {
    setToast({ ...input, id: nextId.current++ });
  }, []);
  const value = useMemo(() => show, [show]);

  // Hovering or focusing the toast holds it (WCAG 2.2.1); leaving gives it a fresh 5000 ms.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, held]);
  const close = useCallback(() => {
    setToast(null);
    setHeld(false);
  }, []);
  const hold = {
    onMouseEnter: () => setHeld(true),
    onMouseLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: () => setHeld(false),
  };

  const destructive = toast?.variant === "destructive";
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* The live regions exist before any toast, so screen readers announce insertions. */}
      <div className="pointer-events-none fixed inset-x-0 top-0 z-[90] flex flex-col items-center p-3 sm:top-auto sm:bottom-0 sm:items-end sm:p-4">
        <div
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className="w-full max-w-sm"
          {...hold}
        >
          {toast && !destructive ? <ToastCard toast={toast} onClose={close} /> : null}
        </div>
        <div
          role="alert"
          aria-live="assertive"
          aria-atomic="true"
          className="w-full max-w-sm"
          {...hold}
        >
          {toast && destructive ? <ToastCard toast={toast} onClose={close} /> : null}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onClose }: { toast: ToastState; onClose: () => void }) {
  const destructive = toast.variant === "destructive";
  return (
    <div
      data-testid="toast"
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? "border-danger bg-danger text-white" : "border-line bg-white text-ink"
      }`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
        {toast.actions?.length ? (
          <p className="mt-3 flex flex-wrap gap-2">
            {toast.actions.map((a, i) => (
              <Link
                key={a.to}
                to={a.to}
                onClick={onClose}
                className={
                  i === 0
                    ? "btn-secondary min-h-10 px-4 py-1.5 text-sm"
                    : "btn-primary min-h-10 px-4 py-1.5 text-sm"
                }
              >
                {a.label}
              </Link>
            ))}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onClose}
        className="-m-2 min-h-11 min-w-11 rounded p-2 text-lg leading-none"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
}
