/**
 * Florida sales tax: the state rate on the whole
 * discounted subtotal, plus the county's discretionary surtax on at most the first $5,000 of each
 * single item (each unit: a quantity of 3 is three items), rounded half up to the cent once:
 *
 *   tax = (rate − surtax) × discounted subtotal + surtax × Σ over every unit of
 *         min(that unit's discounted price, $5,000)
 *
 * A unit's discounted price: the cart's discounts are spread over the units in proportion to
 * their price, so each unit costs price × (discounted subtotal ÷ subtotal), kept as an exact
 * fraction (never rounded per unit). The arithmetic runs on BigInt: nothing is rounded but the
 * final tax, and the split into the state and surtax parts for the return (DR-15).
 */

/** Florida's cap: the surtax applies to the first $5,000 of a single item (s. 212.054(2)). */
export const SURTAX_ITEM_CAP_CENTS = 5_000_00;

export interface SalesTaxRates {
  /** The whole rate, in basis points (650 = 6.5 %). */
  salesTaxBasisPoints: number;
  /** The part of it charged only on the first $5,000 of each item (50 = 0.5 %; 0: flat). */
  surtaxBasisPoints: number;
}

export interface TaxedUnit {
  /** Price of one piece (installation included), in cents, before the cart's discounts. */
  unitPriceCents: number;
  quantity: number;
}

export interface SalesTax {
  taxCents: number;
  /** The surtax part of taxCents (rounded half up on its own; the state part is the rest). */
  surtaxCents: number;
  /**
   * The amount the surtax was charged on: Σ min(unit's discounted price, $5,000), rounded; 0
   * when the rate is flat.
   */
  surtaxableCents: number;
}

/** Half-up rounding of numerator ÷ denominator for non-negative BigInts. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * The tax on a cart or an order. `subtotalCents` is Σ unit × quantity before discounts and
 * `discountedSubtotalCents` after every discount; the lines say how it splits into units.
 */
export function calculateSalesTax(
  lines: readonly TaxedUnit[],
  subtotalCents: number,
  discountedSubtotalCents: number,
  rates: SalesTaxRates,
): SalesTax {
  const rate = BigInt(rates.salesTaxBasisPoints);
  const surtax = BigInt(Math.min(rates.surtaxBasisPoints, rates.salesTaxBasisPoints));
  const discounted = BigInt(Math.max(0, discountedSubtotalCents));
  const subtotal = BigInt(Math.max(0, subtotalCents));
  if (subtotal === 0n || discounted === 0n) {
    return { taxCents: 0, surtaxCents: 0, surtaxableCents: 0 };
  }
  // Σ min(unit × discounted ÷ subtotal, cap), scaled by `subtotal` to stay whole.
  const cap = BigInt(SURTAX_ITEM_CAP_CENTS) * subtotal;
  let surtaxableScaled = 0n;
  for (const line of lines) {
    const unitScaled = BigInt(line.unitPriceCents) * discounted;
    surtaxableScaled += (unitScaled < cap ? unitScaled : cap) * BigInt(line.quantity);
  }
  const scale = 10_000n * subtotal;
  const taxCents = divideHalfUp(
    (rate - surtax) * discounted * subtotal + surtax * surtaxableScaled,
    scale,
  );
  const surtaxCents = divideHalfUp(surtax * surtaxableScaled, scale);
  return {
    taxCents: Number(taxCents),
    surtaxCents: Math.min(Number(surtaxCents), Number(taxCents)),
    // A flat rate (no surtax) has nothing subject to the surtax.
    surtaxableCents: surtax === 0n ? 0 : Number(divideHalfUp(surtaxableScaled, subtotal)),
  };
}

/** "6.5 %" from 650 basis points (the words the product rules uses). */
// One formatter: toLocaleString with options builds a new Intl.NumberFormat on every call
// (~0.1 ms each, several per cart, order and email).
const PERCENT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export function formatTaxPercent(basisPoints: number): string {
  return `${PERCENT.format(basisPoints / 100)} %`;
}

/** "Sales tax (6.5 %)": the one label of the tax line on the cart, checkout, orders and emails. */
export function salesTaxLabel(basisPoints: number): string {
  return `Sales tax (${formatTaxPercent(basisPoints)})`;
}
