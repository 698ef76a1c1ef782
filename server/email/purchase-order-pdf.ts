/**
 * The purchase order as the supplier reads it: our PO number and Order #, the supplier's account, and per line the product,
 * the room label, the exact size to the 1/8", color or fabric, mount and every option, the
 * quantity, and whether it is a remake. Never the customer's name, address, phone or email.
 */
import { formatStoreDateTime, formatVisitDate } from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { createStorePdf } from "../pdf-document";
import { emailLayout, escapeHtml, textFooter } from "./render";

export interface PurchaseOrderPdfLine {
  productName: string;
  roomLabel: string | null;
  size: string;
  /** "Measured (inside mount): widths … · heights …" when the line came from a measured quote. */
  measured: string | null;
  colorName: string;
  /** Mount, control, options … as label/value pairs. */
  details: readonly { label: string; value: string }[];
  quantity: number;
  remake: boolean;
}

export interface PurchaseOrderPdfData {
  poLabel: string;
  orderNumber: number;
  /** When the purchase order was made (an instant), printed in store time with its zone. */
  createdAt: string;
  /** YYYY-MM-DD */
  expectedShipDate: string;
  supplier: { name: string; accountNumber: string | null };
  lines: readonly PurchaseOrderPdfLine[];
}

/** The lines in room order: each room once, in the order its first line came. */
function byRoom(lines: readonly PurchaseOrderPdfLine[]) {
  const rooms = new Map<string, { line: PurchaseOrderPdfLine; n: number }[]>();
  lines.forEach((line, i) => {
    const room = line.roomLabel?.trim() || "Not given";
    rooms.set(room, [...(rooms.get(room) ?? []), { line, n: i + 1 }]);
  });
  return [...rooms];
}

/** Renders the PDF into a Buffer. */
export async function renderPurchaseOrderPdf(
  business: BusinessFacts,
  po: PurchaseOrderPdfData,
): Promise<Buffer> {
  const pdf = await createStorePdf({
    margins: { top: 50, bottom: 50, left: 50, right: 50 },
    title: `Purchase order ${po.poLabel}`,
    author: business.name,
  });
  const { doc } = pdf;
  doc.fontSize(18);
  pdf.weight("bold").text(`Purchase order ${po.poLabel}`);
  doc.fontSize(10).moveDown(0.3);
  pdf
    .weight("regular")
    .text(`From: ${business.name}, ${business.phone}, ${business.email}`)
    .text(`Our order number: Order #${po.orderNumber}`)
    .text(`Date: ${formatStoreDateTime(po.createdAt)}`)
    .text(`Ship by: ${formatVisitDate(po.expectedShipDate)}`)
    .text(
      `To: ${po.supplier.name}${po.supplier.accountNumber ? ` (account ${po.supplier.accountNumber})` : ""}`,
    );
  doc.moveDown();
  for (const [room, lines] of byRoom(po.lines)) {
    // A room's heading goes to the next page with its first line.
    pdf.keepTogether(30 + 14 * (4 + (lines[0]?.line.details.length ?? 0)));
    doc.fontSize(13);
    pdf.weight("bold").text(`Room: ${room}`);
    doc.moveDown(0.2);
    for (const { line, n } of lines) {
      pdf.keepTogether(14 * (5 + line.details.length));
      doc.fontSize(11);
      pdf.weight("bold").text(`${n}. ${line.productName}${line.remake ? " (REMAKE)" : ""}`);
      doc.fontSize(10);
      pdf.weight("regular").text(`Size: ${line.size}`);
      if (line.measured) pdf.text(line.measured);
      if (line.colorName) pdf.text(`Color: ${line.colorName}`);
      for (const d of line.details) pdf.text(`${d.label}: ${d.value}`);
      pdf.text(`Quantity: ${line.quantity}`);
      doc.moveDown(0.6);
    }
  }
  doc.fontSize(9);
  pdf.text(
    `Please confirm with your reference and ship date to ${business.email}, quoting ${po.poLabel}.`,
  );
  return pdf.finish();
}

/** The purchase order to its supplier: a short letter with the PDF attached. */
export function purchaseOrderEmail(
  business: BusinessFacts,
  po: {
    id: number;
    poLabel: string;
    orderNumber: number;
    supplierName: string;
    supplierEmail: string;
    lineCount: number;
  },
  pdf: Buffer,
): NewEmail {
  const lines = `${po.lineCount} ${po.lineCount === 1 ? "line" : "lines"}, our Order #${po.orderNumber}`;
  const subject = `Purchase order ${po.poLabel} from ${business.name} (our Order #${po.orderNumber})`;
  return {
    kind: "purchase-order",
    to: po.supplierEmail,
    subject,
    text: `Hello ${po.supplierName},\n\nPlease find attached our purchase order ${po.poLabel} (${lines}).\nPlease confirm with your reference and ship date.\n\n${textFooter(business, { forStore: true })}`,
    html: emailLayout(
      business,
      subject,
      `<p>Hello ${escapeHtml(po.supplierName)},</p>
<p>Please find attached our purchase order <strong>${escapeHtml(po.poLabel)}</strong> (${lines}).</p>
<p>Please confirm with your reference and ship date.</p>`,
      // A supplier has no account with us: the store's footer, without the customer's link.
      { forStore: true },
    ),
    relatedType: "purchase_order",
    relatedId: po.id,
    attachments: [
      {
        filename: `${po.poLabel}.pdf`,
        contentType: "application/pdf",
        content: pdf.toString("base64"),
      },
    ],
  };
}
