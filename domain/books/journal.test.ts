import { describe, expect, it } from "vitest";
import { buildJournal, customerNames, journalToIif } from "./journal";

const invoice = {
  orderNumber: 1001,
  date: "2026-11-05",
  email: "Pastor@GraceChurch.example.org",
  name: "Grace Church",
  totalCents: 45_156,
  shippingCents: 0,
  taxCents: 2_756,
  surtaxCents: 212,
};

describe("the journal", () => {
  it.each([
    [
      "an invoice with both taxes on their own lines",
      invoice,
      [
        ["receivable", 45_156],
        ["sales", -42_400],
        ["stateTax", -2_544],
        ["surtax", -212],
      ],
    ],
    [
      "delivery on its own line",
      { ...invoice, totalCents: 8_232, shippingCents: 2_500, taxCents: 332, surtaxCents: 27 },
      [
        ["receivable", 8_232],
        ["sales", -5_400],
        ["delivery", -2_500],
        ["stateTax", -305],
        ["surtax", -27],
      ],
    ],
    [
      "a tax-exempt invoice has no tax lines",
      { ...invoice, totalCents: 42_400, taxCents: 0, surtaxCents: 0 },
      [
        ["receivable", 42_400],
        ["sales", -42_400],
      ],
    ],
  ])("%s", (_name, input, lines) => {
    const [entry] = buildJournal([input], []);
    expect(entry?.lines.map((l) => [l.account, l.cents])).toEqual(lines);
    expect(entry?.lines.reduce((s, l) => s + l.cents, 0)).toBe(0);
  });

  it.each([
    [
      "a payment",
      20_000,
      "PAY-7",
      [
        ["undeposited", 20_000],
        ["receivable", -20_000],
      ],
    ],
    [
      "a refund",
      -5_000,
      "REF-7",
      [
        ["undeposited", -5_000],
        ["receivable", 5_000],
      ],
    ],
  ])("%s", (_name, amountCents, number, lines) => {
    const [entry] = buildJournal(
      [],
      [
        {
          id: 7,
          orderNumber: 1001,
          date: "2026-11-06",
          email: "a@b.c",
          name: "A",
          method: "check",
          amountCents,
        },
      ],
    );
    expect(entry?.number).toBe(number);
    expect(entry?.lines.map((l) => [l.account, l.cents])).toEqual(lines);
  });

  it("names each customer once, by email, whatever the case or a later spelling", () => {
    const nameOf = customerNames([
      { email: "Pastor@GraceChurch.example.org", name: "Grace Church" },
      { email: "pastor@gracechurch.example.org", name: "Grace Community Church" },
    ]);
    expect(nameOf("PASTOR@gracechurch.example.org")).toBe("Grace Church");
  });

  it("prints IIF blocks whose amounts sum to zero, without tabs inside a field", () => {
    const text = journalToIif(buildJournal([{ ...invoice, name: "Grace\tChurch" }], []));
    const lines = text.trimEnd().split("\r\n");
    expect(lines.slice(0, 3).map((l) => l.split("\t")[0])).toEqual(["!TRNS", "!SPL", "!ENDTRNS"]);
    expect(lines.slice(3).map((l) => l.split("\t")[0])).toEqual([
      "TRNS",
      "SPL",
      "SPL",
      "SPL",
      "ENDTRNS",
    ]);
    const amounts = lines.slice(3, 7).map((l) => Number(l.split("\t")[5]));
    expect(amounts).toEqual([451.56, -424, -25.44, -2.12]);
    expect(lines[3]?.split("\t")).toHaveLength(8);
    expect(lines[3]).toContain("Grace Church");
  });
});
