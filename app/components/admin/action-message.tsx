/**
 * The sentence of an admin action's answer: a status when it was done, an alert when refused.
 * A refusal whose fields say it all (decision 185) shows nothing here: its errors are at them.
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
