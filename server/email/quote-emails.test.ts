import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../../domain/shared/business";
import { renderQuoteCancelledEmail } from "./quote-emails";

const facts = {
  language: "en" as const,
  label: "Q-1042",
  firstName: "Maria",
  link: "https://shop.example/quotes/abc",
  totalCents: 764_70,
  validUntil: "2026-12-31",
  orderNumber: 1007,
};

describe("the customer's cancellation email", () => {
  it("with money paid, names the amount we refund and that the store will contact them", () => {
    const email = renderQuoteCancelledEmail(DEFAULT_BUSINESS, { ...facts, refundCents: 382_35 });
    expect(email.subject).toBe("Order #1007 is cancelled: we will refund you $382.35");
    for (const body of [email.text, email.html]) {
      expect(body).toContain("We will refund you $382.35, everything you paid");
      expect(body).toContain("We will contact you by phone or email to arrange it");
      expect(body).not.toMatch(/owed|owe you/i);
    }
  });

  it("with nothing paid, says there is nothing to refund", () => {
    const email = renderQuoteCancelledEmail(DEFAULT_BUSINESS, { ...facts, refundCents: 0 });
    expect(email.subject).toBe("Order #1007 is cancelled");
    expect(email.text).toContain("Nothing was paid, so there is nothing to refund.");
    expect(email.text).not.toContain("We will refund");
  });
});
