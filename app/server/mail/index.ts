/** The mail feature's public face: what the routes, app/http, other features and the tests use of it. */
export {
  confirmationMail,
  formatDollars,
  formatPrice,
  quoteFollowUpMail,
  quoteMail,
  quoteValidUntil,
  replyMail,
  reviewRequestMail,
  seriesMail,
  visitReminderMail,
} from "./customer-mails.server";
export {
  deadlineLabel,
  depositReleasedMail,
  depositRequestMail,
  invoiceMail,
  invoicePath,
  paymentReminderMail,
  receiptMail,
  type BillingMailInvoice,
  type BillingMailPayment,
  type BillingMailVisit,
  type HowToPay,
} from "./billing-mails.server";
export { mailHtml } from "./html.server";
export { CONSOLE_MAIL_PREFIX, type Mail, type MailEnv } from "./mailer.server";
export { notificationMail } from "./notifications.server";
export {
  consumeMail,
  deleteOldAccountMails,
  enqueueMail,
  MAIL_DEAD_LETTER_QUEUE_NAME,
  MAIL_QUEUE_NAME,
  markUndelivered,
  outboxInsert,
  putOnQueue,
  queueAccountPageMail,
  queueMail,
  resendMail,
  retryDelaySeconds,
  type MailQueueEnv,
  type MailQueueMessage,
} from "./queue.server";
export { queueBookingMails, type BookingMailSetting, type BookingNews } from "./visit-notifications.server";
