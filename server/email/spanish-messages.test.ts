/**
 * Nothing left in English by accident: every email and text the store sends a customer is
 * rendered for a Spanish customer and must hold no sentence of the English catalogs of
 * `email` and `texts` (strings written the same in both languages are skipped).
 */
import { describe, expect, it } from "vitest";
import enEmailSource from "../../domain/i18n/messages/en/email.json";
import enTextsSource from "../../domain/i18n/messages/en/texts.json";
import esEmailSource from "../../domain/i18n/messages/es/email.json";
import esTextsSource from "../../domain/i18n/messages/es/texts.json";
import { onMyWayText, reminderText, stormMoveText } from "../../domain/scheduling/text-messages";
import { DEFAULT_BUSINESS } from "../../domain/shared/business";
import type { BookingRow } from "../db/types";
import { accountLinkEmail } from "./account-emails";
import { bookingCustomerEmail, onMyWayEmail, reminderEmail } from "./booking-emails";
import { renderCompletionEmail } from "./completion-email";
import {
  type OrderEmailData,
  orderAdjustedEmail,
  renderOrderConfirmationEmail,
  renderOrderStatusEmail,
} from "./order-emails";
import {
  type QuoteEmailFacts,
  renderQuoteCancelledEmail,
  renderQuoteReminderEmail,
  renderQuoteSentEmail,
  renderSignedAgreementEmail,
} from "./quote-emails";
import { renderReceiptEmail } from "./receipt-email";
import { visitChangeEmail } from "./visit-emails";

const business = { ...DEFAULT_BUSINESS, siteUrl: "https://shop.example" };
const ctx = { business, publicUrl: "https://shop.example", storeEmail: "store@shop.example" };

/** The literal words of each English message (the parts between its {arguments}). */
function englishFragments(
  en: Record<string, string>,
  es: Record<string, string>,
): { key: string; words: string }[] {
  return Object.entries(en).flatMap(([key, message]) =>
    message === es[key]
      ? []
      : message
          .split(/\{[^}]*\}/)
          .map((words) => words.trim())
          // Short pieces ("Total", ":") may well be Spanish too.
          .filter((words) => words.length >= 12)
          .map((words) => ({ key, words })),
  );
}
const FRAGMENTS = [
  ...englishFragments(enEmailSource, esEmailSource),
  ...englishFragments(enTextsSource, esTextsSource),
];

const order: OrderEmailData = {
  language: "es",
  reference: "REF1",
  orderNumber: 1001,
  statusUrl: "https://shop.example/es/orders/REF1",
  customer: {
    firstName: "Ana",
    lastName: "López",
    email: "ana@example.com",
    phone: "(239) 555-0199",
    address: "12 Palm Ave",
    city: "Cape Coral",
    state: "FL",
    zipCode: "33904",
    specialInstructions: null,
    visitWindow: "weekday-mornings",
  },
  items: [
    {
      name: "Zebra",
      details: [],
      roomLabel: null,
      quantity: 2,
      unitCents: 100_00,
      lineCents: 200_00,
    },
  ],
  fulfilment: "installed",
  totals: {
    subtotalCents: 200_00,
    discountCents: 20_00,
    shippingCents: 0,
    taxCents: 11_70,
    totalCents: 191_70,
    itemCount: 2,
    taxRateBasisPoints: 650,
  } as OrderEmailData["totals"],
};

const booking = {
  id: 1,
  language: "es",
  reference: "BK1",
  uid: "u@shop.example",
  sequence: 0,
  status: "scheduled",
  visit_date: "2026-12-08",
  start_time: "08:00",
  end_time: "10:00",
  updated_at: "2026-12-01T10:00:00.000Z",
  first_name: "Ana",
  last_name: "López",
  email: "ana@example.com",
  phone: "(239) 555-0199",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zip_code: "33904",
} as unknown as BookingRow;

const quote: QuoteEmailFacts = {
  language: "es",
  label: "Q-1042",
  firstName: "Ana",
  link: "https://shop.example/es/quotes/abc",
  totalCents: 764_70,
  validUntil: "2026-12-31",
};
const receipt = {
  language: "es" as const,
  orderNumber: 1001,
  firstName: "Ana",
  payments: [
    {
      amountCents: 100_00,
      method: "cash" as const,
      methodLabel: "Cash",
      reference: null,
      receivedAt: "2026-12-02T15:00:00.000Z",
    },
  ],
  totalCents: 191_70,
  paidCents: 100_00,
  balanceDueCents: 91_70,
};
const orderRow = {
  id: 1,
  reference: "REF1",
  order_number: 1001,
  first_name: "Ana",
  email: "ana@example.com",
  address: "12 Palm Ave",
  city: "Cape Coral",
  language: "es" as const,
};
const texts = {
  language: "es" as const,
  firstName: "Ana",
  storeName: business.name,
  storePhone: business.phone,
};
const window = { date: "2026-12-08", start: "08:00", end: "10:00" };

/** Every customer message, rendered for a Spanish customer: name → its words (subject, text, HTML). */
const MESSAGES: Record<string, string> = {
  "order confirmation": Object.values(renderOrderConfirmationEmail(business, order)).join("\n"),
  ...Object.fromEntries(
    (
      [
        "pending",
        "confirmed",
        "measured",
        "in_production",
        "scheduled",
        "completed",
        "cancelled",
      ] as const
    ).flatMap((status) =>
      (["installed", "delivered"] as const).map((fulfilment) => [
        `order ${status} (${fulfilment})`,
        Object.values(
          renderOrderStatusEmail(business, {
            language: "es",
            reference: "REF1",
            orderNumber: 1001,
            firstName: "Ana",
            status,
            statusUrl: "https://shop.example/es/orders/REF1",
            fulfilment,
            nextVisit: null,
          }),
        ).join("\n"),
      ]),
    ),
  ),
  "order adjusted": messageWords(
    orderAdjustedEmail(ctx, orderRow, "ventana de la sala", {
      totalBeforeCents: 300_00,
      totalAfterCents: 250_00,
      paidCents: 300_00,
      refundOwedCents: 50_00,
    }),
  ),
  ...Object.fromEntries(
    (["booked", "moved", "cancelled"] as const).flatMap((change) => [
      [`booking ${change}`, messageWords(bookingCustomerEmail(ctx, booking, change))],
      [
        `office visit ${change}`,
        messageWords(
          visitChangeEmail(
            ctx,
            orderRow,
            { kind: "install", ...window },
            change,
            "BEGIN:VCALENDAR",
          ),
        ),
      ],
    ]),
  ),
  reminder: messageWords(
    reminderEmail(ctx, {
      to: "ana@example.com",
      firstName: "Ana",
      ...window,
      kind: "measure",
      language: "es",
      relatedType: "visit",
      relatedId: 1,
    }),
  ),
  "on my way": messageWords(
    onMyWayEmail(ctx, {
      to: "ana@example.com",
      firstName: "Ana",
      minutes: 20,
      language: "es",
      relatedType: "visit",
      relatedId: 1,
    }),
  ),
  "account link": messageWords(
    accountLinkEmail(
      business,
      "ana@example.com",
      "https://shop.example/es/account/verify?token=x",
      "es",
    ),
  ),
  "quote sent": Object.values(renderQuoteSentEmail(business, quote)).join("\n"),
  ...Object.fromEntries(
    (["unopened", "unanswered", "expiring"] as const).map((kind) => [
      `quote reminder ${kind}`,
      Object.values(renderQuoteReminderEmail(business, quote, kind)).join("\n"),
    ]),
  ),
  "quote signed": Object.values(
    renderSignedAgreementEmail(business, {
      ...quote,
      orderNumber: 1001,
      depositCents: 100_00,
      cancelUntil: "2026-12-05",
      statusLink: "https://shop.example/es/orders/REF1",
    }),
  ).join("\n"),
  "quote cancelled with refund": Object.values(
    renderQuoteCancelledEmail(business, { ...quote, orderNumber: 1001, refundCents: 100_00 }),
  ).join("\n"),
  "quote cancelled": Object.values(
    renderQuoteCancelledEmail(business, { ...quote, orderNumber: 1001, refundCents: 0 }),
  ).join("\n"),
  receipt: Object.values(renderReceiptEmail(business, receipt)).join("\n"),
  completion: Object.values(
    renderCompletionEmail(business, {
      ...receipt,
      reviewUrl: "https://shop.example/es/?review=x",
      statusUrl: "https://shop.example/es/orders/REF1",
    }),
  ).join("\n"),
  "reminder text": reminderText({ ...texts, ...window }),
  "on my way text": onMyWayText({ ...texts, minutes: 20 }),
  "storm text": stormMoveText({
    ...texts,
    ...window,
    link: "https://shop.example/es/bookings/BK1",
  }),
  "storm text without link": stormMoveText({ ...texts, ...window, link: null }),
};

function messageWords(m: {
  subject: string;
  text: string;
  html?: string;
  calendar?: string | null;
}) {
  return [m.subject, m.text, m.html ?? "", m.calendar ?? ""].join("\n");
}

describe("a Spanish customer's emails and texts", () => {
  it("checks some English words (the test can fail)", () => {
    expect(FRAGMENTS.length).toBeGreaterThan(100);
    const english = Object.values(
      renderOrderConfirmationEmail(business, { ...order, language: "en" }),
    ).join("\n");
    expect(FRAGMENTS.filter((f) => english.includes(f.words)).length).toBeGreaterThan(5);
  });

  it.each(Object.entries(MESSAGES))(
    "%s holds no English sentence of the catalogs",
    (_name, words) => {
      const left = FRAGMENTS.filter((f) => words.includes(f.words));
      expect(left).toEqual([]);
    },
  );

  it.each(Object.entries(MESSAGES).filter(([, w]) => w.includes("<html")))(
    '%s says lang="es"',
    (_name, words) => {
      expect(words).toContain('<html lang="es">');
    },
  );
});
