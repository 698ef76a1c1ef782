/**
 * A fresh client address per request, for the benches that send many shoppers' POSTs through
 * one trusted proxy (X-Forwarded-For): the per-address limits stay as they are and are never
 * reached. 10.x.y.z, never the same twice in a run.
 */
let addressCount = 0;

export function nextAddress(): string {
  const n = ++addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** autocannon's `requests` option giving each request an address of its own. */
export function ownAddressRequests() {
  return [
    {
      setupRequest: (r: { path: string; headers?: Record<string, string> }) => ({
        ...r,
        headers: { ...r.headers, "x-forwarded-for": nextAddress() },
      }),
    },
  ];
}
