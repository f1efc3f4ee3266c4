/**
 * How long personal data is kept (docs/product.md §17 "Retention"; the privacy notice,
 * app/domain/texts/privacy-notice.ts PRIVACY_NOTICE, states the saved periods): the one place the periods,
 * their limits and the marker of an anonymised record are defined. The owner changes the two month
 * counts on /admin/retention (table `retention_settings`, drizzle/schema.ts); the daily job applies
 * them (app/server/retention/retention.server.ts).
 */

/** The owner's two periods, in months, when nothing was saved (then also the privacy notice's). */
export const RETENTION_DEFAULTS = {
  /** Photos of a quote request: deleted this many months after the request is closed. */
  photoMonths: 12,
  /** A request that never became a job, and a contact message: anonymised this many months after its last activity. */
  neverBookedMonths: 24,
} as const;

/** The range the owner may set each period to (the table's CHECKs), in months. */
export const RETENTION_MONTHS = { min: 1, max: 120 } as const;

/** Days an e-mail's text and links stay in the outbox (mail_deliveries); fixed, not a setting. */
export const MAIL_BODY_DAYS = 90;

/** The name an anonymised request, message or customer shows in place of the person's. */
export const ANONYMISED_NAME = "Anonymised";

/**
 * The stages (app/domain/lifecycle.ts) at which a quote request counts as closed for its photos:
 * the work is over or will not happen (closed, cancelled, a quote expired, a visit done, reviewed).
 * New, quoted and booked requests keep their photos whatever their age.
 */
export const CLOSED_STAGES = ["closed", "cancelled", "expired", "visit_done", "reviewed"] as const;

/** The instant `months` calendar months before `now` (UTC; ms since the epoch): the day of the month is kept, or the month's last day. */
export function monthsBefore(now: Date, months: number): number {
  const then = new Date(now.getTime());
  const day = then.getUTCDate();
  then.setUTCDate(1);
  then.setUTCMonth(then.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(then.getUTCFullYear(), then.getUTCMonth() + 1, 0)).getUTCDate();
  then.setUTCDate(Math.min(day, lastDay));
  return then.getTime();
}
