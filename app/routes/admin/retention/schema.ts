/**
 * The form of /admin/retention (docs/product.md §17 "Retention"): the owner's two periods, whole
 * months within RETENTION_MONTHS (app/domain/retention.ts, the table's CHECK): `photoMonths`
 * (photos after a request is closed) and `neverBookedMonths` (never-booked requests and contact
 * messages after their last activity). Anything else gets RETENTION_MESSAGES.months.
 */
import { RETENTION_MONTHS } from "~/domain/retention";
import { RETENTION_MESSAGES } from "~/domain/texts/staff-messages";
import { z } from "~/forms/zod";

/** A whole number of months typed in a field, within RETENTION_MONTHS. */
const months = () =>
  z
    .string({ error: RETENTION_MESSAGES.months })
    .trim()
    .regex(/^\d{1,3}$/, { error: RETENTION_MESSAGES.months })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(RETENTION_MONTHS.min, { error: RETENTION_MESSAGES.months })
        .max(RETENTION_MONTHS.max, { error: RETENTION_MESSAGES.months }),
    );

/** The settings form, saved whole. */
export const retentionFormSchema = z.object({ photoMonths: months(), neverBookedMonths: months() });
