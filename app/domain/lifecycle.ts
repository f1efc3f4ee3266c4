/**
 * A job's stage (docs/product.md §4 "Stage"): where a quote request stands in the business's
 * work, derived from its data and never typed by hand. The brief's statuses (pending, quoted,
 * completed, cancelled) stay what staff set; the stage is what the list, the record, the
 * filters, the CSV and the customer's status page all read beside them. Its one definition is
 * the SQL of app/server/lifecycle/stage.server.ts, in this order (the first that holds wins):
 *
 * 1. `cancelled`: the status is cancelled;
 * 2. `booked`: a visit is scheduled (the next one's day is shown with it);
 * 3. `reviewed`: a done visit of it has a review;
 * 4. `visit_done`: a visit of it is done;
 * 5. `closed`: completed by staff without a visit on record;
 * 6. `expired`: its newest quote with a price is past its last valid day (app/domain/dates.ts, `quoteExpired`);
 * 7. `quoted`: a quote with a price was sent, or staff marked it quoted (`priced` says which);
 * 8. `new`: nothing of the above.
 */

export const JOB_STAGES = ["new", "quoted", "expired", "booked", "visit_done", "reviewed", "closed", "cancelled"] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/** A stage as staff and customers read it. */
export const JOB_STAGE_LABELS: Record<JobStage, string> = {
  new: "New",
  quoted: "Quoted",
  expired: "Quote expired",
  booked: "Booked",
  visit_done: "Visit done",
  reviewed: "Reviewed",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** A request's stage with what it rests on, as app/server/lifecycle reads it. */
export interface StageFacts {
  stage: JobStage;
  /** Whether a quote with a price was sent (false when staff only marked it quoted). */
  priced: boolean;
  /** The next scheduled visit's day (ISO, Jamaica) and arrival window's start ("HH:MM"), when booked. */
  nextVisitDay: string | null;
  nextVisitStart: string | null;
}
