/** Money is integer cents inside; 2-decimal numbers on the wire; formatted once at the edge. */

/** Round half up (away from zero for positives) to a whole number of cents. */
export function roundCents(value: number): number {
  // The epsilon guards against binary artefacts such as 1.005 * 100 = 100.49999999999999.
  return Math.sign(value) * Math.round(Math.abs(value) + 1e-9);
}

/** Cents → a 2-decimal number for JSON answers (e.g. 12345 → 123.45). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents → "123.45" string. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal number or string such as 123.45 → cents; NaN when it is not a number. */
export function amountToCents(amount: number | string): number {
  const n = typeof amount === "number" ? amount : Number(amount);
  return Number.isFinite(n) ? roundCents(n * 100) : Number.NaN;
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents → "$1,234.50" (Intl's en-US USD text, one formatter for the process). */
export function formatMoney(cents: number): string {
  return USD.format(cents / 100);
}

/** Apply basis points (1/100 of a percent) to an amount in cents, rounded half up. */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  return roundCents((cents * basisPoints) / 10_000);
}
