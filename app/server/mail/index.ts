/** The mail feature's public face: what the routes, app/http, other features and the tests use of it. */
export * from "./customer-mails.server";
export * from "./mailer.server";
export * from "./notifications.server";
export * from "./queue.server";
export * from "./html.server";
export { queueBookingMails, type BookingMailSetting, type BookingNews } from "./visit-notifications.server";
