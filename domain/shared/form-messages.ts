type Issue = { path: readonly PropertyKey[]; message: string };

/** The dotted path of an issue ("customerInfo.zipCode", "items.0.width"; "" for the whole input). */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/**
 * zod issues → { path: message } (the `fields` of an error answer, decision 185): the first
 * message of each field, in the schema's order. An issue about the whole input (empty path) is
 * not a field's and is left to the sentence.
 */
export function fieldsFromIssues(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issuePath(issue.path);
    if (path && !(path in fields)) fields[path] = issue.message;
  }
  return fields;
}

/**
 * Schema messages name wire fields ("customerName must be 2–80 characters"), which suits API
 * callers; forms show the same message with the field's label instead. The field is always
 * known from the issue's path or the `fields` map: the label only replaces the
 * name the message starts with.
 */
export function labelMessage(
  field: string,
  message: string,
  labels: Readonly<Record<string, string>>,
): string {
  const label = labels[field];
  if (label && field && message.startsWith(field)) return `${label}${message.slice(field.length)}`;
  // A nested field ("items.2.width") whose message names its last part ("width must …"),
  // labelled by that part when the form has no label for the whole path.
  const leaf = field.split(".").pop() ?? "";
  const leafLabel = label ?? labels[leaf];
  if (leafLabel && leaf && leaf !== field && message.startsWith(leaf)) {
    return `${leafLabel}${message.slice(leaf.length)}`;
  }
  return message;
}

/** A `fields` map (path → message) with each message labelled, keyed by the form's names. */
export function labelFields(
  fields: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
  rename: (path: string) => string = (path) => path,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const name = rename(path);
    if (name in out) continue;
    // Labelled by the form's name, else by the schema's path ("items.0.quantity" → "Quantity …").
    const byName = labelMessage(name, message, labels);
    out[name] = byName !== message ? byName : labelMessage(path, message, labels);
  }
  return out;
}

/** zod issues → the first labelled message of each top-level field. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  labels: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || out[field]) continue;
    out[field] = labelMessage(field, issue.message, labels);
  }
  return out;
}
