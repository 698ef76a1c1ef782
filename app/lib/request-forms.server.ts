/**
 * What the /samples and /estimate actions share with POST /api/samples and /api/estimates:
 * the photo files of a multipart form, and a service refusal turned into a field error when
 * its message names the field ("zipCode: we mail samples in …").
 */
export { photosFromForm } from "../../server/api/requests";

/** "zipCode: message" → { zipCode: "message" } when zipCode is one of the form's fields. */
export function fieldErrorFromMessage(
  message: string,
  fields: readonly string[],
): Record<string, string> | null {
  const match = /^([A-Za-z]+)(?:\.\d+\.?\w*)?: (.*)$/s.exec(message);
  if (!match || !fields.includes(match[1] ?? "")) return null;
  const text = match[2] ?? "";
  return { [match[1] as string]: text.charAt(0).toUpperCase() + text.slice(1) };
}
