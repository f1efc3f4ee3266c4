/**
 * The booking form of /status/:token/book: the day (an ISO date) and the arrival window's start
 * ("HH:MM"), both chosen from the page's own list. Anything else is refused before it is looked at.
 */
import { z } from "./zod";

export const bookingSchema = z.object({
  day: z.string({ error: "Choose a day." }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Choose a day." }),
  windowStart: z.string({ error: "Choose an arrival window." }).regex(/^\d{2}:\d{2}$/, { error: "Choose an arrival window." }),
});

/** A staff member books on the customer's behalf (the record page): the same fields. */
export const staffBookingSchema = bookingSchema.extend({ intent: z.literal("book") });

/** A staff member cancels the request's booked visit (the record page). */
export const staffCancelSchema = z.object({ intent: z.literal("cancel-visit") });
