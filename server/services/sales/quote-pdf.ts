/**
 * The quote as a PDF (pdfkit): Letter size, text that can be selected and searched, the store's
 * name, phone and license line from the business facts, every room and item with a drawing of
 * its window, the totals, the deposit, the valid-until date, the terms and the notice of the
 * right to cancel. With a signature it is the signed agreement the customer is emailed.
 */

import { storeDateTimeIn, visitDateIn } from "../../../domain/i18n/dates";
import type { QuoteChoice, QuoteTotals } from "../../../domain/sales/quote";
import type { BusinessFacts } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import { createStorePdf, type StorePdf } from "../../pdf-document";
import { chosenItem, documentWords, type QuoteItemView, type QuoteView } from "./quote-view";

type Words = ReturnType<typeof documentWords>;

/** Good, better, best: a tier's name on the paper, as the quote's pages name it. */
function tierName(t: Words, tier: number, tiers: number): string {
  const words =
    tiers <= 2
      ? [t["pdf.tierGood"](), t["pdf.tierBetter"]()]
      : [t["pdf.tierGood"](), t["pdf.tierBetter"](), t["pdf.tierBest"]()];
  return words[tier - 1] ?? t["pdf.tierOption"]({ n: tier });
}

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
function smallPrint(pdf: StorePdf): StorePdf {
  pdf.doc.fontSize(9).fillColor(MUTED);
  return pdf.weight("regular");
}

/** The items in room order: each room once, in the order its first item was added. */
function byRoom(
  items: readonly QuoteItemView[],
): { room: string | null; items: QuoteItemView[] }[] {
  const rooms = new Map<string | null, QuoteItemView[]>();
  for (const item of items) {
    const room = item.roomLabel?.trim() || null;
    rooms.set(room, [...(rooms.get(room) ?? []), item]);
  }
  return [...rooms].map(([room, list]) => ({ room, items: list }));
}

/** Room for "Accepted and signed" and its five lines. */
const SIGNATURE_HEIGHT = 100;

/** One item: its drawing, name, details (the size among them, once) and its price. */
function drawItem(pdf: StorePdf, t: Words, item: QuoteItemView, included: boolean, tier = "") {
  const { doc } = pdf;
  pdf.keepTogether(56);
  const top = doc.y;
  drawWindow(doc, item, LEFT, top);
  const textLeft = LEFT + 56;
  const textWidth = WIDTH - 56 - 110;
  const heading = `${tier}${item.name}${
    item.optional ? (included ? t["pdf.optionalIncluded"]() : t["pdf.optionalNotIncluded"]()) : ""
  }`;
  doc.fillColor(INK).fontSize(10);
  pdf.weight("bold").text(heading, textLeft, top, { width: textWidth });
  smallPrint(pdf).text(item.details.join(" · "), { width: textWidth });
  const bottom = doc.y;
  doc.fillColor(INK).fontSize(10);
  pdf
    .weight("regular")
    .text(`${item.quantity} x ${money(item.unitCents)}`, LEFT + WIDTH - 105, top, {
      width: 105,
      align: "right",
    })
    .weight("bold")
    .text(money(item.lineCents), LEFT + WIDTH - 105, doc.y, { width: 105, align: "right" });
  doc.y = Math.max(bottom, top + 48) + 8;
  doc.x = LEFT;
}

function money(cents: number): string {
  return formatMoney(cents);
}

function totalsRows(w: Words, t: QuoteTotals, discountPercent: number): [string, string][] {
  const rows: [string, string][] = [[w["pdf.subtotal"](), money(t.subtotalCents)]];
  if (t.discountCents > 0) rows.push([w["pdf.multipleDiscount"](), `-${money(t.discountCents)}`]);
  if (t.extraDiscountCents > 0) {
    rows.push([
      w["pdf.quoteDiscount"]({ percent: discountPercent }),
      `-${money(t.extraDiscountCents)}`,
    ]);
  }
  rows.push([
    w["pdf.shipping"](),
    t.shippingCents === 0 ? w["pdf.free"]() : money(t.shippingCents),
  ]);
  rows.push([w["pdf.tax"](), money(t.taxCents)]);
  rows.push([w["pdf.total"](), money(t.totalCents)]);
  if (t.depositCents > 0) rows.push([w["pdf.deposit"](), money(t.depositCents)]);
  return rows;
}

/**
 * A window with tiers: on the quote, each tier with its price (the first counted in the total
 * until the customer chooses); on the signed agreement, the tier chosen only (decision 571).
 */
function drawTiers(
  pdf: StorePdf,
  t: Words,
  item: QuoteItemView,
  included: boolean,
  choices: readonly QuoteChoice[] | null,
) {
  const tiers = [item, ...item.alternatives];
  const name = (tier: QuoteItemView) => tierName(t, tiers.indexOf(tier) + 1, tiers.length);
  if (choices) {
    const chosen = chosenItem(item, choices);
    const heading = t["pdf.tierChosen"]({ tier: name(chosen) });
    drawItem(pdf, t, { ...chosen, optional: item.optional }, included, heading);
    return;
  }
  drawItem(pdf, t, item, included, t["pdf.tier"]({ tier: name(item) }));
  for (const alternative of item.alternatives) {
    drawItem(pdf, t, alternative, false, t["pdf.tierOr"]({ tier: name(alternative) }));
  }
}

/**
 * Renders the quote. `chosenOptionalIds` are the optional items counted in `totals` (none on the
 * quote that is sent; the customer's choice on the signed agreement), `choices` the tiers chosen
 * (on the signed agreement).
 */
export async function renderQuotePdf(input: {
  view: QuoteView;
  business: BusinessFacts;
  totals: QuoteTotals;
  chosenOptionalIds?: readonly number[];
  choices?: readonly QuoteChoice[];
  signature?: PdfSignature;
}): Promise<Buffer> {
  const { view, business, totals, signature } = input;
  const t = documentWords(view.language);
  const choices = signature ? (input.choices ?? []) : null;
  const chosen = new Set(input.chosenOptionalIds ?? []);
  const pdf = await createStorePdf({
    margins: { top: 54, bottom: 54, left: LEFT, right: LEFT },
    title: t[signature ? "pdf.title.signed" : "pdf.title.quote"]({
      label: view.label,
      store: business.name,
    }),
    author: business.name,
    pageLabel: (page, pages) => t["pdf.page"]({ page, pages }),
  });
  const { doc } = pdf;

  // Header: the store's facts.
  doc.fillColor(ACCENT).fontSize(18);
  pdf.weight("bold").text(business.name, LEFT);
  doc.fillColor(MUTED).fontSize(9);
  pdf
    .weight("regular")
    .text(`${business.phone} · ${business.email} · ${business.county}`)
    .text(business.licenseLine);
  doc.moveDown(0.8);
  doc.fillColor(INK).fontSize(15);
  pdf
    .weight("bold")
    .text(t[signature ? "pdf.heading.signed" : "pdf.heading.quote"]({ label: view.label }));
  doc.fontSize(10);
  pdf
    .weight("regular")
    .text(t["pdf.validUntil"]({ date: visitDateIn(view.language, view.validUntil) }))
    .text(t["pdf.revision"]({ revision: view.revision }));
  doc.moveDown(0.6);
  const c = view.customer;
  pdf
    .weight("bold")
    .text(t["pdf.preparedFor"]())
    .weight("regular")
    .text(`${c.firstName} ${c.lastName}`)
    .text(`${c.address}, ${c.city}, FL ${c.zipCode}`)
    .text(`${c.phone} · ${c.email}`);
  doc.moveDown(0.8);

  // Items, grouped by room in the order given; a heading never ends a page.
  doc.fontSize(12).fillColor(ACCENT);
  pdf.keepTogether(90).weight("bold").text(t["pdf.rooms"]());
  doc.moveDown(0.3);
  for (const group of byRoom(view.items)) {
    if (group.room) {
      pdf.keepTogether(80);
      doc.fontSize(11).fillColor(ACCENT);
      pdf.weight("bold").text(group.room, LEFT);
      doc.moveDown(0.2);
    }
    for (const item of group.items) {
      const included = !item.optional || chosen.has(item.id);
      if (item.alternatives.length > 0) drawTiers(pdf, t, item, included, choices);
      else drawItem(pdf, t, item, included);
    }
  }

  // Totals, kept on one page.
  const rows = totalsRows(t, totals, view.discountPercent);
  const totalLabel = t["pdf.total"]();
  pdf.keepTogether(rows.length * 16 + 20);
  doc.moveDown(0.4);
  doc
    .strokeColor("#d9e2ec")
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .stroke();
  doc.moveDown(0.4);
  for (const [label, value] of rows) {
    const bold = label === totalLabel;
    const y = doc.y;
    doc.fillColor(INK).fontSize(bold ? 12 : 10);
    pdf
      .weight(bold ? "bold" : "regular")
      .text(label, LEFT + WIDTH - 320, y, { width: 210, align: "right" })
      .text(value, LEFT + WIDTH - 105, y, { width: 105, align: "right" });
  }
  doc.x = LEFT;
  doc.moveDown(0.8);
  // A tax-exempt sale names its certificate under the totals it untaxed.
  if (view.exemptionText) {
    doc.fontSize(10).fillColor(INK);
    pdf.weight("bold").text(view.exemptionText, LEFT, doc.y, { width: WIDTH });
    doc.moveDown(0.6);
  }

  if (view.note) {
    doc.fontSize(10).fillColor(INK);
    pdf.keepTogether(pdf.heightOf(view.note, WIDTH) + 16);
    pdf
      .weight("bold")
      .text(t["pdf.note"](), LEFT)
      .weight("regular")
      .text(view.note, { width: WIDTH });
    doc.moveDown(0.6);
  }
  doc.fontSize(9);
  const terms = view.terms.map((term) => `- ${term}`);
  const lastTerm = terms.at(-1) ?? "";
  pdf.keepTogether(16 + pdf.heightOf(terms[0] ?? "", WIDTH));
  doc.fontSize(10).fillColor(INK);
  pdf.weight("bold").text(t["pdf.terms"](), LEFT);
  doc.fontSize(9);
  for (const term of terms) {
    // The signature block never stands alone: the last of the text it signs goes with it.
    if (term === lastTerm && !view.cancelNotice && signature) {
      pdf.keepTogether(pdf.heightOf(term, WIDTH) + SIGNATURE_HEIGHT);
    }
    pdf.weight("regular").text(term, { width: WIDTH });
  }
  doc.moveDown(0.6);
  if (view.cancelNotice) {
    doc.fontSize(9);
    const noticeHeight = pdf.heightOf(view.cancelNotice, WIDTH) + 18;
    pdf.keepTogether(noticeHeight + (signature ? SIGNATURE_HEIGHT : 0));
    doc.fontSize(10);
    pdf.weight("bold").text(t["pdf.cancelHeading"](), LEFT);
    doc.fontSize(9);
    pdf.weight("regular").text(view.cancelNotice, { width: WIDTH });
    doc.moveDown(0.6);
  }

  if (signature) {
    pdf.keepTogether(SIGNATURE_HEIGHT);
    doc.fontSize(11).fillColor(ACCENT);
    pdf.weight("bold").text(t["pdf.signedHeading"](), LEFT);
    doc.fontSize(10).fillColor(INK);
    pdf
      .weight("regular")
      .text(t["pdf.signedBy"]({ name: signature.name }))
      .text(t["pdf.signedAt"]({ when: storeDateTimeIn(view.language, signature.signedAt) }))
      .text(t["pdf.order"]({ number: signature.orderNumber }));
    if (signature.cancelUntil) {
      pdf.text(t["pdf.cancelUntil"]({ date: visitDateIn(view.language, signature.cancelUntil) }));
    }
    doc.fontSize(8).fillColor(MUTED);
    pdf.text(t["pdf.hash"]({ hash: signature.sha256 }), { width: WIDTH });
  } else {
    const tiers = view.items.some((i) => i.alternatives.length > 0);
    smallPrint(pdf).text(
      t[tiers ? "pdf.toAcceptTiers" : "pdf.toAccept"]({ phone: business.phone }),
      LEFT,
      doc.y,
      { width: WIDTH },
    );
  }
  return pdf.finish();
}
