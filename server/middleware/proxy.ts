/**
 * Addresses as a proxy reports them: TRUST_PROXY
 * is the number of proxies in front of the store (0: none). Each proxy appends the address it
 * received the request from to X-Forwarded-For, so the client is the entry added by the
 * outermost trusted proxy: the Nth from the right. Anything to its left was written by the
 * client and proves nothing.
 */
import { isIPv4, isIPv6 } from "node:net";

/**
 * The value a trusted proxy put in a comma-separated forwarding header: the `hops`th entry from
 * the right; the left-most when the header has fewer entries (a proxy that overwrites the header
 * instead of appending). Undefined when there is no header or hops is 0.
 */
export function forwardedEntry(
  header: string | null | undefined,
  hops: number,
): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header.split(",");
  const entry = entries[Math.max(0, entries.length - hops)]?.trim();
  return entry ? entry : undefined;
}

/**
 * One spelling per address: IPv4-mapped IPv6 as IPv4, no port, no brackets or zone, IPv6 in
 * RFC 5952 form (lower case, longest zero run compressed). Undefined when it is not an address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let text = raw.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  if (isIPv4(text)) return canonicalIPv4(text);
  if (!isIPv6(text)) return undefined;
  const groups = ipv6Groups(text);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return formatIPv6(groups);
}

/**
 * The key a limit counts under: the address itself for IPv4, its /64 network for IPv6 (one
 * subscriber gets a whole /64 and can pick any address in it).
 */
export function limitKey(address: string): string {
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${formatIPv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

function canonicalIPv4(text: string): string {
  // isIPv4 refuses leading zeros already; this only drops nothing but keeps one spelling.
  return text
    .split(".")
    .map((n) => String(Number(n)))
    .join(".");
}

/** Eight 16-bit groups of an IPv6 address (with an optional dotted IPv4 tail), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let body = text;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted?.[1]) {
    const bytes = dotted[1].split(".").map(Number);
    if (bytes.some((b) => b > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -dotted[1].length);
    if (body.endsWith(":") && !body.endsWith("::")) body = body.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((g) => Number.parseInt(g, 16)) : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - tail.length - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [
    ...head,
    ...new Array<number>(halves.length === 2 ? missing : 0).fill(0),
    ...rest,
    ...tail,
  ];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

function formatIPv6(groups: number[]): string {
  // RFC 5952: compress the longest run of two or more zero groups (the first of equal runs).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  const left = hex.slice(0, bestStart).join(":");
  const right = hex.slice(bestStart + bestLength).join(":");
  return `${left}::${right}`;
}
