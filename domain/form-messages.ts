/**
 * Schema messages name wire fields ("customerName must be 2–80 characters"), which suits API
 * callers; forms show the same message with the field's label instead.
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  labels: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || out[field]) continue;
    const label = labels[field];
    out[field] =
      label && issue.message.startsWith(field)
        ? `${label}${issue.message.slice(field.length)}`
        : issue.message;
  }
  return out;
}
