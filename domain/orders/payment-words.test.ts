import { describe, expect, it } from "vitest";
import { type OrderMoney, paymentWords } from "./payment-words";

const base: OrderMoney = {
  fulfilment: "installed",
  status: "scheduled",
  paidCents: 0,
  balanceDueCents: 337_08,
  refundDueCents: 0,
};

describe("paymentWords", () => {
  it.each<[string, Partial<OrderMoney>, string]>([
    [
      "nothing paid, installed",
      {},
      "Nothing paid yet. Our specialist measures on site before we make anything, then installs; you pay at installation.",
    ],
    [
      "nothing paid, delivered",
      { fulfilment: "delivered" },
      "Nothing paid yet. We call to confirm your sizes, make your order and deliver it; you pay on delivery. No measuring visit or installation is included.",
    ],
    [
      "a deposit, installed",
      { paidCents: 100_00, balanceDueCents: 237_08 },
      "$100.00 paid (deposit); $237.08 due at installation.",
    ],
    [
      "a deposit, delivered",
      { fulfilment: "delivered", paidCents: 50_00, balanceDueCents: 287_08 },
      "$50.00 paid (deposit); $287.08 due on delivery.",
    ],
    [
      "completed with a balance left due",
      { status: "completed", paidCents: 100_00, balanceDueCents: 237_08 },
      "$100.00 paid (deposit); $237.08 due.",
    ],
    ["paid in full", { paidCents: 337_08, balanceDueCents: 0 }, "Paid in full."],
    [
      "paid more than a lowered total",
      { paidCents: 357_08, balanceDueCents: -20_00, refundDueCents: 20_00 },
      "Paid in full: we owe you a refund of $20.00.",
    ],
    [
      "cancelled with a deposit paid",
      { status: "cancelled", paidCents: 100_00, balanceDueCents: -100_00, refundDueCents: 100_00 },
      "Order cancelled: we refund you $100.00, everything you paid.",
    ],
    [
      "cancelled, the refund recorded",
      { status: "cancelled", paidCents: 0, balanceDueCents: 0 },
      "Order cancelled: nothing to pay.",
    ],
    ["a zero total", { balanceDueCents: 0 }, "Nothing to pay."],
  ])("%s", (_name, change, words) => {
    expect(paymentWords({ ...base, ...change })).toBe(words);
  });
});
