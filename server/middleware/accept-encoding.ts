/** Which of the encodings the store keeps (brotli, gzip) a request's Accept-Encoding asks for. */

export type Encoding = "br" | "gzip";

/** Most clients send the same few header values: remember their answer. */
const chosen = new Map<string, Encoding | null>();

/** br when accepted (q > 0), else gzip, else none. `*` counts as br. */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const known = chosen.get(acceptEncoding);
  if (known !== undefined) return known;
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br" || name === "*") br = true;
    else if (name === "gzip" || name === "x-gzip") gzip = true;
  }
  const result: Encoding | null = br ? "br" : gzip ? "gzip" : null;
  if (chosen.size < 64) chosen.set(acceptEncoding, result);
  return result;
}

/** A Buffer as a Response body (it is a Uint8Array; the DOM typings want ArrayBuffer-backed). */
export function bodyOf(data: Buffer): BodyInit {
  return data as unknown as BodyInit;
}
