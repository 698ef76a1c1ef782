/**
 * CSV (RFC 4180) for spreadsheet exports, safe against formula injection: a text cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: numbers as they are; text neutralised and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header and rows → CSV text with CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
