/**
 * The quote as a PDF (pdfkit): Letter size, text that can be selected and searched, the store's
 * name, phone and license line from the business facts, every room and item with a drawing of
 * its window, the totals, the deposit, the valid-until date, the terms and the notice of the
 * right to cancel. With a signature it is the signed agreement the customer is emailed.
 */

import type { QuoteTotals } from "../../../domain/sales/quote";
import { formatVisitDate } from "../../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../../domain/shared/business";
import { formatInches } from "../../../domain/shared/dimensions";
import { formatMoney } from "../../../domain/shared/money";
import { loadPdfDocument } from "../../pdf-document";
import type { QuoteItemView, QuoteView } from "./quote-view";

export interface PdfSignature {
  name: string;
  signedAt: string;
  sha256: string;
  orderNumber: number;
  cancelUntil: string | null;
}

const INK = "#1f2933";
const MUTED = "#52606d";
const ACCENT = "#1d4e5f";
const LEFT = 54;
const WIDTH = 612 - 2 * LEFT;

/** WinAnsi (the standard fonts' encoding) has no "×" issue, but some glyphs must be swapped. */
function plain(text: string): string {
  return text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/≤/g, "<=");
}

function drawWindow(doc: PDFKit.PDFDocument, item: QuoteItemView, x: number, y: number) {
  const box = 44;
  const aspect = item.picture.aspect > 0 ? item.picture.aspect : 0.75;
  const w = aspect >= 1 ? box : box * aspect;
  const h = aspect >= 1 ? box / aspect : box;
  const left = x + (box - w) / 2;
  const top = y + (box - h) / 2;
  doc.save();
  doc.rect(left, top, w, h).fillAndStroke(item.picture.color ?? "#f3efe6", "#7b8794");
  doc.strokeColor("#9aa5b1").lineWidth(0.5);
  const slats = 5;
  for (let i = 1; i < slats; i++) {
    const sy = top + (h * i) / slats;
    doc
      .moveTo(left, sy)
      .lineTo(left + w, sy)
      .stroke();
  }
  doc.restore();
}

/** The small grey type of an item's details and of the closing line. */
function smallPrint(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  return doc.font("Helvetica").fontSize(9).fillColor(MUTED);
}

function money(cents: number): string {
  return formatMoney(cents);
}

function totalsRows(t: QuoteTotals, discountPercent: number): [string, string][] {
  const rows: [string, string][] = [["Subtotal", money(t.subtotalCents)]];
  if (t.discountCents > 0)
    rows.push(["Multiple blind discount (10 %)", `-${money(t.discountCents)}`]);
  if (t.extraDiscountCents > 0) {
    rows.push([`Quote discount (${discountPercent} %)`, `-${money(t.extraDiscountCents)}`]);
  }
  rows.push(["Shipping", t.shippingCents === 0 ? "Free" : money(t.shippingCents)]);
  rows.push(["Sales tax", money(t.taxCents)]);
  rows.push(["Total", money(t.totalCents)]);
  if (t.depositCents > 0) rows.push(["Deposit due on acceptance", money(t.depositCents)]);
  return rows;
}

/**
 * Renders the quote. `chosenOptionalIds` are the optional items counted in `totals` (none on the
 * quote that is sent; the customer's choice on the signed agreement).
 */
export async function renderQuotePdf(input: {
  view: QuoteView;
  business: BusinessFacts;
  totals: QuoteTotals;
  chosenOptionalIds?: readonly number[];
  signature?: PdfSignature;
}): Promise<Buffer> {
  const { view, business, totals, signature } = input;
  const chosen = new Set(input.chosenOptionalIds ?? []);
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 54, left: LEFT, right: LEFT },
    info: {
      Title: `${signature ? "Signed agreement" : "Quote"} ${view.label} — ${business.name}`,
      Author: business.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // Header: the store's facts.
  doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(18).text(plain(business.name), LEFT);
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(9)
    .text(plain(`${business.phone} · ${business.email} · ${business.county}`))
    .text(plain(business.licenseLine));
  doc.moveDown(0.8);
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(15)
    .text(signature ? `Signed agreement — Quote ${view.label}` : `Quote ${view.label}`);
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`Valid until ${formatVisitDate(view.validUntil)} (through the end of that day)`)
    .text(`Revision ${view.revision}`);
  doc.moveDown(0.6);
  const c = view.customer;
  doc
    .font("Helvetica-Bold")
    .text("Prepared for")
    .font("Helvetica")
    .text(plain(`${c.firstName} ${c.lastName}`))
    .text(plain(`${c.address}, ${c.city}, FL ${c.zipCode}`))
    .text(plain(`${c.phone} · ${c.email}`));
  doc.moveDown(0.8);

  // Items, grouped by room in the order given.
  doc.font("Helvetica-Bold").fontSize(12).fillColor(ACCENT).text("Rooms and windows");
  doc.moveDown(0.3);
  for (const item of view.items) {
    if (doc.y > 650) doc.addPage();
    const top = doc.y;
    drawWindow(doc, item, LEFT, top);
    const textLeft = LEFT + 56;
    const textWidth = WIDTH - 56 - 110;
    const included = !item.optional || chosen.has(item.id);
    const heading = `${item.roomLabel ? `${item.roomLabel}: ` : ""}${item.name}${
      item.optional ? (included ? " (optional, included)" : " (optional, not included)") : ""
    }`;
    doc
      .fillColor(INK)
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(plain(heading), textLeft, top, { width: textWidth });
    smallPrint(doc).text(
      plain(
        [
          item.height > 0
            ? `${formatInches(item.width)} wide x ${formatInches(item.height)} high`
            : `${formatInches(item.width)} wide`,
          ...item.details,
        ].join(" · "),
      ),
      { width: textWidth },
    );
    const bottom = doc.y;
    doc
      .fillColor(INK)
      .font("Helvetica")
      .fontSize(10)
      .text(`${item.quantity} x ${money(item.unitCents)}`, LEFT + WIDTH - 105, top, {
        width: 105,
        align: "right",
      })
      .font("Helvetica-Bold")
      .text(money(item.lineCents), LEFT + WIDTH - 105, doc.y, { width: 105, align: "right" });
    doc.y = Math.max(bottom, top + 48) + 8;
    doc.x = LEFT;
  }

  // Totals.
  doc.moveDown(0.4);
  doc
    .strokeColor("#d9e2ec")
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .stroke();
  doc.moveDown(0.4);
  for (const [label, value] of totalsRows(totals, view.discountPercent)) {
    const bold = label === "Total";
    const y = doc.y;
    doc
      .fillColor(INK)
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(bold ? 12 : 10)
      .text(label, LEFT + WIDTH - 320, y, { width: 210, align: "right" })
      .text(value, LEFT + WIDTH - 105, y, { width: 105, align: "right" });
  }
  doc.x = LEFT;
  doc.moveDown(0.8);

  if (view.note) {
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Note", LEFT);
    doc.font("Helvetica").text(plain(view.note), { width: WIDTH });
    doc.moveDown(0.6);
  }
  if (doc.y > 600) doc.addPage();
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Terms", LEFT);
  doc.font("Helvetica").fontSize(9);
  for (const term of view.terms) doc.text(plain(`- ${term}`), { width: WIDTH });
  doc.moveDown(0.6);
  if (view.cancelNotice) {
    doc.font("Helvetica-Bold").fontSize(10).text("Notice of your right to cancel", LEFT);
    doc.font("Helvetica").fontSize(9).text(plain(view.cancelNotice), { width: WIDTH });
    doc.moveDown(0.6);
  }

  if (signature) {
    if (doc.y > 620) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(11).fillColor(ACCENT).text("Accepted and signed", LEFT);
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(INK)
      .text(plain(`Signed by: ${signature.name} (typed name, "I agree" ticked)`))
      .text(`Signed at: ${signature.signedAt}`)
      .text(`Order #${signature.orderNumber}`);
    if (signature.cancelUntil) {
      doc.text(`You may cancel through ${formatVisitDate(signature.cancelUntil)}.`);
    }
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(`SHA-256 of the quote as shown: ${signature.sha256}`, { width: WIDTH });
  } else {
    smallPrint(doc).text(
      plain(
        `To accept, open your quote's page from our email, tick the optional items you want, type your name and tick "I agree". Or call ${business.phone}.`,
      ),
      LEFT,
      doc.y,
      { width: WIDTH },
    );
  }
  doc.end();
  return done;
}
