/**
 * pdfkit (with fontkit and its fonts' decoders) on first use, not at start: only a quote's PDF
 * and a purchase order's PDF draw with it, and its modules' sources kept in the V8 heap weighed
 * on every process from the first second (decision 313).
 */
type PdfDocumentClass = typeof import("pdfkit");

let loading: Promise<PdfDocumentClass> | undefined;

/** pdfkit's PDFDocument class, imported the first time a PDF is drawn. */
export function loadPdfDocument(): Promise<PdfDocumentClass> {
  loading ??= import("pdfkit").then((mod) => mod.default);
  return loading;
}
