/** The billing feature's public face (docs/product.md §15): invoices, credit notes, payments, deposits, card checkouts. */
export type * from "./types";
export { readBillingSettings, saveBillingSettings } from "./settings.server";
export { createDraft, deleteDraft, draftProblem, monthDays, saveDraft, visitLineDescription } from "./drafts.server";
export {
  createDepositInvoice,
  creditLinesProblem,
  issueCreditNote,
  issueInvoice,
  newInvoiceToken,
  voidInvoice,
  type DepositInvoiceInput,
} from "./documents.server";
export { paymentInputProblem, recordPayment, type PaymentExcess, type PaymentInput, type PaymentResult } from "./payments.server";
export { containsPattern, invoicesOfCustomer, invoicesOfRequest, listInvoices, readInvoice, readInvoiceByToken } from "./invoices.server";
export { accountingRows, customerBalance, unpaidReport, unpaidTotalsQuery, type AccountingRow } from "./reports.server";
// What an invoice owes, one invoice at a time or many at once (the same rule).
export { balanceSql } from "./balance.server";
export {
  CARD_FAILURES,
  cardPaymentKey,
  cardReturnHash,
  cardCheckoutOrigins,
  cardPaymentsEnabled,
  markCheckoutPaid,
  readCardConfig,
  readCardReturn,
  startCardCheckout,
  verifyCardReturn,
  type CardFailure,
} from "./card.server";
export {
  askDeposit,
  awaitingDeposits,
  awaitingDepositsOfDays,
  awaitingDepositsOfRequest,
  depositPayable,
  releaseUnpaidDeposits,
  type AwaitingDeposit,
} from "./deposits.server";
export {
  reminderContacts,
  sendAutomaticReminders,
  sendPaymentReminder,
  type ReminderContact,
  type ReminderResult,
} from "./reminders.server";
export { billingMailContext, sendInvoiceMail, sendReceiptMail, type BillingMailContext, type BillingMailResult } from "./mails.server";
export { invoiceMails, type InvoiceMail } from "./invoice-mails.server";
