/**
 * The purchase order as the supplier reads it (DECISIONS.md "Supplier orders and receiving";
 * decision 222): our PO number and Order #, the supplier's account, and per line the product,
 * the room label, the exact size to the 1/8", color or fabric, mount and every option, the
 * quantity, and whether it is a remake. Never the customer's name, address, phone or email.
 */
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { loadPdfDocument } from "../pdf-document";
import { emailLayout, escapeHtml, textFooter } from "./render";

export interface PurchaseOrderPdfLine {
  productName: string;
  roomLabel: string | null;
  size: string;
  colorName: string;
  /** Mount, control, options … as label/value pairs. */
  details: readonly { label: string; value: string }[];
  quantity: number;
  remake: boolean;
}

export interface PurchaseOrderPdfData {
  poLabel: string;
  orderNumber: number;
  date: string;
  expectedShipDate: string;
  supplier: { name: string; accountNumber: string | null };
  lines: readonly PurchaseOrderPdfLine[];
}

/** Renders the PDF into a Buffer. */
export async function renderPurchaseOrderPdf(
  business: BusinessFacts,
  po: PurchaseOrderPdfData,
): Promise<Buffer> {
  const PDFDocument = await loadPdfDocument();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 50,
      info: { Title: `Purchase order ${po.poLabel}`, Author: business.name },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.font("Helvetica-Bold").fontSize(18).text(`Purchase order ${po.poLabel}`);
    doc.font("Helvetica").fontSize(10).moveDown(0.3);
    doc.text(`From: ${business.name}, ${business.phone}, ${business.email}`);
    doc.text(`Our order number: Order #${po.orderNumber}`);
    doc.text(`Date: ${po.date}`);
    doc.text(`Ship by: ${po.expectedShipDate}`);
    doc.text(
      `To: ${po.supplier.name}${po.supplier.accountNumber ? ` (account ${po.supplier.accountNumber})` : ""}`,
    );
    doc.moveDown();
    for (const [i, line] of po.lines.entries()) {
      if (doc.y > 650) doc.addPage();
      doc
        .font("Helvetica-Bold")
        .fontSize(12)
        .text(`${i + 1}. ${line.productName}${line.remake ? " (REMAKE)" : ""}`);
      doc.font("Helvetica").fontSize(10);
      doc.text(`Room: ${line.roomLabel ?? "Not given"}`);
      doc.text(`Size: ${line.size}`);
      if (line.colorName) doc.text(`Color: ${line.colorName}`);
      for (const d of line.details) doc.text(`${d.label}: ${d.value}`);
      doc.text(`Quantity: ${line.quantity}`);
      doc.moveDown(0.6);
    }
    doc
      .fontSize(9)
      .text(
        `Please confirm with your reference and ship date to ${business.email}, quoting ${po.poLabel}.`,
      );
    doc.end();
  });
}

/** The purchase order to its supplier (decision 222): a short letter with the PDF attached. */
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
    text: `Hello ${po.supplierName},\n\nPlease find attached our purchase order ${po.poLabel} (${lines}).\nPlease confirm with your reference and ship date.\n\n${textFooter(business)}`,
    html: emailLayout(
      business,
      subject,
      `<p>Hello ${escapeHtml(po.supplierName)},</p>
<p>Please find attached our purchase order <strong>${escapeHtml(po.poLabel)}</strong> (${lines}).</p>
<p>Please confirm with your reference and ship date.</p>`,
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
