/**
 * The store's PDFs (quote, signed agreement, purchase order) share one way to draw: pdfkit with
 * Noto Sans embedded, so a name typed in any Latin, Vietnamese, Greek or Cyrillic letters prints
 * as typed and `pdftotext` gives it back, numbered
 * pages, headings kept with what follows them and blocks that don't split.
 *
 * pdfkit (with fontkit and its fonts' decoders) loads on first use, not at start: its modules'
 * sources kept in the V8 heap weighed on every process from the first second.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";

type PdfDocumentClass = typeof import("pdfkit");

let loading: Promise<PdfDocumentClass> | undefined;

/** pdfkit's PDFDocument class, imported the first time a PDF is drawn. */
export function loadPdfDocument(): Promise<PdfDocumentClass> {
  loading ??= import("pdfkit").then((mod) => mod.default);
  return loading;
}

export type PdfWeight = "regular" | "bold";

/**
 * Fontsource ships Noto Sans cut by script, each file with its CSS unicode-range; a run of text
 * is drawn with the first file whose range holds its characters. Latin goes first: it also holds
 * the spaces, digits and punctuation every other run falls back to.
 */
const SUBSETS = [
  "latin",
  "latin-ext",
  "vietnamese",
  "greek",
  "greek-ext",
  "cyrillic",
  "cyrillic-ext",
];

interface Subset {
  name: string;
  ranges: readonly (readonly [number, number])[];
  files: Record<PdfWeight, Buffer>;
}

let subsets: readonly Subset[] | undefined;

function parseRanges(css: string): [number, number][] {
  return css.split(",").map((part) => {
    const [from = "0", to] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
  });
}

function fontSubsets(): readonly Subset[] {
  if (subsets) return subsets;
  const root = path.dirname(
    createRequire(import.meta.url).resolve("@fontsource/noto-sans/package.json"),
  );
  // Subset name → its unicode-range, as the font package publishes it.
  const unicode = z
    .record(z.string(), z.string())
    .parse(JSON.parse(fs.readFileSync(path.join(root, "unicode.json"), "utf8")));
  const file = (name: string, weight: number) =>
    fs.readFileSync(path.join(root, "files", `noto-sans-${name}-${weight}-normal.woff`));
  subsets = SUBSETS.map((name) => ({
    name,
    ranges: parseRanges(unicode[name] ?? ""),
    files: { regular: file(name, 400), bold: file(name, 700) },
  }));
  return subsets;
}

function covers(subset: Subset, codePoint: number): boolean {
  return subset.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** Glyphs no subset draws, written the way a reader expects. */
function printable(text: string): string {
  return text.replace(/≤/g, "<=").replace(/≥/g, ">=").replace(/→/g, "->");
}

/**
 * The text cut into runs, each named by the subset that draws it; a character two subsets
 * share (a combining accent) stays in the run it is in, so words are not cut needlessly.
 */
export function fontRuns(text: string): { subset: string; text: string }[] {
  const all = fontSubsets();
  const runs: { subset: string; text: string }[] = [];
  let current: Subset | undefined;
  for (const ch of printable(text)) {
    const cp = ch.codePointAt(0) ?? 0;
    const fits = current && covers(current, cp) ? current : all.find((s) => covers(s, cp));
    const subset = fits ?? all[0];
    if (!subset) continue;
    const last = runs.at(-1);
    if (last && subset === current) last.text += ch;
    else runs.push({ subset: subset.name, text: ch });
    current = subset;
  }
  return runs;
}

type TextOptions = PDFKit.Mixins.TextOptions;

export interface StorePdf {
  doc: PDFKit.PDFDocument;
  /** Chooses the weight of the text that follows (pdfkit's `font()` for our fonts). */
  weight(weight: PdfWeight): StorePdf;
  /** `doc.text` in the embedded fonts; x and y as in pdfkit. */
  text(text: string, x?: number | TextOptions, y?: number, options?: TextOptions): StorePdf;
  /** Starts a new page unless `height` points fit below the cursor. */
  keepTogether(height: number): StorePdf;
  /** The height `text` takes at the current size in `width`. */
  heightOf(text: string, width: number): number;
  /** Writes "Page N of M" at the foot of every page and returns the file. */
  finish(): Promise<Buffer>;
}

/** A Letter page with our fonts registered, pages kept until `finish` numbers them. */
export async function createStorePdf(options: {
  margins: { top: number; bottom: number; left: number; right: number };
  title: string;
  author: string;
  /** The foot of each page; "Page N of M" unless the document's language says otherwise. */
  pageLabel?: (page: number, pages: number) => string;
}): Promise<StorePdf> {
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({
    size: "LETTER",
    margins: options.margins,
    bufferPages: true,
    info: { Title: options.title, Author: options.author },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const subset of fontSubsets()) {
    doc.registerFont(`regular-${subset.name}`, subset.files.regular);
    doc.registerFont(`bold-${subset.name}`, subset.files.bold);
  }
  let weight: PdfWeight = "regular";
  doc.font("regular-latin");

  const pdf: StorePdf = {
    doc,
    weight(next) {
      weight = next;
      doc.font(`${weight}-latin`);
      return pdf;
    },
    text(text, x, y, opts) {
      const [left, top, textOptions] =
        typeof x === "object" ? [undefined, undefined, x] : [x, y, opts];
      const runs = fontRuns(text);
      if (runs.length === 0) runs.push({ subset: "latin", text: "" });
      runs.forEach((run, i) => {
        doc.font(`${weight}-${run.subset}`);
        const more = i < runs.length - 1;
        const runOptions = { ...textOptions, continued: more || textOptions?.continued === true };
        if (i === 0 && left !== undefined) doc.text(run.text, left, top, runOptions);
        else doc.text(run.text, runOptions);
      });
      doc.font(`${weight}-latin`);
      return pdf;
    },
    keepTogether(height) {
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      return pdf;
    },
    heightOf(text, width) {
      return doc.heightOfString(printable(text), { width });
    },
    async finish() {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // Writing inside the bottom margin would make pdfkit start another page.
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font("regular-latin")
          .fontSize(8)
          .fillColor("#52606d")
          .text(
            options.pageLabel
              ? options.pageLabel(i - range.start + 1, range.count)
              : `Page ${i - range.start + 1} of ${range.count}`,
            doc.page.margins.left,
            doc.page.height - bottom / 2 - 4,
            {
              width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
              align: "center",
              lineBreak: false,
            },
          );
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return done;
    },
  };
  return pdf;
}
