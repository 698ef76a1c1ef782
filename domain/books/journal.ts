/**
 * The bookkeeper's export as journals (DECISIONS "Profit per job", export): each order placed is
 * an invoice (accounts receivable against sales, delivery, the state's sales tax and the Lee
 * County surtax on their own lines), each payment moves money from receivable to undeposited
 * funds, each refund the other way. Every entry's lines sum to zero (debits positive). QuickBooks
 * Online's and Xero's journal CSVs and QuickBooks Desktop's IIF are three printings of it.
 */
import { z } from "zod";
import { csvAmount, toCsv } from "../shared/csv";
import { centsToDecimalString } from "../shared/money";

export const JOURNAL_ACCOUNTS = {
  receivable: { name: "Accounts Receivable", code: "1200" },
  undeposited: { name: "Undeposited Funds", code: "1090" },
  sales: { name: "Sales", code: "4000" },
  delivery: { name: "Delivery Income", code: "4100" },
  stateTax: { name: "Sales Tax Payable: Florida", code: "2200" },
  surtax: { name: "Sales Tax Payable: Lee County Surtax", code: "2210" },
} as const;
export type JournalAccount = keyof typeof JOURNAL_ACCOUNTS;

export interface JournalLine {
  account: JournalAccount;
  /** Debit positive, credit negative. */
  cents: number;
}

export interface JournalEntry {
  /** "INV-1001", "PAY-17", "REF-18". */
  number: string;
  /** Store date, YYYY-MM-DD. */
  date: string;
  description: string;
  /** The customer, under one name throughout the export. */
  name: string;
  lines: JournalLine[];
}

export interface InvoiceInput {
  orderNumber: number;
  date: string;
  email: string;
  name: string;
  totalCents: number;
  shippingCents: number;
  taxCents: number;
  /** The surtax part of the tax, rounded half up on its own; the state's is the rest. */
  surtaxCents: number;
}

export interface PaymentInput {
  id: number;
  orderNumber: number;
  date: string;
  email: string;
  name: string;
  method: string;
  /** Negative for a refund. */
  amountCents: number;
}

/** Each customer under one name: the first one the export meets for the email. */
export function customerNames(entries: readonly { email: string; name: string }[]) {
  const names = new Map<string, string>();
  for (const e of entries) {
    const key = e.email.trim().toLowerCase();
    if (!names.has(key)) names.set(key, e.name.trim());
  }
  return (email: string) => names.get(email.trim().toLowerCase()) ?? email;
}

function withoutZeros(lines: JournalLine[]): JournalLine[] {
  return lines.filter((l) => l.cents !== 0);
}

export function buildJournal(
  invoices: readonly InvoiceInput[],
  payments: readonly PaymentInput[],
): JournalEntry[] {
  const nameOf = customerNames([...invoices, ...payments]);
  const entries: JournalEntry[] = invoices.map((o) => {
    const stateTax = o.taxCents - o.surtaxCents;
    const sales = o.totalCents - o.shippingCents - o.taxCents;
    return {
      number: `INV-${o.orderNumber}`,
      date: o.date,
      description: `Order #${o.orderNumber}`,
      name: nameOf(o.email),
      lines: withoutZeros([
        { account: "receivable", cents: o.totalCents },
        { account: "sales", cents: -sales },
        { account: "delivery", cents: -o.shippingCents },
        { account: "stateTax", cents: -stateTax },
        { account: "surtax", cents: -o.surtaxCents },
      ]),
    };
  });
  for (const p of payments) {
    const refund = p.amountCents < 0;
    entries.push({
      number: `${refund ? "REF" : "PAY"}-${p.id}`,
      date: p.date,
      description: `Order #${p.orderNumber}: ${refund ? "refund" : "payment"} (${p.method})`,
      name: nameOf(p.email),
      lines: [
        { account: "undeposited", cents: p.amountCents },
        { account: "receivable", cents: -p.amountCents },
      ],
    });
  }
  return entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** 2026-11-05 → 11/05/2026, as QuickBooks and Xero (US) read dates. */
function usDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

export const JOURNAL_FORMATS = ["qbo", "xero", "iif"] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];
export const journalFormatSchema = z.object({
  format: z.enum(JOURNAL_FORMATS, { error: "format must be qbo, xero or iif" }),
});

/** QuickBooks Online's journal-entry import. */
export function journalToQbo(entries: readonly JournalEntry[]): string {
  return toCsv(
    ["Journal No", "Journal Date", "Account", "Debits", "Credits", "Description", "Name"],
    entries.flatMap((e) =>
      e.lines.map((l) => [
        e.number,
        usDate(e.date),
        JOURNAL_ACCOUNTS[l.account].name,
        l.cents > 0 ? csvAmount(l.cents) : "",
        l.cents < 0 ? csvAmount(-l.cents) : "",
        e.description,
        e.name,
      ]),
    ),
  );
}

/** Xero's manual-journal import: signed amounts, debits positive. */
export function journalToXero(entries: readonly JournalEntry[]): string {
  return toCsv(
    ["Narration", "Date", "Description", "AccountCode", "TaxRate", "Amount"],
    entries.flatMap((e) =>
      e.lines.map((l) => [
        `${e.number} ${e.name}`,
        usDate(e.date),
        e.description,
        JOURNAL_ACCOUNTS[l.account].code,
        "Tax Exempt",
        csvAmount(l.cents),
      ]),
    ),
  );
}

/** An IIF field: tabs and line breaks would end it, quotes confuse QuickBooks' reader. */
function iifField(value: string): string {
  return value.replace(/[\t\r\n"]+/g, " ");
}

/** QuickBooks Desktop's IIF: tab-separated !TRNS/!SPL/!ENDTRNS blocks, one per entry. */
export function journalToIif(entries: readonly JournalEntry[]): string {
  const head = ["TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO"];
  const rows = [`!TRNS\t${head.join("\t")}`, `!SPL\t${head.join("\t")}`, "!ENDTRNS"];
  for (const e of entries) {
    e.lines.forEach((l, i) => {
      rows.push(
        [
          i === 0 ? "TRNS" : "SPL",
          "GENERAL JOURNAL",
          usDate(e.date),
          JOURNAL_ACCOUNTS[l.account].name,
          iifField(e.name),
          centsToDecimalString(l.cents),
          e.number,
          iifField(e.description),
        ].join("\t"),
      );
    });
    rows.push("ENDTRNS");
  }
  return `${rows.join("\r\n")}\r\n`;
}

export function printJournal(format: JournalFormat, entries: readonly JournalEntry[]): string {
  if (format === "qbo") return journalToQbo(entries);
  if (format === "xero") return journalToXero(entries);
  return journalToIif(entries);
}
