/**
 * The answer to what the customer just pressed, shown beside it: a status when it was done, an alert when refused. It takes the focus
 * when it appears, so the page scrolls to it and a screen reader reads it, instead of leaving
 * the customer at the footer with the answer off-screen.
 */
import { useEffect, useRef } from "react";

export function ResultNote({
  result,
  className = "mt-4",
}: {
  result: { ok: boolean; message: string | null } | null | undefined;
  className?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const message = result?.message ?? null;
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!result || !message) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      data-testid="result-note"
      className={`${className} rounded-md border p-4 font-medium outline-none focus-visible:ring-2 focus-visible:ring-primary ${result.ok ? "border-primary bg-primary-light" : "border-danger bg-red-50 text-danger"}`}
    >
      {message}
    </p>
  );
}
