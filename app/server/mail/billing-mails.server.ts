/**
 * The e-mails about money a customer gets (docs/product.md §15), each composed here once, in the
 * style of customer-mails.server.ts:
 * - `invoiceMail`: an issued invoice (or credit note): its number, total, due date, how to pay;
 * - `receiptMail`: a payment (or refund) recorded: amount, method, date, the balance left;
 * - `paymentReminderMail`: an invoice still owing (by staff's 'Send reminder' or the daily task);
 * - `depositRequestMail`: the deposit a booking needs, and until when (Jamaica time);
 * - `depositReleasedMail`: the booking's window was released because its deposit was not paid.
 * Each ends the same way (`billingMail`): the invoice's private link where there is one, the
 * company's phone and WhatsApp with the document's number, the company's name; replies go to the
 * company's address. Plain text; the HTML part is made from it (html.server.tsx), and only the
 * site's and the company's own links are links. The invoice is read through `BillingMailInvoice`,
 * the fields of app/server/billing's InvoiceDetail these mails use (named here, so that the mail
 * feature depends on no feature that sends mail).
 */
import { format, parseISO } from "date-fns";
import { formatCents } from "~/domain/billing";
import { dayLabel, visitLabel } from "~/domain/booking";
import type { Company } from "~/domain/company";
import { formatAdminDate, timeInJamaica, todayInJamaica } from "~/domain/dates";
import { PAYMENT_METHOD_LABELS, type InvoiceKind, type InvoiceStatus, type PaymentKind, type PaymentMethod } from "~/domain/enumerations";
import { whatsappHref } from "~/domain/phone";
import { oneLine, type Mail } from "./mailer.server";

/** What the billing e-mails read of an invoice or credit note (app/server/billing/types.ts `InvoiceDetail` fits it). Amounts in cents, days ISO. */
export interface BillingMailInvoice {
  kind: InvoiceKind;
  status: InvoiceStatus;
  number: string | null;
  billToName: string;
  billToEmail: string | null;
  issueDate: string | null;
  dueDate: string;
  taxRateBp: number;
  totalCents: number;
  creditedCents: number;
  paidCents: number;
  balanceCents: number;
  lines: ReadonlyArray<{ description: string; quantity: number; amountCents: number }>;
}

/** A payment or refund as its receipt tells it (app/server/billing/types.ts `PaymentEntry` fits it). */
export interface BillingMailPayment {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  reference: string | null;
  paidOn: string;
}

/** The visit a deposit is for: its day (ISO) and arrival window ("HH:MM"). */
export interface BillingMailVisit {
  day: string;
  windowStart: string;
  windowEnd: string;
}

/** How the customer can pay, told in the invoice and reminder mails: the owner's instructions (billing settings) and whether a card can be used online. */
export interface HowToPay {
  paymentInstructions?: string | null;
  payByCard?: boolean;
}

/** The path of an issued document's private page. */
export function invoicePath(token: string): string {
  return `/invoice/${token}`;
}

/** An ISO day as the customer reads it: "Nov 28, 2026". */
const day = (iso: string) => formatAdminDate(Date.parse(`${iso}T12:00:00Z`));

/** An instant in Jamaica as a deadline reads: "Friday, Nov 27, 2026, 3:00 PM (Jamaica time)". */
export function deadlineLabel(at: Date): string {
  const clock = format(parseISO(`2000-01-01T${timeInJamaica(at)}:00`), "h:mm a");
  return `${dayLabel(todayInJamaica(at))}, ${clock} (Jamaica time)`;
}

/** "Invoice INV-2026-0001" or "Credit note CN-2026-0001". */
const documentName = (invoice: BillingMailInvoice) =>
  `${invoice.kind === "credit_note" ? "Credit note" : "Invoice"} ${invoice.number ?? ""}`.trim();

/** The company's name without a final period, for the middle of a sentence. */
const companyName = (company: Company) => company.name.replace(/\.$/, "");

/** What is still owed as a sentence: "Balance due: J$…", "Paid in full." or "In credit: J$…". */
function balanceText(balanceCents: number): string {
  if (balanceCents > 0) return `Balance due: ${formatCents(balanceCents)}`;
  if (balanceCents < 0) return `In credit: ${formatCents(-balanceCents)}`;
  return "Paid in full.";
}

/** How to pay, as paragraphs: online by card (on the invoice's page) and the owner's instructions. */
function howToPay({ paymentInstructions = null, payByCard = false }: HowToPay): string[] {
  const paragraphs: string[] = [];
  if (payByCard) paragraphs.push("You can pay by card on the invoice's page (the link above).");
  if (paymentInstructions?.trim()) paragraphs.push(`How to pay:\n${paymentInstructions.trim()}`);
  return paragraphs;
}

/**
 * A mail to the invoice's customer: `subject` as given (it names the company itself, or gets
 * ` - {company}` when `suffix`), the `paragraphs`, "Questions? …" with the company's phone and
 * WhatsApp link and the document's number, and the company's name. `links` are the mail's own
 * links (the invoice's or receipt's page), listed before the WhatsApp link. Throws a TypeError
 * when the invoice has no e-mail address (callers check it first: app/server/billing/mails.server.ts).
 */
function billingMail(
  invoice: BillingMailInvoice,
  subject: string,
  paragraphs: string[],
  links: string[],
  company: Company,
  suffix: boolean,
): Mail {
  if (!invoice.billToEmail) throw new TypeError(`${documentName(invoice)} has no e-mail address to send to`);
  const whatsappLink = whatsappHref(company.whatsapp);
  return {
    to: invoice.billToEmail,
    subject: oneLine(suffix ? `${subject} - ${company.name}` : subject),
    text: [
      `Hello ${oneLine(invoice.billToName)},`,
      ...paragraphs,
      `Questions? Call us on ${company.phone} or write on WhatsApp: ${whatsappLink}\nPlease mention ${documentName(invoice)}.`,
      company.name,
    ].join("\n\n"),
    links: [...links, whatsappLink],
    replyTo: company.email,
  };
}

/** The lines of an invoice as a mail lists them: "- Deep cleaning × 2: J$36,000.00". */
function lineList(invoice: BillingMailInvoice): string {
  return invoice.lines
    .map((line) => `- ${oneLine(line.description)}${line.quantity === 1 ? "" : ` × ${line.quantity}`}: ${formatCents(line.amountCents)}`)
    .join("\n");
}

/**
 * The e-mail of an issued invoice or credit note. In: the document, its private link (SITE_URL's
 * origin and `invoicePath(token)`), the company, SITE_URL's origin (unused by the text today, kept
 * for the mails' common shape) and how to pay. Subject: "Invoice INV-2026-0001 from {company}:
 * J$18,000.00 due Dec 05, 2026" ("Credit note CN-… from {company}: J$…" for a credit note).
 * Out: the Mail, the invoice's link first among its links. Throws when it has no e-mail address.
 */
export function invoiceMail(invoice: BillingMailInvoice, link: string, company: Company, _siteUrl: string, pay: HowToPay = {}): Mail {
  const name = documentName(invoice);
  if (invoice.kind === "credit_note") {
    return billingMail(
      invoice,
      `${name} from ${companyName(company)}: ${formatCents(invoice.totalCents)}`,
      [
        `Here is your credit note ${invoice.number ?? ""}, of ${formatCents(invoice.totalCents)}${invoice.issueDate ? `, dated ${day(invoice.issueDate)}` : ""}. It corrects an invoice of ours: what it credits is no longer owed.`,
        lineList(invoice),
        `See it, print it or save it as a PDF (this link is only for you):\n${link}`,
      ],
      [link],
      company,
      false,
    );
  }
  const owed = invoice.balanceCents;
  return billingMail(
    invoice,
    `${name} from ${companyName(company)}: ${formatCents(owed > 0 ? owed : invoice.totalCents)} due ${day(invoice.dueDate)}`,
    [
      `Thank you for choosing ${companyName(company)}. Here is your invoice ${invoice.number ?? ""}${invoice.issueDate ? `, dated ${day(invoice.issueDate)}` : ""}.`,
      [lineList(invoice), `Total: ${formatCents(invoice.totalCents)}`].join("\n"),
      [
        ...(invoice.paidCents !== 0 ? [`Paid so far: ${formatCents(invoice.paidCents)}`] : []),
        ...(invoice.creditedCents !== 0 ? [`Credited: ${formatCents(invoice.creditedCents)}`] : []),
        balanceText(owed),
        ...(owed > 0 ? [`Due: ${day(invoice.dueDate)}`] : []),
      ].join("\n"),
      `See it, print it or save it as a PDF (this link is only for you):\n${link}`,
      ...(owed > 0 ? howToPay(pay) : []),
    ],
    [link],
    company,
    false,
  );
}

/**
 * The receipt of a payment (or the note of a refund). In: the invoice as it is after the entry
 * (its balance read now), the entry, the invoice's private link, the company and SITE_URL's
 * origin. Out: the Mail with the receipt's page (`{link}/receipt/{paymentId}`) first among its
 * links, then the invoice's. Throws when the invoice has no e-mail address.
 */
export function receiptMail(
  invoice: BillingMailInvoice,
  payment: BillingMailPayment,
  link: string,
  company: Company,
  _siteUrl: string,
): Mail {
  const receiptLink = `${link}/receipt/${payment.id}`;
  const refund = payment.kind === "refund";
  const details = [
    `${refund ? "Refunded" : "Amount received"}: ${formatCents(payment.amountCents)}`,
    ...(payment.tipCents > 0 ? [`Tip: ${formatCents(payment.tipCents)} (thank you!)`] : []),
    `Method: ${PAYMENT_METHOD_LABELS[payment.method]}`,
    `Date: ${day(payment.paidOn)}`,
    ...(payment.reference ? [`Reference: ${oneLine(payment.reference)}`] : []),
    `For: ${documentName(invoice)}`,
    balanceText(invoice.balanceCents),
  ];
  return billingMail(
    invoice,
    refund
      ? `Refund of ${formatCents(payment.amountCents)} (${documentName(invoice)})`
      : `Receipt for ${formatCents(payment.amountCents)} (${documentName(invoice)})`,
    [
      refund
        ? `We have refunded ${formatCents(payment.amountCents)} on ${documentName(invoice)}.`
        : `Thank you: we have received your payment of ${formatCents(payment.amountCents)}.`,
      details.join("\n"),
      `Your ${refund ? "refund's note" : "receipt"}, to print or keep:\n${receiptLink}`,
      `Your invoice:\n${link}`,
    ],
    [receiptLink, link],
    company,
    true,
  );
}

/**
 * The reminder of an invoice still owing. In: the invoice, its private link, the company,
 * SITE_URL's origin, how to pay, and `today` (ISO day in Jamaica; defaults to now) to say
 * whether it is overdue. Out: the Mail, the invoice's link first among its links.
 */
export function paymentReminderMail(
  invoice: BillingMailInvoice,
  link: string,
  company: Company,
  _siteUrl: string,
  pay: HowToPay = {},
  today: string = todayInJamaica(),
): Mail {
  const late = invoice.dueDate < today;
  return billingMail(
    invoice,
    `Reminder: ${documentName(invoice)}, ${formatCents(invoice.balanceCents)} ${late ? "was due" : "due"} ${day(invoice.dueDate)}`,
    [
      late
        ? `A friendly reminder: ${documentName(invoice)} was due on ${day(invoice.dueDate)}, and ${formatCents(invoice.balanceCents)} is still owed.`
        : `A friendly reminder: ${documentName(invoice)} is due on ${day(invoice.dueDate)}, with ${formatCents(invoice.balanceCents)} to pay.`,
      `See the invoice (this link is only for you):\n${link}`,
      ...howToPay(pay),
      "If you have paid already, thank you: please ignore this e-mail, or reply with your payment's reference so we can match it.",
    ],
    [link],
    company,
    true,
  );
}

/**
 * The request of a booking's deposit. In: the deposit's invoice, the visit (day, arrival
 * window), the deadline (an instant; told in Jamaica time), the invoice's private link, the
 * company and SITE_URL's origin. Out: the Mail, the invoice's link first among its links.
 */
export function depositRequestMail(
  invoice: BillingMailInvoice,
  visit: BillingMailVisit,
  deadline: Date,
  link: string,
  company: Company,
  _siteUrl: string,
  pay: HowToPay = {},
): Mail {
  const amount = formatCents(invoice.balanceCents > 0 ? invoice.balanceCents : invoice.totalCents);
  return billingMail(
    invoice,
    `Pay your deposit of ${amount} to confirm your booking`,
    [
      `Thank you for booking with ${companyName(company)}: ${visitLabel(visit)}.`,
      `To confirm your booking, please pay the deposit of ${amount} by ${deadlineLabel(deadline)}. If it is not paid by then, we release the time for other bookings.`,
      `Pay or see the deposit's invoice (this link is only for you):\n${link}`,
      ...howToPay(pay),
    ],
    [link],
    company,
    true,
  );
}

/**
 * The note that a booking's window was released because its deposit was not paid in time. In:
 * the deposit's invoice, the visit (day, arrival window), the company and SITE_URL's origin
 * (the link to book again: the quote form). Out: the Mail.
 */
export function depositReleasedMail(invoice: BillingMailInvoice, visit: BillingMailVisit, company: Company, siteUrl: string): Mail {
  const quoteLink = `${siteUrl}/quote`;
  return billingMail(
    invoice,
    `Your booking for ${dayLabel(visit.day)} is released`,
    [
      `We did not receive the deposit for your booking of ${visitLabel(visit)} in time, so we have released that time. Nothing is owed for it.`,
      `To book again, call us or write on WhatsApp, or ask for a new quote:\n${quoteLink}`,
    ],
    [quoteLink],
    company,
    true,
  );
}
