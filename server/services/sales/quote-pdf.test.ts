/**
 * The quote's PDF: Letter size, text that can be extracted (pdfjs-dist), the store's name, phone
 * and license line, every item, the totals to the cent, the deposit and the right-to-cancel notice.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { calculateQuoteTotals } from "../../../domain/sales/quote";
import { DEFAULT_BUSINESS } from "../../../domain/shared/business";
import { formatSize } from "../../../domain/shared/dimensions";
import { formatMoney } from "../../../domain/shared/money";
import { renderQuotePdf } from "./quote-pdf";
import { cancelNotice, type QuoteView, quoteTerms } from "./quote-view";

const business = DEFAULT_BUSINESS;
/** pdfjs reads the standard fonts' metrics from its package (a path ending in "/"). */
const FONTS = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

function item(id: number, roomLabel: string, unitCents: number, optional = false) {
  return {
    id,
    position: id,
    name: "Vinyl Vertical Blinds",
    details: [formatSize(36.375, 48), "White", "Inside mount", "Installation included"],
    picture: { type: "vinyl", color: "#FFFFFF", aspect: 0.76 },
    roomLabel,
    width: 36.375,
    height: 48,
    quantity: 1,
    unitCents,
    lineCents: unitCents,
    optional,
    productId: 1,
    itemType: "vinyl",
    selectedColor: "white",
    includeInstallation: true,
    configuration: {},
    measured: null,
    tier: null,
    alternatives: [],
  };
}

const items = [
  item(1, "Living left", 129_56),
  item(2, "Living right", 129_56),
  item(3, "Kitchen", 129_56),
  item(4, "Guest room", 96_00, true),
];
const lines = items.map((i) => ({
  id: i.id,
  unitPriceCents: i.unitCents,
  quantity: 1,
  optional: i.optional,
}));
const totals = calculateQuoteTotals(lines, { discountPercent: 5, depositPercent: 50 }, business);

const view: QuoteView = {
  id: 1,
  quoteNumber: 1001,
  label: "Q-1001",
  token: "x",
  status: "sent",
  statusLabel: "Sent",
  revision: 2,
  language: "en",
  validUntil: "2026-12-31",
  customer: {
    firstName: "Maria",
    lastName: "Lopez",
    email: "maria@example.org",
    phone: "(239) 555-0177",
    address: "1200 Palm Ave",
    city: "Fort Myers",
    zipCode: "33901",
  },
  note: "Valance on the kitchen window",
  discountPercent: 5,
  depositPercent: 50,
  items,
  taxExemption: null,
  taxExempt: false,
  exemptionText: null,
  totals,
  cancelBusinessDays: 3,
  terms: quoteTerms(business, 50),
  cancelNotice: cancelNotice(business, 3),
  estimateId: null,
  visitId: null,
  orderId: null,
  acceptedOrderId: null,
  staffId: null,
  sentAt: null,
  viewedAt: null,
  viewCount: 0,
  declineReason: null,
  createdAt: "2026-12-01T12:00:00.000Z",
  updatedAt: "2026-12-01T12:00:00.000Z",
};

async function pdfText(pdf: Buffer): Promise<{ text: string; width: number; height: number }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: FONTS }).promise;
  const parts: string[] = [];
  let size = { width: 0, height: 0 };
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    if (n === 1) {
      const vp = page.getViewport({ scale: 1 });
      size = { width: vp.width, height: vp.height };
    }
    const content = await page.getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  return { text: parts.join(" ").replace(/\s+/g, " "), ...size };
}

describe("quote PDF", () => {
  it("is Letter size with the store's facts, the items, the totals and the notice", async () => {
    const pdf = await renderQuotePdf({ view, business, totals });
    const { text, width, height } = await pdfText(pdf);
    expect([width, height]).toEqual([612, 792]);
    expect(text).toContain(business.name);
    expect(text).toContain(business.phone);
    expect(text).toContain(business.licenseLine);
    expect(text).toContain("Quote Q-1001");
    for (const room of ["Living left", "Living right", "Kitchen", "Guest room"]) {
      expect(text).toContain(room);
    }
    expect(text).toContain("(optional, not included)");
    expect(text).toContain(formatMoney(totals.subtotalCents));
    expect(text).toContain(`-${formatMoney(totals.extraDiscountCents)}`);
    expect(text).toContain(formatMoney(totals.taxCents));
    expect(text).toContain(formatMoney(totals.totalCents));
    expect(text).toContain(`Deposit due on acceptance ${formatMoney(totals.depositCents)}`);
    expect(text).toContain("Notice of your right to cancel");
    expect(text).toContain("midnight of the third business day");
  });

  it("a tax-exempt quote prints its certificate under the totals", async () => {
    const exempt = calculateQuoteTotals(
      lines,
      { discountPercent: 5, depositPercent: 50, taxExempt: true },
      business,
    );
    const line =
      "Tax-exempt: Nonprofit (consumer's certificate of exemption, DR-14), certificate 85-8012345678C-1, valid through 2027-06-30";
    const pdf = await renderQuotePdf({
      view: { ...view, taxExempt: true, exemptionText: line, totals: exempt },
      business,
      totals: exempt,
    });
    const { text } = await pdfText(pdf);
    expect(exempt.taxCents).toBe(0);
    expect(text).toContain(`Sales tax ${formatMoney(0)}`);
    expect(text).toContain(`Total ${formatMoney(totals.totalCents - totals.taxCents)}`);
    expect(text).toContain("certificate 85-8012345678C-1, valid through 2027-06-30");
    expect((await pdfText(await renderQuotePdf({ view, business, totals }))).text).not.toContain(
      "Tax-exempt",
    );
  });

  it("as the signed agreement: the optional item counted, the signature and its SHA-256", async () => {
    const chosen = calculateQuoteTotals(
      lines,
      { discountPercent: 5, depositPercent: 50 },
      business,
      [4],
    );
    const pdf = await renderQuotePdf({
      view,
      business,
      totals: chosen,
      chosenOptionalIds: [4],
      signature: {
        name: "Maria Lopez",
        signedAt: "2026-12-02T15:04:05.000Z",
        sha256: "a".repeat(64),
        orderNumber: 1042,
        cancelUntil: "2026-12-05",
      },
    });
    const { text } = await pdfText(pdf);
    expect(text).toContain("Signed agreement");
    expect(text).toContain("(optional, included)");
    expect(text).toContain(formatMoney(chosen.totalCents));
    expect(text).toContain("Signed by: Maria Lopez");
    expect(text).toContain("Order #1042");
    expect(text).toContain("a".repeat(64));
  });
});

describe("a quote sold in Spanish", () => {
  const spanish: QuoteView = {
    ...view,
    language: "es",
    terms: quoteTerms(business, 50, "es"),
    cancelNotice: cancelNotice(business, 3, "es"),
  };

  it("prints the agreement and its notice of cancellation in Spanish, none of the English", async () => {
    const pdf = await renderQuotePdf({
      view: spanish,
      business,
      totals,
      signature: {
        name: "María López",
        signedAt: "2026-12-02T15:04:05.000Z",
        sha256: "b".repeat(64),
        orderNumber: 1043,
        cancelUntil: "2026-12-05",
      },
    });
    const { text } = await pdfText(pdf);
    for (const words of [
      "Contrato firmado — Presupuesto Q-1001",
      "Válido hasta el jueves, 31 de diciembre",
      "Preparado para",
      "Habitaciones y ventanas",
      "(opcional, no incluido)",
      `Depósito al aceptar ${formatMoney(totals.depositCents)}`,
      "Condiciones",
      "depósito del 50 % del total",
      "AVISO DE CANCELACIÓN",
      "medianoche del tercer día hábil",
      "Firmado por: María López",
      "Pedido n.º 1043",
      "Puede cancelar hasta el sábado, 5 de diciembre",
      "Página 1 de",
    ]) {
      expect(text).toContain(words);
    }
    for (const english of [
      "Signed agreement",
      "Prepared for",
      "Rooms and windows",
      "Terms",
      "Notice of your right to cancel",
      "business day",
      "Signed by",
      "You may cancel",
      "Page 1 of",
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it("keeps the English agreement word for word", () => {
    expect(cancelNotice(business, 3)).toBe(
      `Your right to cancel: you may cancel this agreement, without any penalty or obligation, at any time before midnight of the third business day after the day you accept it (business days are every day but Sundays and federal holidays). To cancel, use "Cancel my order" on this quote's page or call ${business.phone}; any deposit you paid is refunded in full.`,
    );
    expect(quoteTerms(business, 50)[1]).toBe(
      "A deposit of 50 % of the total is due before we order your products; the balance is due at installation (cash, check or card).",
    );
  });
});

describe("a window with good, better, best", () => {
  const tiered = {
    ...item(1, "Living", 129_56),
    tier: 1,
    alternatives: [
      { ...item(11, "Living", 210_00), name: "Fabric Vertical Blinds", tier: 2 },
      { ...item(12, "Living", 340_00), name: "Zebra Shades", tier: 3 },
    ],
  };
  const tieredView = { ...view, items: [tiered] };
  const tieredLines = [
    {
      id: 1,
      unitPriceCents: 129_56,
      quantity: 1,
      optional: false,
      alternatives: [
        { id: 11, unitPriceCents: 210_00, quantity: 1 },
        { id: 12, unitPriceCents: 340_00, quantity: 1 },
      ],
    },
  ];
  const terms = { discountPercent: 5, depositPercent: 50 };

  it("the quote shows each tier with its price, the first counted", async () => {
    const first = calculateQuoteTotals(tieredLines, terms, business);
    const { text } = await pdfText(
      await renderQuotePdf({ view: tieredView, business, totals: first }),
    );
    expect(text).toContain("Good: Vinyl Vertical Blinds");
    expect(text).toContain("Better: or Fabric Vertical Blinds");
    expect(text).toContain("Best: or Zebra Shades");
    expect(text).toContain(formatMoney(210_00));
    expect(text).toContain(formatMoney(first.totalCents));
    expect(text).toContain("choose a tier for each window");
  });

  it("the signed agreement shows the tier chosen, and only it", async () => {
    const choices = [{ itemId: 1, alternativeId: 11 }];
    const chosen = calculateQuoteTotals(tieredLines, terms, business, [], choices);
    const { text } = await pdfText(
      await renderQuotePdf({
        view: tieredView,
        business,
        totals: chosen,
        choices,
        signature: {
          name: "Maria Lopez",
          signedAt: "2026-12-02T15:04:05.000Z",
          sha256: "a".repeat(64),
          orderNumber: 1042,
          cancelUntil: null,
        },
      }),
    );
    expect(text).toContain("Better: chosen, Fabric Vertical Blinds");
    expect(text).not.toContain("Zebra Shades");
    expect(text).not.toContain(formatMoney(129_56));
    expect(text).toContain(formatMoney(chosen.totalCents));
  });
});

/** poppler's pdftotext, an extractor independent of the one that drew the file; pages split by \f. */
function popplerPages(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-pdf-"));
  try {
    const file = path.join(dir, "agreement.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .split("\f")
      .filter((page) => page.trim() !== "");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Many rooms of two windows each: enough to fill more than one page. */
function manyRooms(count: number) {
  const rooms = ["Σαλόνι", "Гостиная", "Phòng khách", "Kitchen", "Den", "Study", "Hall"];
  return Array.from({ length: count }, (_, n) => ({
    ...item(n + 1, rooms[Math.floor(n / 2) % rooms.length] ?? "Den", 129_56),
    position: n + 1,
  }));
}

describe("signed agreement PDF, read back by pdftotext", () => {
  async function agreement(itemCount: number) {
    const many = manyRooms(itemCount);
    const manyTotals = calculateQuoteTotals(
      many.map((i) => ({ id: i.id, unitPriceCents: i.unitCents, quantity: 1, optional: false })),
      { discountPercent: 5, depositPercent: 50 },
      business,
    );
    const pdf = await renderQuotePdf({
      view: {
        ...view,
        items: many,
        totals: manyTotals,
        customer: { ...view.customer, firstName: "Łukasz", lastName: "Nguyễn" },
        note: "Deliver to Łukasz Nguyễn, 5 Čapek Straße",
      },
      business,
      totals: manyTotals,
      signature: {
        name: "Łukasz Nguyễn",
        signedAt: "2026-12-01T19:57:05.337Z",
        sha256: "b".repeat(64),
        orderNumber: 1043,
        cancelUntil: "2026-12-04",
      },
    });
    return popplerPages(pdf);
  }

  it("prints every name as typed, numbers its pages and writes the time in store time", async () => {
    const pages = await agreement(4);
    const text = pages.join("\n");
    expect(text).toContain("Łukasz Nguyễn, 5 Čapek Straße");
    expect(text).toContain("Signed by: Łukasz Nguyễn");
    for (const room of ["Σαλόνι", "Гостиная"]) expect(text).toContain(room);
    expect(text).toContain("Signed at: December 1, 2026, 2:57 PM EST");
    expect(text).not.toContain("2026-12-01T19:57");
    pages.forEach((page, n) => {
      expect(page).toContain(`Page ${n + 1} of ${pages.length}`);
    });
  });

  it("writes each size once per window, under its room's one heading", async () => {
    const text = (await agreement(4)).join("\n");
    expect(text.match(/36 3\/8" W × 48" H/g)).toHaveLength(4);
    expect(text.match(/Σαλόνι/g)).toHaveLength(1);
  });

  it.each([10, 14, 18, 22])(
    "over several pages (%i windows): no room heading ends a page, the signature keeps company",
    async (count) => {
      const pages = await agreement(count);
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) {
        const lines = page
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l !== "" && !/^Page \d+ of \d+$/.test(l));
        expect([
          "Σαλόνι",
          "Гостиная",
          "Phòng khách",
          "Kitchen",
          "Den",
          "Study",
          "Hall",
        ]).not.toContain(lines.at(-1));
      }
      const signed = pages.find((page) => page.includes("Accepted and signed")) ?? "";
      expect(signed).toContain("Notice of your right to cancel");
    },
  );
});
