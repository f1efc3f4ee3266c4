/**
 * The invoice page's forms (app/routes/admin/invoice/schema.ts) as the server parses them with
 * Conform: blank rows are left out, a deposit deducted keeps its minus, every refused field of a
 * line is named by its row, and a payment's bank transfer needs its reference.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { draftFigures, draftSchema, invoiceFormSchema } from "~/routes/admin/invoice/schema";

/** A posted form from its fields, in their order. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const base = { intent: "save-draft", billToName: "Ann", dueDate: "2030-01-31" };

describe("the draft's editor", () => {
  test("blank rows are left out; a deducted deposit stays negative; the discount is read in cents", () => {
    const submission = parseWithZod(
      form({
        ...base,
        discount: "1,000",
        "lines[0].description": "Deep clean",
        "lines[0].quantity": "2",
        "lines[0].unit": "J$7,250.50",
        "lines[1].description": "",
        "lines[1].quantity": "",
        "lines[1].unit": "",
        "lines[2].description": "Less deposit paid",
        "lines[2].quantity": "1",
        "lines[2].unit": "-3625.00",
        "lines[2].deduction": "1",
      }),
      { schema: draftSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const figures = draftFigures(submission.value);
    expect(figures.lines).toEqual([
      { description: "Deep clean", quantity: 2, unitCents: 725_050, visitId: null },
      { description: "Less deposit paid", quantity: 1, unitCents: -362_500, visitId: null },
    ]);
    expect(figures.discountCents).toBe(100_000);
    expect(figures.totals(0).totalCents).toBe(2 * 725_050 - 362_500 - 100_000);
  });

  test("each refused field of a line is named by its row; a minus without the deduction mark is refused", () => {
    const submission = parseWithZod(
      form({
        ...base,
        "lines[0].description": "Fine",
        "lines[0].quantity": "1",
        "lines[0].unit": "100",
        "lines[1].description": "",
        "lines[1].quantity": "1001",
        "lines[1].unit": "-5",
      }),
      { schema: invoiceFormSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors["lines[1].description"]).toEqual(["Describe the line."]);
    expect(errors["lines[1].quantity"]?.[0]).toContain("whole number from 1 to 1000");
    expect(errors["lines[1].unit"]?.[0]).toContain("without a minus sign");
    expect(errors["lines[0].unit"]).toBeUndefined();
  });
});

describe("'Record a payment'", () => {
  test("a bank transfer needs its reference; the amount is checked", () => {
    const submission = parseWithZod(
      form({ intent: "payment", method: "bank_transfer", amount: "ten", paidOn: "2026-11-20", excess: "refuse", key: crypto.randomUUID() }),
      { schema: invoiceFormSchema },
    );
    const errors = submission.reply().error ?? {};
    expect(errors.reference).toEqual(["Enter the bank transfer's reference."]);
    expect(errors.amount?.[0]).toContain("Enter an amount like 18000");
  });
});
