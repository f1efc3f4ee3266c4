/** The money rules of app/domain/billing.ts: amounts as staff type them, formatting, totals with GCT, due days, ages, deposits. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  agingBucket,
  centsToPlain,
  depositCents,
  documentNumber,
  documentSeries,
  documentTitle,
  dueDay,
  formatCents,
  GCT_RATE_BP,
  invoiceState,
  invoiceTotals,
  MAX_AMOUNT_CENTS,
  parseAmount,
} from "~/domain/billing";

describe("parseAmount", () => {
  test.each([
    ["18000", 1_800_000],
    ["18,000", 1_800_000],
    ["18,000.50", 1_800_050],
    ["J$18,000.00", 1_800_000],
    ["$250.5", 25_050],
    [" 250 JMD ", 25_000],
    ["1,234,567.89", 123_456_789],
  ])("%j is %i cents", (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  test.each([
    ["", "Enter an amount in Jamaican dollars."],
    ["-500", "Enter an amount of zero or more, without a minus sign."],
    ["J$-500", "Enter an amount of zero or more, without a minus sign."],
    ["US$100", "Amounts are in Jamaican dollars (J$) only."],
    ["100 USD", "Amounts are in Jamaican dollars (J$) only."],
    ["€20", "Amounts are in Jamaican dollars (J$) only."],
    ["twelve thousand", "Enter an amount like 18000 or 18,000.50."],
    ["12.345", "Enter an amount like 18000 or 18,000.50."],
    ["1,00", "Enter an amount like 18000 or 18,000.50."],
    ["0", "Enter an amount above J$0.00."],
    ["100000000.01", "Enter at most J$100,000,000.00."],
    ["9".repeat(40), "Enter at most J$100,000,000.00."],
  ])("%j is refused: %s", (input, message) => {
    expect(parseAmount(input)).toEqual({ ok: false, message });
  });

  test("zero only where allowed", () => {
    expect(parseAmount("0.00", { allowZero: true })).toEqual({ ok: true, cents: 0 });
  });

  test("any amount in range reads back from its own formats; any text is an answer, never a throw", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmount(formatCents(cents))).toEqual({ ok: true, cents });
        expect(parseAmount(centsToPlain(cents))).toEqual({ ok: true, cents });
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const parsed = parseAmount(text);
        if (parsed.ok) expect(parsed.cents).toBeGreaterThan(0);
        else expect(parsed.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("figures", () => {
  test("formatCents and centsToPlain", () => {
    expect(formatCents(1_800_000)).toBe("J$18,000.00");
    expect(formatCents(5)).toBe("J$0.05");
    expect(formatCents(-50_000)).toBe("-J$500.00");
    expect(centsToPlain(1_800_050)).toBe("18000.50");
    expect(centsToPlain(-7)).toBe("-0.07");
  });

  test("GCT is one line on (subtotal - discount), rounded half up to the cent", () => {
    expect(invoiceTotals([{ quantity: 1, unitCents: 1_200_000 }], 0, GCT_RATE_BP)).toEqual({
      subtotalCents: 1_200_000,
      discountCents: 0,
      taxCents: 180_000,
      totalCents: 1_380_000,
    });
    // 0.15 × 333 = 49.95 → 50; 0.15 × 3 = 0.45 → 0.
    expect(invoiceTotals([{ quantity: 3, unitCents: 111 }], 0, GCT_RATE_BP).taxCents).toBe(50);
    expect(invoiceTotals([{ quantity: 1, unitCents: 3 }], 0, GCT_RATE_BP).taxCents).toBe(0);
    expect(invoiceTotals([{ quantity: 2, unitCents: 500_000 }], 100_000, 0)).toEqual({
      subtotalCents: 1_000_000,
      discountCents: 100_000,
      taxCents: 0,
      totalCents: 900_000,
    });
    // A discount is never more than the subtotal.
    expect(invoiceTotals([{ quantity: 1, unitCents: 1000 }], 5000, GCT_RATE_BP).totalCents).toBe(0);
  });

  test("a deposit deducted as a line keeps the GCT over both documents that of the whole (to the cent)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (price, percent) => {
        const deposit = depositCents({ rule: "percent", percent, fixedCents: 0 }, price);
        const first = invoiceTotals([{ quantity: 1, unitCents: deposit }], 0, GCT_RATE_BP);
        const rest = invoiceTotals(
          [
            { quantity: 1, unitCents: price },
            { quantity: 1, unitCents: -deposit },
          ],
          0,
          GCT_RATE_BP,
        );
        const whole = invoiceTotals([{ quantity: 1, unitCents: price }], 0, GCT_RATE_BP);
        expect(Math.abs(first.taxCents + rest.taxCents - whole.taxCents)).toBeLessThanOrEqual(1);
        expect(first.subtotalCents + rest.subtotalCents).toBe(whole.subtotalCents);
      }),
    );
  });

  test("titles and numbers", () => {
    expect(documentTitle("invoice", GCT_RATE_BP)).toBe("Tax Invoice");
    expect(documentTitle("invoice", 0)).toBe("Invoice");
    expect(documentTitle("credit_note", 0)).toBe("Credit Note");
    expect(documentNumber(documentSeries("invoice", "2026-11-28"), 1)).toBe("INV-2026-0001");
    expect(documentNumber(documentSeries("credit_note", "2027-01-02"), 12345)).toBe("CN-2027-12345");
  });
});

describe("days and states", () => {
  test("due on the day of the work plus the terms, never before the issue day", () => {
    expect(dueDay("2026-11-28", "2026-12-03", 0)).toBe("2026-12-03");
    expect(dueDay("2026-11-28", "2026-11-20", 0)).toBe("2026-11-28");
    expect(dueDay("2026-11-28", null, 14)).toBe("2026-12-12");
    expect(dueDay("2026-12-25", null, 7)).toBe("2027-01-01");
  });

  test("ages", () => {
    expect(agingBucket("2026-11-28", "2026-11-28")).toBe("current");
    expect(agingBucket("2026-11-27", "2026-11-28")).toBe("1-30");
    expect(agingBucket("2026-10-29", "2026-11-28")).toBe("1-30");
    expect(agingBucket("2026-10-28", "2026-11-28")).toBe("31-60");
    expect(agingBucket("2026-09-28", "2026-11-28")).toBe("over-60");
  });

  test("an invoice's state is read from its balance", () => {
    expect(invoiceState("draft", 1000, 1000)).toBe("draft");
    expect(invoiceState("issued", 1000, 1000)).toBe("issued");
    expect(invoiceState("issued", 1000, 400)).toBe("partly_paid");
    expect(invoiceState("issued", 1000, 0)).toBe("paid");
    expect(invoiceState("issued", 1000, -50)).toBe("paid");
    expect(invoiceState("void", 0, 0)).toBe("void");
  });

  test("deposits", () => {
    expect(depositCents({ rule: "none", percent: 25, fixedCents: 0 }, 1_200_000)).toBe(0);
    expect(depositCents({ rule: "percent", percent: 25, fixedCents: 0 }, 1_200_000)).toBe(300_000);
    expect(depositCents({ rule: "fixed", percent: 25, fixedCents: 500_000 }, 300_000)).toBe(300_000);
  });
});
