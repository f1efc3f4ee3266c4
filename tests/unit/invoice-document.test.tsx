/**
 * The printed invoice document (app/components/billing/invoice-document.tsx) and the receipt
 * (receipt-document.tsx), rendered to markup: the title by GCT, GCT as its own line, TRN and GCT
 * number only with GCT, "Balance due" / "Paid in full" / "In credit", a void invoice's mark with
 * its credit note, a credit note's "Corrects INV-…", payment instructions only while owed, and a
 * receipt's refund wording.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { InvoiceDocument, type InvoiceDocumentData } from "~/components/billing/invoice-document";
import { ReceiptDocument } from "~/components/billing/receipt-document";

const BUSINESS = {
  name: "Montego Bay Cleaning Co.",
  phone: "876 555 0100",
  email: "hello@example.com",
  address: "Montego Bay, St. James, Jamaica",
};

const INVOICE: InvoiceDocumentData = {
  kind: "invoice",
  status: "issued",
  number: "INV-2026-0001",
  issueDate: "2026-11-20",
  dueDate: "2026-12-05",
  period: null,
  billToName: "Marcia Clarke",
  billToEmail: "marcia@example.com",
  billToPhone: "+1 876-555-0102",
  billToAddress: "7 Kent Avenue",
  taxRateBp: 1500,
  businessTrn: "123-456-789",
  businessGctNumber: "GCT-998877",
  subtotalCents: 1_800_000,
  discountCents: 100_000,
  taxCents: 255_000,
  totalCents: 1_955_000,
  creditedCents: 0,
  paidCents: 500_000,
  balanceCents: 1_455_000,
  notes: null,
  voidReason: null,
  lines: [{ id: "l1", description: "Deep cleaning", quantity: 1, unitCents: 1_800_000, amountCents: 1_800_000 }],
  payments: [{ id: "p1", kind: "payment", method: "cash", amountCents: 500_000, paidOn: "2026-11-22" }],
  creditNotes: [],
  creditFor: null,
};

const render = (invoice: InvoiceDocumentData, instructions: string | null = "NCB account 123456") =>
  renderToStaticMarkup(<InvoiceDocument invoice={invoice} business={BUSINESS} paymentInstructions={instructions} />);

describe("InvoiceDocument", () => {
  test("a Tax Invoice: business facts, TRN and GCT number, bill-to, lines, discount, GCT 15% line, total, payments, balance due, how to pay", () => {
    const html = render(INVOICE);
    for (const text of [
      "Tax Invoice",
      "INV-2026-0001",
      "Montego Bay Cleaning Co.",
      "TRN 123-456-789",
      "GCT No. GCT-998877",
      "Nov 20, 2026",
      "Dec 05, 2026",
      "Marcia Clarke",
      "7 Kent Avenue",
      "Deep cleaning",
      "J$18,000.00",
      "-J$1,000.00",
      "GCT 15%",
      "J$2,550.00",
      "J$19,550.00",
      "Payments received",
      "Nov 22, 2026 · Cash",
      "Balance due",
      "J$14,550.00",
      "How to pay",
      "NCB account 123456",
      "@media print",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("VOID");
  });

  test("without GCT: 'Invoice', no GCT line, no TRN", () => {
    const html = render({ ...INVOICE, taxRateBp: 0, taxCents: 0, totalCents: 1_700_000, balanceCents: 1_200_000 });
    expect(html).toContain(">Invoice<");
    expect(html).not.toContain("Tax Invoice");
    expect(html).not.toContain("GCT 15%");
    expect(html).not.toContain("TRN");
  });

  test("paid: 'Paid in full' and no payment instructions; overpaid: 'In credit'", () => {
    const paid = render({ ...INVOICE, paidCents: 1_955_000, balanceCents: 0 });
    expect(paid).toContain("Paid in full");
    expect(paid).not.toContain("How to pay");
    expect(render({ ...INVOICE, balanceCents: -20_000 })).toContain("In credit");
  });

  test("a void invoice: the VOID mark, its credit note, the reason", () => {
    const html = render({
      ...INVOICE,
      status: "void",
      voidReason: "Visit cancelled",
      creditedCents: 1_955_000,
      balanceCents: -500_000,
      creditNotes: [{ id: "c1", number: "CN-2026-0004", issueDate: "2026-11-23", totalCents: 1_955_000, status: "issued" }],
    });
    expect(html).toContain("VOID");
    expect(html).toContain("corrected in full by credit note CN-2026-0004");
    expect(html).toContain("Reason: Visit cancelled");
    expect(html).not.toContain("How to pay");
  });

  test("a credit note: its title, 'Corrects INV-…', its total credited, no balance", () => {
    const html = render({
      ...INVOICE,
      kind: "credit_note",
      number: "CN-2026-0004",
      taxRateBp: 0,
      payments: [],
      creditFor: { id: "i1", number: "INV-2026-0001" },
    });
    expect(html).toContain("Credit Note");
    expect(html).toContain("Corrects INV-2026-0001");
    expect(html).toContain("Total credited");
    expect(html).not.toContain("Balance due");
  });
});

describe("ReceiptDocument", () => {
  const receipt = {
    kind: "payment" as const,
    method: "bank_transfer" as const,
    amountCents: 500_000,
    tipCents: 20_000,
    reference: "NCB-2231",
    paidOn: "2026-11-22",
    invoiceNumber: "INV-2026-0001",
    businessTrn: null,
    balanceCents: 0,
  };

  test("a payment: Receipt, number, date, method, reference, amount, tip, the balance now, thanks", () => {
    const html = renderToStaticMarkup(<ReceiptDocument receipt={receipt} business={BUSINESS} />);
    for (const text of [
      "Receipt",
      "INV-2026-0001",
      "Nov 22, 2026",
      "Bank transfer",
      "NCB-2231",
      "J$5,000.00",
      "J$200.00",
      "Paid in full",
      "Thank you",
    ]) {
      expect(html).toContain(text);
    }
  });

  test("a refund reads 'Refund'", () => {
    const html = renderToStaticMarkup(<ReceiptDocument receipt={{ ...receipt, kind: "refund", tipCents: 0 }} business={BUSINESS} />);
    expect(html).toContain("Refund");
    expect(html).toContain("Amount refunded");
  });
});
