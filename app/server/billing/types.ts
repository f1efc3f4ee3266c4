/**
 * The shapes the billing feature reads and takes (docs/product.md §15): the owner's settings, a
 * draft's input, an invoice or credit note as a page shows it, a payment entry. Amounts are
 * integer cents of Jamaican dollars; days are ISO dates (YYYY-MM-DD) in Jamaica; instants are
 * `Date`s.
 */
import type { AgingBucket, DepositSetting, InvoiceState } from "~/domain/billing";
import type { InvoiceKind, InvoicePurpose, InvoiceStatus, PaymentKind, PaymentMethod } from "~/domain/enumerations";

/** billing_settings as the pages and rules use it. */
export interface BillingSettings {
  gctRegistered: boolean;
  trn: string | null;
  gctNumber: string | null;
  paymentTermsDays: number;
  deposit: DepositSetting;
  depositHoldHours: number;
  reminderDays: number;
  paymentInstructions: string | null;
}

/** Who does something: a signed-in staff member, or the site itself (the card provider's return, the daily task). */
export type BillingActor = { userId: string } | { system: "card" | "cron" | "booking" };

/** What a new draft invoice is made from. */
export type DraftSource =
  { from: "visit"; visitId: string } | { from: "quote"; quoteRequestId: string } | { from: "month"; customerId: string; month: string };

/** One line as staff enter it (unit price before GCT, in cents; a negative unit only for a deposit deducted). */
export interface LineInput {
  description: string;
  quantity: number;
  unitCents: number;
  visitId?: string | null;
}

/** A draft's editable content. */
export interface DraftInput {
  billToName: string;
  billToEmail: string | null;
  billToPhone: string | null;
  billToAddress: string | null;
  lines: LineInput[];
  discountCents: number;
  dueDate: string;
  notes: string | null;
}

/** One invoice or credit note in a list, with its figures read from its entries. */
export interface InvoiceSummary {
  id: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  purpose: InvoicePurpose;
  /** "INV-2026-0001"; null for a draft. */
  number: string | null;
  state: InvoiceState;
  customerId: string;
  billToName: string;
  quoteRequestId: string | null;
  visitId: string | null;
  issueDate: string | null;
  dueDate: string;
  totalCents: number;
  /** Σ of its issued credit notes' totals (0 for a credit note). */
  creditedCents: number;
  /** Σ payments - Σ refunds (tips excluded). */
  paidCents: number;
  /** totalCents - creditedCents - paidCents: what is still owed (negative: the customer is in credit). */
  balanceCents: number;
  overdue: boolean;
  /** The private link's token (issued documents only). */
  token: string | null;
}

/** A payment or refund as the invoice page lists it. */
export interface PaymentEntry {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  reference: string | null;
  paidOn: string;
  note: string | null;
  /** The staff member who recorded it (null: the card provider's verified return). */
  recordedBy: string | null;
  createdAt: Date;
}

export interface InvoiceLineView {
  id: string;
  position: number;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  visitId: string | null;
}

/** An invoice or credit note in full: its page, the customer's page, the printout, the e-mails. */
export interface InvoiceDetail extends InvoiceSummary {
  period: string | null;
  billToEmail: string | null;
  billToPhone: string | null;
  billToAddress: string | null;
  taxRateBp: number;
  businessTrn: string | null;
  businessGctNumber: string | null;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  notes: string | null;
  voidReason: string | null;
  voidedAt: Date | null;
  remindedAt: Date | null;
  issuedAt: Date | null;
  createdAt: Date;
  lines: InvoiceLineView[];
  payments: PaymentEntry[];
  /** For an invoice: its credit notes; for a credit note: empty. */
  creditNotes: InvoiceSummary[];
  /** For a credit note: the invoice it corrects. */
  creditFor: { id: string; number: string | null } | null;
  /** For a visit's or deposit's invoice: the visit's day and window (Jamaica). */
  visit: { id: string; day: string; windowStart: string; windowEnd: string } | null;
}

/** The Unpaid view: issued invoices with a balance, by age, with each bucket's count and total. */
export interface UnpaidReport {
  buckets: Array<{ bucket: AgingBucket; count: number; totalCents: number }>;
  totalCents: number;
  rows: Array<InvoiceSummary & { bucket: AgingBucket; daysOverdue: number }>;
}

/** What a customer owes across their issued invoices. */
export interface CustomerBalance {
  invoicedCents: number;
  paidCents: number;
  balanceCents: number;
  openInvoices: number;
  overdueInvoices: number;
}
