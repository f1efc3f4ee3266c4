/**
 * Booking's core: one change to a request's visits (`VisitChange`, app/forms/booking.ts), by
 * the customer (the booking page, the status page) or a staff member (the record page, the
 * schedule), under the rules of visits.server.ts, series.server.ts and
 * crews.server.ts. Out: the notice to show and the news its e-mails tell, or the refusal's
 * sentence; never a Response: the pages' server side (app/routes/public/book/,
 * app/routes/public/status/, app/routes/admin/+shared/visit-action.server.ts) answers with it.
 * The e-mails go through `queueBookingNews` (app/server/mail/visit-notifications.server.ts has
 * their texts).
 *
 * A new staff intent touches three files: app/forms/booking.ts (its member of `VisitChange`, its
 * form's schema and `visitChangeOf`), its case of `changeVisit` here, and the page whose button
 * sends it (app/routes/admin/schedule/route.tsx or app/routes/admin/quote/route.tsx).
 */
import { eq } from "drizzle-orm";
import type { VisitChange } from "~/forms/booking";
import { queueBookingMails, type BookingNews, type MailQueueEnv } from "~/server/mail";
import { logFailure, readSiteUrl, type Database } from "~/server/platform";
import { readCompany } from "~/server/site";
import { quoteRequests, type QuoteRequest } from "../../../drizzle/schema";
import { readAvailabilitySettings } from "./availability.server";
import { visitCalendarEvent } from "./calendar.server";
import { assignCrew } from "./crews.server";
import { bookSeries, endSeriesFrom, moveSeriesFrom, pauseSeries, resumeSeries, skipVisit } from "./series.server";
import {
  bookVisit,
  cancelVisit,
  markVisitOutcome,
  moveVisit,
  saveVisitNotes,
  scheduledVisit,
  visitById,
  type BookingOutcome,
  type MoveOutcome,
} from "./visits.server";

/** The sentences of a refused change, and of a booking form that failed. */
export const BOOKING_MESSAGES = {
  full: "Sorry, that arrival window was just taken. Please choose another one below.",
  // The booking page then says which, from the request's stage (app/routes/public/status/stage-texts.ts).
  notOpen: "This quote cannot be booked online now: your page says why and what to do next, or call or WhatsApp us.",
  unbookable: "That day or arrival window cannot be booked. Please choose one from the list.",
  failed: "The booking could not be saved. Please try again.",
  tooLate: "It is too close to your visit to change it online. Please call or WhatsApp us.",
  nothingBooked: "There is no booked visit to change.",
  notYet: "A visit can be marked done or no-show from its day on.",
  crewBusy: "That crew has another visit then, or does not work that day. Choose another crew, or move the visit first.",
  noSuchCrew: "Choose one of the active crews.",
  staffNotOpen: "This request has no open quote to book: send a quote first (or a new one, if it expired or was booked).",
  repeatNotAsked: "Choose 'Just this visit' or the regular cleaning the request asks for.",
  noSeries: "There is no regular cleaning to change.",
  seriesNotActive: "This regular cleaning is paused or ended: move this visit only.",
  noDay: "No day of your regular cleaning can be booked online now. Please call or WhatsApp us.",
} as const;

/** The notice a page shows after a change (app/http/flash.server.ts has their texts). */
export type VisitNotice =
  | "booked"
  | "visitBooked"
  | "seriesBooked"
  | "seriesBookedByStaff"
  | "visitMoved"
  | "seriesChanged"
  | "visitCancelled"
  | "seriesEnded"
  | "visitSkipped"
  | "seriesPaused"
  | "seriesResumed"
  | "visitNotesSaved"
  | "visitDone"
  | "visitNoShow"
  | "visitAssigned";

/**
 * What a change came to: done (`notice`; `news` what its e-mails tell, null when it sends none:
 * notes, a crew, done or no-show, a form sent twice whose first copy did the work), or refused
 * with its sentence; `invalid` when the change asked for something not offered (a day or window
 * not in the list, a crew not active, a rhythm the request did not ask for), else the visits'
 * state refused it (full, too late, nothing booked, not open).
 */
export type VisitChangeResult =
  { status: "changed"; notice: VisitNotice; news: BookingNews | null } | { status: "refused"; invalid: boolean; message: string };

const changed = (notice: VisitNotice, news: BookingNews | null = null): VisitChangeResult => ({ status: "changed", notice, news });
const conflict = (message: string): VisitChangeResult => ({ status: "refused", invalid: false, message });
const invalid = (message: string): VisitChangeResult => ({ status: "refused", invalid: true, message });

/** The quote request a staff visit form is about, if it exists. */
export function bookingRequest(db: Database, quoteRequestId: string): Promise<QuoteRequest | undefined> {
  return db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get();
}

/**
 * Books, moves, cancels, skips, pauses or resumes, notes, assigns or marks done or no-show the
 * request's visit for the customer (`actor` null) or a staff member (`actor` their user id; their
 * refusal of a quote not open says what staff can do). Writes the change (visits.server.ts,
 * series.server.ts, crews.server.ts); queues nothing: the caller hands `news` to
 * `queueBookingNews`. Throws what D1 threw.
 */
export async function changeVisit(
  db: Database,
  record: QuoteRequest,
  change: VisitChange,
  actor: string | null,
): Promise<VisitChangeResult> {
  const by = actor === null ? "customer" : "staff";
  const base = { quoteRequestId: record.id, visitId: "visitId" in change ? change.visitId : undefined, userId: actor };
  switch (change.intent) {
    case "cancel": {
      if (change.scope === "later") {
        const ended = await endSeriesFrom(db, base);
        if (ended.status === "none") return conflict(BOOKING_MESSAGES.noSeries);
        return changed("seriesEnded", { of: "series", kind: "ended", series: ended.series, cancelled: ended.cancelled, by });
      }
      const outcome = await cancelVisit(db, base);
      if (outcome.status === "too-late") return conflict(BOOKING_MESSAGES.tooLate);
      if (outcome.status === "none") return conflict(BOOKING_MESSAGES.nothingBooked);
      return changed("visitCancelled", { of: "visit", kind: "cancelled", visit: outcome.visit, by });
    }
    case "notes":
      return (await saveVisitNotes(db, { ...base, notes: change.notes }))
        ? changed("visitNotesSaved")
        : conflict(BOOKING_MESSAGES.nothingBooked);
    case "done":
    case "no_show": {
      const outcome = await markVisitOutcome(db, { ...base, userId: actor ?? "", outcome: change.intent });
      if (outcome === "not-yet") return conflict(BOOKING_MESSAGES.notYet);
      if (outcome === "none") return conflict(BOOKING_MESSAGES.nothingBooked);
      return changed(outcome === "done" ? "visitDone" : "visitNoShow");
    }
    case "assign": {
      const visit = await scheduledVisit(db, base);
      if (!visit) return conflict(BOOKING_MESSAGES.nothingBooked);
      const outcome = await assignCrew(db, visit, change.crewId, { userId: actor });
      if (outcome === "crew-busy") return conflict(BOOKING_MESSAGES.crewBusy);
      if (outcome === "no-such-crew") return invalid(BOOKING_MESSAGES.noSuchCrew);
      if (outcome === "not-scheduled") return conflict(BOOKING_MESSAGES.nothingBooked);
      return changed("visitAssigned");
    }
    case "skip": {
      const outcome = await skipVisit(db, base);
      if (outcome.status === "too-late") return conflict(BOOKING_MESSAGES.tooLate);
      if (outcome.status === "none") return conflict(BOOKING_MESSAGES.nothingBooked);
      return changed("visitSkipped", { of: "visit", kind: "skipped", visit: outcome.visit, by });
    }
    case "pause": {
      const outcome = await pauseSeries(db, base);
      if (outcome.status === "none") return conflict(BOOKING_MESSAGES.noSeries);
      return changed("seriesPaused", outcome.status === "paused" ? { ...outcome, of: "series", kind: "paused", by } : null);
    }
    case "resume": {
      const outcome = await resumeSeries(db, base);
      if (outcome.status === "none") return conflict(BOOKING_MESSAGES.noSeries);
      if (outcome.status === "no-day") return conflict(BOOKING_MESSAGES.noDay);
      return changed(
        "seriesResumed",
        outcome.status === "resumed" ? { ...outcome, of: "series", kind: "resumed", first: null, cancelled: [], by } : null,
      );
    }
    case "move": {
      if (change.scope === "later") {
        const moved = await moveSeriesFrom(db, { ...base, day: change.day, windowStart: change.windowStart });
        if (moved.status === "moved-already") return changed("seriesChanged");
        if (moved.status === "not-active") return conflict(BOOKING_MESSAGES.seriesNotActive);
        if (moved.status !== "moved") return moveRefusal(moved);
        return changed("seriesChanged", { ...moved, of: "series", kind: "changed", first: moved.to, by });
      }
      const moved = await moveVisit(db, { ...base, day: change.day, windowStart: change.windowStart });
      if (moved.status === "moved-already") return changed("visitMoved");
      if (moved.status !== "moved") return moveRefusal(moved);
      return changed("visitMoved", { of: "visit", kind: "moved", visit: moved.to, from: moved.from, by });
    }
    case "book": {
      const repeat = change.repeat ?? "once";
      if (repeat !== "once" && repeat !== record.frequency) return invalid(BOOKING_MESSAGES.repeatNotAsked);
      const slot = { ...base, day: change.day, windowStart: change.windowStart };
      if (repeat === "once") {
        const notice = actor === null ? "booked" : "visitBooked";
        const booked = await bookVisit(db, slot);
        if (booked.status !== "booked") return bookingRefusal(booked, actor, notice);
        const visit = await visitById(db, booked.visitId);
        return changed(notice, visit ? { of: "visit", kind: "booked", visit, by } : null);
      }
      const notice = actor === null ? "seriesBooked" : "seriesBookedByStaff";
      const booked = await bookSeries(db, { ...slot, frequency: repeat });
      if (booked.status !== "booked") return bookingRefusal(booked, actor, notice);
      const first = (await visitById(db, booked.visitId)) ?? null;
      return changed(notice, { ...booked, of: "series", kind: "booked", first, cancelled: [], by });
    }
  }
}

/** A booking that booked nothing: done already (a form sent twice: `notice`, no e-mails), or refused. */
function bookingRefusal(
  outcome: Exclude<BookingOutcome, { status: "booked" }>,
  actor: string | null,
  notice: VisitNotice,
): VisitChangeResult {
  switch (outcome.status) {
    case "booked-already":
      return changed(notice);
    case "full":
      return conflict(BOOKING_MESSAGES.full);
    case "quote-not-open":
      return conflict(actor === null ? BOOKING_MESSAGES.notOpen : BOOKING_MESSAGES.staffNotOpen);
    case "unbookable":
      return invalid(BOOKING_MESSAGES.unbookable);
  }
}

/** A refused move. */
function moveRefusal(outcome: Pick<Exclude<MoveOutcome, { status: "moved" | "moved-already" }>, "status">): VisitChangeResult {
  switch (outcome.status) {
    case "full":
      return conflict(BOOKING_MESSAGES.full);
    case "too-late":
      return conflict(BOOKING_MESSAGES.tooLate);
    case "none":
      return conflict(BOOKING_MESSAGES.nothingBooked);
    case "unbookable":
      return invalid(BOOKING_MESSAGES.unbookable);
  }
}

/** The load context's parts the e-mails need: the bindings, the execution context (they go after the response) and the database. */
export interface BookingMailContext {
  cloudflare: { env: CloudflareBindings & MailQueueEnv; ctx: ExecutionContext };
  db: Database;
}

/**
 * Queues the e-mails of a change (`news` from `changeVisit`; none when null): the customer's,
 * with the visit's calendar event (calendar.server.ts), and the staff's notification
 * (app/server/mail/visit-notifications.server.ts). The change is made already: a failure here
 * loses the e-mails (logged `visit_mails_failed` or `series_mails_failed`), never the change,
 * and throws nothing.
 */
export async function queueBookingNews(context: BookingMailContext, record: QuoteRequest, news: BookingNews | null): Promise<void> {
  if (!news) return;
  try {
    const { env } = context.cloudflare;
    const siteUrl = readSiteUrl(env);
    const [company, settings] = await Promise.all([readCompany(env, context.db), readAvailabilitySettings(context.db)]);
    const host = new URL(siteUrl).host;
    queueBookingMails(
      {
        context,
        record,
        company,
        siteUrl,
        cutoffHours: settings.changeCutoffHours,
        calendarEvent: (visit) => (record.reference ? visitCalendarEvent(visit, company, host, record.reference) : null),
      },
      news,
    );
  } catch (error) {
    logFailure(news.of === "visit" ? "visit_mails_failed" : "series_mails_failed", error, { quoteRequestId: record.id, kind: news.kind });
  }
}
