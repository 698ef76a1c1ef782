/**
 * CSV (RFC 4180) for spreadsheet exports, safe against formula injection: a text cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
/** An amount of money, kept in cents until the cell writes it with two decimals. */
export interface CsvAmount {
  readonly cents: number;
}

export type CsvValue = string | number | boolean | CsvAmount | null | undefined;

/** A money cell: 10.00, -5.50 (every amount of every export alike, so a column sums). */
export function csvAmount(cents: number): CsvAmount {
  return { cents };
}

/**
 * Excel opens a UTF-8 file without a byte-order mark as the system's code page, which turns
 * "Nguyễn" into mojibake; with it, every spreadsheet reads the names as typed.
 */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: numbers as they are; text neutralised and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return amountText(value.cents);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function amountText(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const sign = cents < 0 && whole > 0 ? "-" : "";
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** Header and rows → CSV text: the byte-order mark, then lines ending CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}
