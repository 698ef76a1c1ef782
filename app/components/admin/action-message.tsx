import { useEffect, useRef } from "react";

/**
 * The sentence of an admin action's answer: a status when it was done, an alert when refused.
 * A refusal whose fields say it all shows nothing here: its errors are at them.
 */
export function ActionMessage({
  result,
  className = "mt-4 font-medium",
  boxed = false,
}: {
  result:
    | { ok: true; message: string }
    | { ok: false; error: string; fieldsOnly?: boolean }
    | null
    | undefined;
  className?: string;
  /** In a box, green when done, red when refused. */
  boxed?: boolean;
}) {
  if (!result || (!result.ok && result.fieldsOnly)) return null;
  const box = result.ok ? "border-success text-success" : "border-danger text-danger";
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={boxed ? `${className} rounded-md border bg-white px-4 py-3 ${box}` : className}
    >
      {result.ok ? result.message : result.error}
    </p>
  );
}

type ShownResult =
  | { ok: true; message: string; intent?: string }
  | { ok: false; error: string; fieldsOnly?: boolean; intent?: string };

/**
 * Where a form's answer lands: right after the form that was pressed, not at the top of a long
 * page. The forms post to `#${id}`, so without JavaScript the browser scrolls here; with it the
 * message takes focus (read out, and scrolled into view). `scroll-mt` keeps the form that was
 * pressed in view above it.
 */
export function FormResult({
  id,
  result,
  intents,
}: {
  /** The anchor the forms post to (`action={`#${id}`}`). */
  id: string;
  result: ShownResult | null | undefined;
  /** The `intent`s of the forms answered here (a prefix ends with "-"). */
  intents: readonly string[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const intent = result?.intent ?? "";
  const mine = intents.some((i) => (i.endsWith("-") ? intent.startsWith(i) : intent === i));
  const shown = mine && result && !(!result.ok && result.fieldsOnly) ? result : null;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return (
    <div id={id} ref={ref} tabIndex={-1} className="scroll-mt-[40vh] focus:outline-none">
      <ActionMessage result={shown} boxed className="mt-3 font-medium break-words" />
    </div>
  );
}
