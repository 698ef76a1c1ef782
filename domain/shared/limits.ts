/**
 * Limits and form helpers the browser needs without the zod schemas that enforce them on the
 * server: domain/schemas.ts and domain/cart-schema.ts use and re-export them.
 */
export const ROOM_LABEL_MAX = 40;
export const QUANTITY_MAX = 99;

/**
 * The cart page's quantity box: spec §5 turns a non-numeric entry into 1; anything else
 * is checked by quantitySchema (1–99) like the API.
 */
export function quantityFromForm(value: FormDataEntryValue | null): number {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "" || !/^-?\d+(\.\d+)?$/.test(text)) return 1;
  return Number(text);
}

/** The largest total an online order may have: $50,000.00. */
export const ONLINE_ORDER_MAX_CENTS = 50_000_00;
