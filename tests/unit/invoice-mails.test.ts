/**
 * The billing e-mails' texts (app/server/mail/billing-mails.server.ts): the invoice's number,
 * amounts as "J$18,000.00", due dates, the private link (in the text and in `links`, so the HTML
 * part makes it a link), how to pay, the receipt's page, a reminder's overdue wording, the
 * deposit's deadline in Jamaica time, and a released booking's way to book again.
 */
import { describe, expect, test } from "vitest";
import type { Company } from "~/domain/company";
import {
  depositReleasedMail,
  depositRequestMail,
  invoiceMail,
  mailHtml,
  paymentReminderMail,
  receiptMail,
  type BillingMailInvoice,
  type BillingMailPayment,
} from "~/server/mail";

const SITE = "https://www.montegobaycleaning.com";
const LINK = `${SITE}/invoice/${"a1".repeat(16)}`;
const COMPANY: Company = {
  name: "Montego Bay Cleaning Co.",
  phone: "876 555 0100",
  email: "hello@montegobaycleaning.com",
  whatsapp: "18765550100",
  socialUrl: null,
};

const INVOICE: BillingMailInvoice = {
  kind: "invoice",
  status: "issued",
  number: "INV-2026-0001",
  billToName: "Marcia Clarke",
  billToEmail: "marcia@example.com",
  issueDate: "2026-11-20",
  dueDate: "2026-12-05",
  taxRateBp: 1500,
  totalCents: 2_070_000,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 2_070_000,
  lines: [
    { description: "Deep cleaning, three bedrooms", quantity: 1, amountCents: 1_500_000 },
    { description: "Oven inside", quantity: 2, amountCents: 300_000 },
  ],
};

const PAYMENT: BillingMailPayment = {
  id: "5f0c8a9e-1111-4222-8333-444455556666",
  kind: "payment",
  method: "bank_transfer",
  amountCents: 500_000,
  tipCents: 20_000,
  reference: "NCB-2231",
  paidOn: "2026-11-22",
};

describe("invoiceMail", () => {
  test("subject, number, amounts, due date, the link in text and links, how to pay; to the bill-to address, replies to the company", () => {
    const mail = invoiceMail(INVOICE, LINK, COMPANY, SITE, {
      paymentInstructions: "NCB account 123456, Montego Bay branch",
      payByCard: true,
    });
    expect(mail.subject).toBe("Invoice INV-2026-0001 from Montego Bay Cleaning Co: J$20,700.00 due Dec 05, 2026");
    expect(mail.to).toBe("marcia@example.com");
    expect(mail.replyTo).toBe(COMPANY.email);
    expect(mail.text).toContain("Hello Marcia Clarke,");
    expect(mail.text).toContain("- Deep cleaning, three bedrooms: J$15,000.00");
    expect(mail.text).toContain("- Oven inside × 2: J$3,000.00");
    expect(mail.text).toContain("Total: J$20,700.00");
    expect(mail.text).toContain("Balance due: J$20,700.00");
    expect(mail.text).toContain("Due: Dec 05, 2026");
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain("pay by card");
    expect(mail.text).toContain("NCB account 123456, Montego Bay branch");
    expect(mail.text).toContain("Please mention Invoice INV-2026-0001.");
    expect(mail.links[0]).toBe(LINK);
    expect(mail.links).toContain("https://wa.me/18765550100");
    expect(mailHtml(mail)).toContain(`<a href="${LINK}"`);
  });

  test("a credit note names itself and its amount, and asks nothing to be paid", () => {
    const mail = invoiceMail(
      { ...INVOICE, kind: "credit_note", number: "CN-2026-0003", totalCents: 300_000, balanceCents: 0 },
      LINK,
      COMPANY,
      SITE,
      {
        paymentInstructions: "NCB account 123456",
      },
    );
    expect(mail.subject).toBe("Credit note CN-2026-0003 from Montego Bay Cleaning Co: J$3,000.00");
    expect(mail.text).not.toContain("NCB account");
    expect(mail.links[0]).toBe(LINK);
  });

  test("throws without an e-mail address (callers check it: no_email)", () => {
    expect(() => invoiceMail({ ...INVOICE, billToEmail: null }, LINK, COMPANY, SITE)).toThrow(TypeError);
  });
});

describe("receiptMail", () => {
  test("amount, tip, method, date, reference, balance left, the receipt's link first", () => {
    const mail = receiptMail({ ...INVOICE, paidCents: 500_000, balanceCents: 1_570_000 }, PAYMENT, LINK, COMPANY, SITE);
    const receiptLink = `${LINK}/receipt/${PAYMENT.id}`;
    expect(mail.subject).toBe("Receipt for J$5,000.00 (Invoice INV-2026-0001) - Montego Bay Cleaning Co.");
    expect(mail.text).toContain("Amount received: J$5,000.00");
    expect(mail.text).toContain("Tip: J$200.00");
    expect(mail.text).toContain("Method: Bank transfer");
    expect(mail.text).toContain("Date: Nov 22, 2026");
    expect(mail.text).toContain("Reference: NCB-2231");
    expect(mail.text).toContain("Balance due: J$15,700.00");
    expect(mail.text).toContain(receiptLink);
    expect(mail.links.slice(0, 2)).toEqual([receiptLink, LINK]);
  });

  test("a payment of the whole balance says paid in full; a refund says refund", () => {
    expect(receiptMail({ ...INVOICE, balanceCents: 0 }, PAYMENT, LINK, COMPANY, SITE).text).toContain("Paid in full.");
    const refund = receiptMail({ ...INVOICE, balanceCents: 30_000 }, { ...PAYMENT, kind: "refund", tipCents: 0 }, LINK, COMPANY, SITE);
    expect(refund.subject).toMatch(/^Refund of J\$5,000\.00/);
    expect(refund.text).toContain("Refunded: J$5,000.00");
  });
});

describe("paymentReminderMail", () => {
  test("before the due date: 'due'; after it: 'was due'; the balance and the link", () => {
    const early = paymentReminderMail(INVOICE, LINK, COMPANY, SITE, {}, "2026-12-01");
    expect(early.subject).toBe("Reminder: Invoice INV-2026-0001, J$20,700.00 due Dec 05, 2026 - Montego Bay Cleaning Co.");
    const late = paymentReminderMail(
      { ...INVOICE, balanceCents: 1_000_000 },
      LINK,
      COMPANY,
      SITE,
      { paymentInstructions: "Lynk: @mbcleaning" },
      "2026-12-20",
    );
    expect(late.subject).toContain("J$10,000.00 was due Dec 05, 2026");
    expect(late.text).toContain("was due on Dec 05, 2026, and J$10,000.00 is still owed");
    expect(late.text).toContain("Lynk: @mbcleaning");
    expect(late.text).toContain(LINK);
    expect(late.links[0]).toBe(LINK);
  });
});

describe("the deposit's mails", () => {
  const deposit = { ...INVOICE, number: "INV-2026-0009", totalCents: 540_000, balanceCents: 540_000 };
  const visit = { day: "2026-12-03", windowStart: "09:00", windowEnd: "11:00" };

  test("the request: the amount, the visit, the deadline in Jamaica time, the link", () => {
    // 20:00 UTC is 3:00 PM in Jamaica (UTC-5).
    const mail = depositRequestMail(deposit, visit, new Date("2026-11-29T20:00:00Z"), LINK, COMPANY, SITE);
    expect(mail.subject).toBe("Pay your deposit of J$5,400.00 to confirm your booking - Montego Bay Cleaning Co.");
    expect(mail.text).toContain("Thursday, Dec 3, 2026, arrival 9:00 AM-11:00 AM");
    expect(mail.text).toContain("by Sunday, Nov 29, 2026, 3:00 PM (Jamaica time)");
    expect(mail.text).toContain(LINK);
    expect(mail.links[0]).toBe(LINK);
  });

  test("the release: the visit, nothing owed, how to book again with its link", () => {
    const mail = depositReleasedMail(deposit, visit, COMPANY, SITE);
    expect(mail.subject).toContain("Your booking for Thursday, Dec 3, 2026 is released");
    expect(mail.text).toContain("Nothing is owed for it.");
    expect(mail.text).toContain(`${SITE}/quote`);
    expect(mail.links[0]).toBe(`${SITE}/quote`);
  });
});
