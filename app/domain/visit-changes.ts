/**
 * The changes a customer or a staff member can ask of a request's visits: the one list of
 * booking's intents. app/server/booking/visit-changes.server.ts `changeVisit` acts on each;
 * the forms of app/forms/booking.ts send them (the staff's forms name theirs differently, and
 * `visitChangeOf` turns one into its change).
 */
import type { RepeatChoice } from "./series";

/** A day (ISO, Jamaica) and an arrival window's start ("HH:MM") of the settings' windows. */
interface SlotChoice {
  day: string;
  windowStart: string;
}

/**
 * What the customer or a staff member asks of a request's visit, by `intent` (the one list of
 * them: app/server/booking/visit-changes.server.ts `changeVisit` acts on each, the forms of
 * app/forms/booking.ts say each one). `visitId`: that visit, else the request's next scheduled
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
