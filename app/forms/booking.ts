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

/**
 * Which visit a staff form is about (the schedule's visit cards, a series' visits); left out, the
 * request's next scheduled visit (the record page's Visit card).
 */
const visitId = z.uuid({ error: "That visit is not on the schedule any more." }).optional();

/** A staff member books on the customer's behalf (the record page). */
const staffBookingSchema = z.object({ ...slot, intent: z.literal("book") });

/** A staff member moves the request's booked visit (the record page). */
const staffMoveSchema = z.object({ ...slot, visitId, intent: z.literal("move-visit") });

/** A staff member cancels a booked visit, or marks it done or no-show (the record page, the schedule). */
const staffVisitStepSchema = z.object({ visitId, intent: z.enum(["cancel-visit", "visit-done", "visit-no-show"]) });

/** A staff member puts a visit on a crew, or on none (`crewId` empty). */
const staffAssignSchema = z.object({
  visitId,
  intent: z.literal("assign-crew"),
  crewId: z.union([z.uuid({ error: "Choose a crew." }), z.literal("")]).default(""),
});

/** A staff member writes the scheduled visit's notes for the crew (empty clears them). */
const staffVisitNotesSchema = z.object({
  visitId,
  intent: z.literal("visit-notes"),
  notes: z
    .string()
    .trim()
    .max(TEXT_LIMITS.visitNotes, { error: `Notes must be at most ${TEXT_LIMITS.visitNotes.toLocaleString("en-US")} characters.` })
    .default(""),
});

/** The staff's visit forms (the record page's Visit card, the schedule), one of them by its `intent`. */
export const staffVisitForms = z.discriminatedUnion("intent", [
  staffBookingSchema,
  staffMoveSchema,
  staffVisitStepSchema,
  staffVisitNotesSchema,
  staffAssignSchema,
]);
export type StaffVisitForm = z.infer<typeof staffVisitForms>;
