/**
 * The booking forms: the day (an ISO date) and the arrival window's start ("HH:MM"), both chosen
 * from the page's own list; `intent` says whether they book the accepted quote or move the booked
 * visit, `repeat` whether a booking is one visit or a regular cleaning. Anything else is refused
 * before it is looked at.
 */
import { TEXT_LIMITS } from "~/domain/limits";
import { REPEAT_CHOICES, type RepeatChoice } from "~/domain/series";
import { isoDateSchema } from "./fields";
import { z } from "./zod";

/** A day (ISO, Jamaica) and an arrival window's start ("HH:MM") of the settings' windows. */
interface SlotChoice {
  day: string;
  windowStart: string;
}

/**
 * What the customer or a staff member asks of a request's visit, by `intent` (the one list of
 * them: app/server/booking/visit-changes.server.ts `changeVisit` acts on each, the schemas
 * below send each one). `visitId`: that visit, else the request's next scheduled
 * one. A booking once or as a series (`repeat`); a move or a cancel of that visit or of it and
 * all later ones of its series (`scope`); a skip of one visit of a series; a pause or a resume
 * of the request's series; the crew's notes; a crew (or none); marked done or no-show.
 */
export type VisitChange =
  | ({ intent: "book"; repeat?: RepeatChoice } & SlotChoice)
  | { intent: "pause" | "resume" }
  | ({ visitId?: string } & (
      | ({ intent: "move"; scope?: "this" | "later" } & SlotChoice)
      | { intent: "cancel"; scope?: "this" | "later" }
      | { intent: "skip" | "done" | "no_show" }
      | { intent: "notes"; notes: string }
      | { intent: "assign"; crewId: string | null }
    ));

const slot = {
  /** A real calendar date: "2026-11-31" is refused here, before any rule reads it. */
  day: isoDateSchema,
  windowStart: z.string({ error: "Choose an arrival window." }).regex(/^\d{2}:\d{2}$/, { error: "Choose an arrival window." }),
};

/**
 * How often a booking repeats: "once" (the default) or the request's frequency, as a series from
 * the day picked (app/domain/series.ts; the server refuses another frequency than the request's).
 */
const repeat = z.enum(REPEAT_CHOICES, { error: "Choose how often we come." }).default("once");

/** /status/:token/book: the customer books (`book`, the default; once or as a series) or moves their visit (`move`). */
export const bookingSchema = z.object({ ...slot, intent: z.enum(["book", "move"]).default("book"), repeat });

/**
 * Which visit a form is about (the schedule's visit cards, a series' visits); left out, the
 * request's next scheduled visit (the status page's and the record page's visit forms).
 */
const visitId = z.uuid({ error: "That visit is not on the schedule any more." }).optional();

/**
 * The status page's visit forms: cancel the next visit; skip one visit of the regular cleaning
 * (`visitId`); pause or resume the regular cleaning.
 */
export const statusVisitSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("skip"), visitId }),
  z.object({ intent: z.enum(["pause", "resume"]) }),
]);

/** Whether a staff member's move or cancel is for this visit only, or for this one and all later ones of its series. */
const scope = z.enum(["this", "later"], { error: "Choose this visit only, or this and all later ones." }).default("this");

/** A staff member books on the customer's behalf (the record page), once or as a series. */
const staffBookingSchema = z.object({ ...slot, intent: z.literal("book"), repeat });

/** A staff member moves the request's booked visit (the record page), or it and all later ones of its series. */
const staffMoveSchema = z.object({ ...slot, visitId, intent: z.literal("move-visit"), scope });

/** A staff member cancels a booked visit (or it and all later ones of its series), or marks it done or no-show (the record page, the schedule). */
const staffVisitStepSchema = z.object({ visitId, intent: z.enum(["cancel-visit", "visit-done", "visit-no-show"]), scope });

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

/** What a staff visit form asks, as a `VisitChange`: the form's intent names its change. */
export function visitChangeOf(value: StaffVisitForm): VisitChange {
  switch (value.intent) {
    case "book":
      return { intent: "book", day: value.day, windowStart: value.windowStart, repeat: value.repeat };
    case "move-visit":
      return { intent: "move", visitId: value.visitId, day: value.day, windowStart: value.windowStart, scope: value.scope };
    case "visit-notes":
      return { intent: "notes", visitId: value.visitId, notes: value.notes };
    case "assign-crew":
      return { intent: "assign", visitId: value.visitId, crewId: value.crewId === "" ? null : value.crewId };
    case "cancel-visit":
      return { intent: "cancel", visitId: value.visitId, scope: value.scope };
    case "visit-done":
      return { intent: "done", visitId: value.visitId };
    case "visit-no-show":
      return { intent: "no_show", visitId: value.visitId };
  }
}
