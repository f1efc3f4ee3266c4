/** The billing feature's public face (docs/product.md §15): invoices, credit notes, payments, deposits, card checkouts. */
export type * from "./types";
export {
  CARD_FAILURES,
  cardPaymentKey,
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
  awaitingDepositSql,
  releaseUnpaidDeposits,
  type AwaitingDeposit,
  type DepositRelease,
} from "./deposits.server";
export {
  reminderContacts,
  sendAutomaticReminders,
  sendPaymentReminder,
  type ReminderContact,
  type ReminderResult,
} from "./reminders.server";
