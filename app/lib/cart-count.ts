/**
 * The header badge's count, asked for in the browser (GET /api/cart/count; the cart cookie
 * names the cart, as it did for the server-rendered badge): pages are cached for every
 * visitor, so it is never in their HTML. Never throws: a failed count shows no badge.
 */
export async function fetchCartCount(): Promise<number> {
  try {
    const res = await fetch("/api/cart/count", {
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) return 0;
    const body: unknown = await res.json();
    return typeof body === "object" &&
      body !== null &&
      "count" in body &&
      typeof body.count === "number"
      ? body.count
      : 0;
  } catch {
    return 0;
  }
}
