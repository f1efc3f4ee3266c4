/**
 * The booking forms: the day (an ISO date) and the arrival window's start ("HH:MM"), both chosen
 * from the page's own list; `intent` says whether they book the accepted quote or move the booked
 * visit. Anything else is refused before it is looked at.
 */
import { TEXT_LIMITS } from "~/domain/limits";
import { isoDateSchema } from "./fields";
import { z } from "./zod";

const slot = {
  /** A real calendar date: "2026-11-31" is refused here, before any rule reads it. */
  day: isoDateSchema,
  windowStart: z.string({ error: "Choose an arrival window." }).regex(/^\d{2}:\d{2}$/, { error: "Choose an arrival window." }),
};

/** /status/:token/book: the customer books (`book`, the default) or moves their visit (`move`). */
export const bookingSchema = z.object({ ...slot, intent: z.enum(["book", "move"]).default("book") });

/** The customer cancels the booked visit (the status page). */
export const cancelSchema = z.object({ intent: z.literal("cancel") });

/** A staff member books on the customer's behalf (the record page). */
export const staffBookingSchema = z.object({ ...slot, intent: z.literal("book") });

/** A staff member moves the request's booked visit (the record page). */
export const staffMoveSchema = z.object({ ...slot, intent: z.literal("move-visit") });

/** A staff member cancels the request's booked visit, or marks it done (the record page). */
export const staffVisitStepSchema = z.object({ intent: z.enum(["cancel-visit", "visit-done"]) });

/** A staff member writes the scheduled visit's notes for the crew (empty clears them). */
export const staffVisitNotesSchema = z.object({
  intent: z.literal("visit-notes"),
  notes: z
    .string()
    .trim()
    .max(TEXT_LIMITS.visitNotes, { error: `Notes must be at most ${TEXT_LIMITS.visitNotes.toLocaleString("en-US")} characters.` })
    .default(""),
});
