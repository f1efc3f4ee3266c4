/**
 * The billing core's pure helpers (app/server/billing/): the checks of a draft, a credit note's
 * lines and a payment's fields, a month's days, a visit line's text, the LIKE pattern of the
 * invoice search and the private link's token.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  containsPattern,
  creditLinesProblem,
  draftProblem,
  monthDays,
  newInvoiceToken,
  paymentInputProblem,
  visitLineDescription,
  type DraftInput,
  type PaymentInput,
} from "~/server/billing";

const draft: DraftInput = {
  billToName: "Jane Brown",
  billToEmail: null,
  billToPhone: null,
  billToAddress: null,
  lines: [{ description: "Deep clean", quantity: 1, unitCents: 1_800_000 }],
  discountCents: 0,
  dueDate: "2026-12-01",
  notes: null,
};

describe("draftProblem", () => {
  test("a valid draft, with a deposit deducted, passes", () => {
    expect(draftProblem(draft)).toBeNull();
    expect(
      draftProblem({ ...draft, lines: [...draft.lines, { description: "Less deposit paid", quantity: 1, unitCents: -450_000 }] }),
    ).toBeNull();
  });
  test("refuses what the database or the rules would not take", () => {
    expect(draftProblem({ ...draft, billToName: " " })).toMatch(/who/);
    expect(draftProblem({ ...draft, lines: [] })).toMatch(/at least one line/);
    expect(draftProblem({ ...draft, lines: [{ description: "x", quantity: 0, unitCents: 1 }] })).toMatch(/quantity/);
    expect(draftProblem({ ...draft, lines: [{ description: "x", quantity: 1001, unitCents: 1 }] })).toMatch(/quantity/);
    expect(draftProblem({ ...draft, lines: [{ description: "x", quantity: 1, unitCents: 1.5 }] })).toMatch(/price/);
    expect(draftProblem({ ...draft, lines: [{ description: "", quantity: 1, unitCents: 1 }] })).toMatch(/Describe/);
    expect(draftProblem({ ...draft, discountCents: -1 })).toMatch(/discount/);
    expect(draftProblem({ ...draft, dueDate: "soon" })).toMatch(/due date/);
    expect(draftProblem({ ...draft, lines: [{ description: "Refund", quantity: 1, unitCents: -1 }] })).toMatch(/less than zero/);
  });
});

describe("creditLinesProblem", () => {
  test("positive amounts within the limits only", () => {
    expect(creditLinesProblem([{ description: "Missed room", quantity: 1, unitCents: 100 }])).toBeNull();
    expect(creditLinesProblem([])).not.toBeNull();
    expect(creditLinesProblem([{ description: "x", quantity: 1, unitCents: 0 }])).not.toBeNull();
    expect(creditLinesProblem([{ description: "x", quantity: 1, unitCents: -5 }])).not.toBeNull();
  });
});

describe("paymentInputProblem", () => {
  const input: PaymentInput = {
    invoiceId: "i",
    kind: "payment",
    method: "cash",
    amountCents: 100,
    excess: "refuse",
    reference: null,
    paidOn: "2026-11-20",
    note: null,
    idempotencyKey: "k",
  };
  test("a payment today or earlier, not over a year before the invoice, passes", () => {
    expect(paymentInputProblem(input, "2026-11-01", "2026-11-27")).toBeNull();
    expect(paymentInputProblem({ ...input, paidOn: "2025-11-01" }, "2026-11-01", "2026-11-27")).toBeNull();
  });
  test("names the field it refuses", () => {
    expect(paymentInputProblem({ ...input, paidOn: "2026-11-28" }, null, "2026-11-27")?.field).toBe("paidOn");
    expect(paymentInputProblem({ ...input, paidOn: "2026-02-30" }, null, "2026-11-27")?.field).toBe("paidOn");
    expect(paymentInputProblem({ ...input, paidOn: "2024-01-01" }, "2026-11-01", "2026-11-27")?.field).toBe("paidOn");
    expect(paymentInputProblem({ ...input, amountCents: 0 }, null, "2026-11-27")?.field).toBe("amount");
    expect(paymentInputProblem({ ...input, method: "cheque" as never }, null, "2026-11-27")?.field).toBe("method");
    expect(paymentInputProblem({ ...input, reference: "r".repeat(101) }, null, "2026-11-27")?.field).toBe("reference");
    expect(paymentInputProblem({ ...input, note: "n".repeat(501) }, null, "2026-11-27")?.field).toBe("note");
  });
});

describe("helpers", () => {
  test("monthDays gives a month's first and last day, leap years included", () => {
    expect(monthDays("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthDays("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(monthDays("2026-12")).toEqual({ first: "2026-12-01", last: "2026-12-31" });
    expect(monthDays("2026-13")).toBeNull();
    expect(monthDays("2026-1")).toBeNull();
  });
  test("visitLineDescription names the service and the day", () => {
    expect(visitLineDescription("Residential Cleaning", "2026-11-30")).toBe("Residential Cleaning on Mon, Nov 30, 2026");
  });
  test("containsPattern escapes LIKE's wildcards and its escape", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    fc.assert(
      fc.property(fc.string(), (text) => {
        const pattern = containsPattern(text);
        // Unescaped, the middle is the text itself.
        expect(pattern.slice(1, -1).replace(/\\(.)/g, "$1")).toBe(text);
      }),
    );
  });
  test("newInvoiceToken is 32 lower-case hex characters, fresh each time", () => {
    const tokens = new Set(Array.from({ length: 100 }, newInvoiceToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
  });
});
