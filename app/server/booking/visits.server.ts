/**
 * A visit's statements: the one that books, and those that move, cancel, note and mark it, with
 * its reads (the availability they check is availability.server.ts's; app/domain/booking.ts has
 * the rules that need no database; visit-changes.server.ts picks the statement for a change).
 *
 * No double booking: the INSERT of a visit carries its own conditions, evaluated by D1 when it
 * runs (one batch is one transaction, and D1 runs them one at a time): fewer `scheduled` visits
 * in that window than the capacity, the day not a day off, the request still quoted, its quote
 * still the newest and not accepted already. Whatever arrives at once, a window never holds
 * more visits than its capacity; a refused booking writes nothing.
 *
 * Functions take the request's Drizzle client first and return outcomes; none throws for
 * anything a customer chose. D1 errors are thrown to the caller.
 */
import { and, count, desc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { unbookableReason, type ArrivalWindow, type AvailabilitySettings } from "~/domain/booking";
import { HOUR_MS, jamaicaInstant, quoteExpired, timeInJamaica, todayInJamaica } from "~/domain/dates";
import { customerReplies, daysOff, quoteRequests, users, visitChanges, visitSeries, visits, type Visit } from "../../../drizzle/schema";
import { insertWhere, type Database, type FullRow } from "~/server/platform";
import { readAvailabilitySettings, readDaysOff } from "./availability.server";
import { reviewRequestInsert } from "~/server/reviews";
import { crewFree, firstFreeCrew, readCapacity } from "./crews.server";
import { changeStatement, type BookedWindow, type VisitActor } from "./history.server";

/** One visit by its id, if it exists. */
export async function visitById(db: Database, id: string) {
  return db.select().from(visits).where(eq(visits.id, id)).get();
}

/** Whether a visit can still be moved or cancelled online: more than the cut-off before its window begins. */
export function beforeCutoff(visit: { day: string; windowStart: string }, settings: AvailabilitySettings, now = new Date()): boolean {
  return jamaicaInstant(visit.day, visit.windowStart) - settings.changeCutoffHours * HOUR_MS > now.getTime();
}

/** A day (ISO, Jamaica) and the start of an arrival window on it ("HH:MM"). */
export interface Slot {
  day: string;
  windowStart: string;
}

/**
 * Which visit a change is for: the request's visit `visitId` (the schedule, a series' list), or
 * without it the request's next scheduled visit (the status page, the record's Visit card).
 */
export interface VisitTarget {
  quoteRequestId: string;
  visitId?: string;
}

/** The target's scheduled visit (app: `VisitTarget`), if any: the earliest when no id is given. */
export async function scheduledVisit(db: Database, target: VisitTarget): Promise<Visit | undefined> {
  return db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.quoteRequestId, target.quoteRequestId),
        eq(visits.status, "scheduled"),
        target.visitId === undefined ? undefined : eq(visits.id, target.visitId),
      ),
    )
    .orderBy(visits.day, visits.windowStart)
    .limit(1)
    .get();
}

/** Whether a visit of the request is scheduled now. */
export async function hasScheduledVisit(db: Database, quoteRequestId: string): Promise<boolean> {
  return (await scheduledVisit(db, { quoteRequestId })) !== undefined;
}

/** Fewer `scheduled` visits overlapping the window than `capacity`, when the statement runs (`countByWindow`'s rule). */
export const placeLeft = (slot: BookedWindow, capacity: number, movingId = "") =>
  sql`(SELECT count(*) FROM ${visits} WHERE ${visits.day} = ${slot.day} AND ${visits.windowStart} < ${slot.windowEnd} AND ${visits.windowEnd} > ${slot.windowStart} AND ${visits.status} = 'scheduled' AND ${visits.id} <> ${movingId}) < ${capacity}`;

/** The visit is still scheduled where it was read (no other change came in between). */
export const stillAsRead = (visit: Visit) =>
  and(eq(visits.id, visit.id), eq(visits.status, "scheduled"), eq(visits.day, visit.day), eq(visits.windowStart, visit.windowStart));

/** No visit of the request is scheduled, when the statement runs (also the condition of completing it: app/server/inbox/records.server.ts). */
export const noScheduledVisit = (quoteRequestId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${visits} WHERE ${visits.quoteRequestId} = ${quoteRequestId} AND ${visits.status} = 'scheduled')`;

/** The day is not a day off, when the statement runs. */
export const notDayOff = (day: string) => sql`NOT EXISTS (SELECT 1 FROM ${daysOff} WHERE ${daysOff.day} = ${day})`;

/** Whether the window has no place left now (to tell a refused statement's reason). */
async function windowFull(db: Database, slot: BookedWindow, capacity: number): Promise<boolean> {
  const [taken] = await db
    .select({ n: count() })
    .from(visits)
    .where(
      and(
        eq(visits.day, slot.day),
        lt(visits.windowStart, slot.windowEnd),
        gt(visits.windowEnd, slot.windowStart),
        eq(visits.status, "scheduled"),
      ),
    );
  return (taken?.n ?? 0) >= capacity;
}

/** The target's scheduled visit is in `slot` already (a form sent twice: its first copy did the work). */
async function alreadyIn(db: Database, target: VisitTarget, slot: Slot): Promise<Visit | null> {
  const visit = await scheduledVisit(db, target);
  return visit && visit.day === slot.day && visit.windowStart === slot.windowStart ? visit : null;
}

/**
 * Cancels the target's scheduled visit (or skips it: one visit of a series left out, `as`
 * "skipped"), by its customer (only before the cut-off), a staff member or the cron (any time),
 * with its history row. Out: "cancelled" with the visit as it was; "too-late" past the cut-off;
 * "none" when nothing is scheduled.
 */
export async function cancelVisit(
  db: Database,
  input: VisitTarget & VisitActor & { as?: "cancelled" | "skipped" },
  now = new Date(),
): Promise<{ status: "cancelled"; visit: Visit } | { status: "too-late" } | { status: "none" }> {
  const visit = await scheduledVisit(db, input);
  if (!visit) return { status: "none" };
  if (input.userId === null && !input.system && !beforeCutoff(visit, await readAvailabilitySettings(db), now))
    return { status: "too-late" };
  const as = input.as ?? "cancelled";
  const [cancelled] = await db.batch([
    db
      .update(visits)
      .set({ status: as, sequence: sql`${visits.sequence} + 1`, updatedAt: now })
      .where(stillAsRead(visit))
      .returning(),
    changeStatement(db, { visitId: visit.id, kind: as, to: visit }, input, now),
  ]);
  return cancelled[0] ? { status: "cancelled", visit: cancelled[0] } : { status: "none" };
}

/** Why a day and window cannot be booked (app/domain/booking.ts `unbookableReason`). */
export type Unbookable = { status: "unbookable"; reason: NonNullable<ReturnType<typeof unbookableReason>> };

/**
 * The settings' arrival window that `slot` names, when a booking or a move may take it now
 * (a window of the settings, in the booking range, a working day, not a day off, not begun;
 * capacity is the statement's), or why not. One read: the slot's day off.
 */
export async function bookableWindow(
  db: Database,
  settings: AvailabilitySettings,
  slot: Slot,
  now: Date,
): Promise<(ArrivalWindow & { capacity: number }) | Unbookable> {
  const [off, capacity] = await Promise.all([readDaysOff(db, slot.day, slot.day), readCapacity(db, settings)]);
  const reason = unbookableReason(settings, off, slot.day, slot.windowStart, todayInJamaica(now), timeInJamaica(now), capacity);
  if (reason) return { status: "unbookable", reason };
  return { ...settings.windows.find((candidate) => candidate.start === slot.windowStart)!, capacity: capacity(slot.day) };
}

/** SQL for a moving visit's crew in `to`: its own when that crew is free there, else the first free one (or NULL). */
export const crewAfterMove = (to: BookedWindow, visitId: string) =>
  sql`COALESCE(CASE WHEN ${visits.crewId} IS NOT NULL AND ${crewFree(visits.crewId, to, visitId)} THEN ${visits.crewId} END, ${firstFreeCrew(to, visitId)})`;

/** What moving a visit came to. */
export type MoveOutcome =
  | { status: "moved"; from: Visit; to: Visit }
  | { status: "moved-already" }
  | { status: "none" }
  | { status: "too-late" }
  | { status: "full" }
  | Unbookable;

/**
 * Moves the target's scheduled visit to another day and window (a reschedule), by its customer
 * (only before the cut-off) or a staff member (any time), under the same rules as a booking:
 * a window of the settings, in the booking range, not a day off, not begun, a place left. The
 * UPDATE carries the capacity and the day off itself, so a move races no booking; the visit
 * keeps its crew when that crew is free then, else takes the first free one (`firstFreeCrew`);
 * the reminder is due again for the new day, and the calendar event's SEQUENCE grows. The UPDATE applies only
 * to the visit as it was read, so two changes sent at once cannot both apply. Out: "moved" with
 * the visit before and after; "moved-already" (the same move sent twice: its first copy did
 * it, or the visit is in that window already); "none" (nothing scheduled); "too-late";
 * "unbookable"; "full". Only "moved" wrote anything.
 */
export async function moveVisit(db: Database, input: VisitTarget & Slot & VisitActor, now = new Date()): Promise<MoveOutcome> {
  const [settings, visit] = await Promise.all([readAvailabilitySettings(db), scheduledVisit(db, input)]);
  if (!visit) return { status: "none" };
  if (input.userId === null && !beforeCutoff(visit, settings, now)) return { status: "too-late" };
  // Already there: the same move sent twice (or to where it is); nothing to do.
  if (visit.day === input.day && visit.windowStart === input.windowStart) return { status: "moved-already" };
  const window = await bookableWindow(db, settings, input, now);
  if ("reason" in window) return window;
  const to = { day: input.day, windowStart: window.start, windowEnd: window.end };
  const [moved] = await db.batch([
    db
      .update(visits)
      .set({ ...to, crewId: crewAfterMove(to, visit.id), sequence: sql`${visits.sequence} + 1`, reminderSentAt: null, updatedAt: now })
      .where(and(stillAsRead(visit), placeLeft(to, window.capacity, visit.id), notDayOff(to.day)))
      .returning(),
    changeStatement(db, { visitId: visit.id, kind: "moved", to, from: visit }, input, now),
  ]);
  if (moved[0]) return { status: "moved", from: visit, to: moved[0] };
  if (await alreadyIn(db, { quoteRequestId: input.quoteRequestId, visitId: visit.id }, to)) return { status: "moved-already" };
  return (await windowFull(db, to, window.capacity)) ? { status: "full" } : { status: "none" };
}

/** Writes the target's scheduled visit's notes for the crew (staff only; "" clears them). Out: false when nothing is scheduled. */
export async function saveVisitNotes(db: Database, input: VisitTarget & { notes: string }, now = new Date()): Promise<boolean> {
  const visit = await scheduledVisit(db, input);
  if (!visit) return false;
  const saved = await db
    .update(visits)
    .set({ notes: input.notes === "" ? null : input.notes, updatedAt: now })
    .where(and(eq(visits.id, visit.id), eq(visits.status, "scheduled")))
    .returning({ id: visits.id });
  return saved.length === 1;
}

/**
 * Records how the target's scheduled visit went (staff only, from its day on): "done" (the crew
 * has cleaned; its review request is made in the same batch, app/server/reviews/
 * review-requests.server.ts) or "no_show" (nobody let the crew in; no review request). Out: the
 * outcome; "not-yet" before the visit's day in Jamaica; "none" when nothing is scheduled.
 */
export async function markVisitOutcome(
  db: Database,
  input: VisitTarget & { userId: string; outcome: "done" | "no_show" },
  now = new Date(),
): Promise<"done" | "no_show" | "not-yet" | "none"> {
  const visit = await scheduledVisit(db, input);
  if (!visit) return "none";
  if (visit.day > todayInJamaica(now)) return "not-yet";
  const [marked] = await db.batch([
    db
      .update(visits)
      .set({ status: input.outcome, updatedAt: now })
      .where(and(eq(visits.id, visit.id), eq(visits.status, "scheduled"))),
    changeStatement(db, { visitId: visit.id, kind: input.outcome, to: visit }, input, now),
    // Written only while the visit is done (not for a no-show).
    reviewRequestInsert(db, visit.id, now),
  ]);
  // > 0, not === 1: D1's meta.changes also counts the rows the visit's triggers write (migrations/0019_overview_summaries.sql).
  return marked.meta.changes > 0 ? input.outcome : "none";
}

/** How many of a request's visits its record page shows, newest first (a regular cleaning of five years has some 260). */
const RECORD_VISITS_SHOWN = 20;

/**
 * A quote request's newest `limit` visits (by creation), each with its history, oldest first:
 * what changed, the day and window after (and before, for a move), who (the customer, or a staff
 * member's e-mail, null once the account is deleted) and when; `total`, how many visits the
 * request has; and `scheduled`, its newest scheduled visit, shown or not (undefined: none).
 * Four reads in one D1 batch, each through `visits_quote_request_idx`.
 */
export async function visitsWithHistory(db: Database, quoteRequestId: string, limit = RECORD_VISITS_SHOWN) {
  const newest = db
    .select({ id: visits.id })
    .from(visits)
    .where(eq(visits.quoteRequestId, quoteRequestId))
    .orderBy(desc(visits.createdAt), desc(visits.id))
    .limit(limit);
  const [rows, changes, [counted], [scheduled]] = await db.batch([
    db.select().from(visits).where(inArray(visits.id, newest)).orderBy(desc(visits.createdAt), desc(visits.id)),
    db
      .select({
        visitId: visitChanges.visitId,
        kind: visitChanges.kind,
        day: visitChanges.day,
        windowStart: visitChanges.windowStart,
        windowEnd: visitChanges.windowEnd,
        fromDay: visitChanges.fromDay,
        fromWindowStart: visitChanges.fromWindowStart,
        fromWindowEnd: visitChanges.fromWindowEnd,
        crewName: visitChanges.crewName,
        actor: visitChanges.actor,
        actorEmail: users.email,
        createdAt: visitChanges.createdAt,
      })
      .from(visitChanges)
      .leftJoin(users, eq(visitChanges.actorUserId, users.id))
      // By a subquery, not a list of ids: D1 binds at most 100 values in one statement.
      .where(inArray(visitChanges.visitId, newest))
      .orderBy(visitChanges.createdAt),
    db.select({ total: count() }).from(visits).where(eq(visits.quoteRequestId, quoteRequestId)),
    db
      .select()
      .from(visits)
      .where(and(eq(visits.quoteRequestId, quoteRequestId), eq(visits.status, "scheduled")))
      .orderBy(desc(visits.createdAt), desc(visits.id))
      .limit(1),
  ]);
  return {
    visits: rows.map((visit) => ({ visit, changes: changes.filter((change) => change.visitId === visit.id) })),
    total: counted?.total ?? 0,
    scheduled,
  };
}

/** A quote request's scheduled visits, earliest first (by day and window). One read. */
export function scheduledVisitsOf(db: Database, quoteRequestId: string): Promise<Visit[]> {
  return db
    .select()
    .from(visits)
    .where(and(eq(visits.quoteRequestId, quoteRequestId), eq(visits.status, "scheduled")))
    .orderBy(visits.day, visits.windowStart, visits.id);
}

/** What booking a window came to. */
export type BookingOutcome =
  { status: "booked"; visitId: string } | { status: "booked-already" } | { status: "full" } | { status: "quote-not-open" } | Unbookable;

/** What a visit copies from its accepted quote and its request (or from its series, which copied them): whose, which quote, where, what, the price. */
export type VisitTerms = Pick<Visit, "quoteRequestId" | "quoteId" | "address" | "serviceType" | "amountJmd" | "amountUsd" | "included">;

/**
 * A whole `visits` row for `insertWhere`: the terms, the day and window, and what differs per
 * visit (its id, status, crew as a value or SQL, series and occurrence day); no notes, no
 * reminder yet, SEQUENCE 0.
 */
export function visitRow(
  terms: VisitTerms,
  slot: BookedWindow,
  visit: Pick<Visit, "id" | "status" | "seriesId" | "occurrenceDay"> & { crewId: SQL | null },
  now: Date,
): FullRow<typeof visits> {
  const { quoteRequestId, quoteId, address, serviceType, amountJmd, amountUsd, included } = terms;
  return {
    ...visit,
    quoteRequestId,
    quoteId,
    address,
    serviceType,
    amountJmd,
    amountUsd,
    included,
    day: slot.day,
    windowStart: slot.windowStart,
    windowEnd: slot.windowEnd,
    notes: null,
    sequence: 0,
    reminderSentAt: null,
    depositDueAt: null,
    // Its request's customer: set by the trigger of migrations/0019_overview_summaries.sql.
    customerId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A booking that passed the checks made before its statement: the terms it copies, its window, and that window's capacity that day. */
export interface OpenBooking {
  terms: VisitTerms;
  slot: BookedWindow;
  capacity: number;
}

/**
 * What a booking writes besides its visit (a series: app/server/booking/series.server.ts).
 * `before` makes the statements ahead of the visit's insert, each given the booking's own
 * conditions so it is written exactly when the visit is (`seriesId` names the row they
 * write, which the visit points to); `after` the statements after the visit's history row,
 * each written only if the visit `visitId` was.
 */
export interface BookingExtension {
  seriesId: string;
  before(booking: OpenBooking, conditions: [SQL, ...SQL[]]): BatchItem<"sqlite">[];
  after(booking: OpenBooking, visitId: string): BatchItem<"sqlite">[];
}

/**
 * The booking's rules as SQL conditions, evaluated by D1 as the statement runs: a place left in
 * the window, not a day off, the request still quoted, its quote still the newest and not
 * accepted already (a visit cancelled or skipped gives it back), no other visit of the request
 * scheduled and no regular cleaning of it active or paused (but `seriesId`, the one the booking
 * makes, written just before it in the batch).
 */
function bookingConditions(booking: OpenBooking, quoteCreatedAt: Date, seriesId = ""): [SQL, ...SQL[]] {
  const { quoteRequestId, quoteId } = booking.terms;
  return [
    placeLeft(booking.slot, booking.capacity),
    notDayOff(booking.slot.day),
    sql`EXISTS (SELECT 1 FROM ${quoteRequests} WHERE ${quoteRequests.id} = ${quoteRequestId} AND ${quoteRequests.status} = 'quoted')`,
    // The quote is still the newest, and not accepted already (a cancelled or skipped visit gives it back).
    sql`NOT EXISTS (SELECT 1 FROM ${customerReplies} WHERE ${customerReplies.entity} = 'quote_request' AND ${customerReplies.entityId} = ${quoteRequestId} AND ${customerReplies.kind} = 'quote' AND ${customerReplies.createdAt} > ${quoteCreatedAt.getTime()})`,
    sql`NOT EXISTS (SELECT 1 FROM ${visits} WHERE ${visits.quoteId} = ${quoteId} AND ${visits.status} NOT IN ('cancelled', 'skipped'))`,
    // One scheduled visit a request at a time (a series' are its own): a new quote does not book a second one.
    noScheduledVisit(quoteRequestId),
    sql`NOT EXISTS (SELECT 1 FROM ${visitSeries} WHERE ${visitSeries.quoteRequestId} = ${quoteRequestId} AND ${visitSeries.status} IN ('active', 'paused') AND ${visitSeries.id} <> ${seriesId})`,
  ];
}

/**
 * Books the arrival window starting `windowStart` on `day` (ISO, Jamaica) for the quote
 * request's newest quote, for the customer (`userId` null) or by a staff member; with
 * `extension`, in the same batch, what a series writes around its first visit. Out: "booked"
 * with the visit's id; "booked-already" (the same booking sent twice: its first copy booked
 * it); "unbookable" (not a window, outside the booking range, a day off, begun);
 * "quote-not-open" (no quote, expired, replaced, already accepted, the request not quoted, or
 * a regular cleaning of it still on); "full" (the window has no place left). Only "booked"
 * wrote anything.
 */
export async function bookVisit(
  db: Database,
  input: { quoteRequestId: string } & Slot & VisitActor,
  now = new Date(),
  extension?: BookingExtension,
): Promise<BookingOutcome> {
  const settings = await readAvailabilitySettings(db);
  const window = await bookableWindow(db, settings, input, now);
  if ("reason" in window) return window;
  const [request, quote] = await Promise.all([
    db.select().from(quoteRequests).where(eq(quoteRequests.id, input.quoteRequestId)).get(),
    newestQuote(db, input.quoteRequestId),
  ]);
  if (!request || request.status !== "quoted" || !quote || quoteExpired(quote.createdAt.getTime(), quote.validDays, now))
    return { status: "quote-not-open" };

  const booking: OpenBooking = {
    terms: {
      quoteRequestId: request.id,
      quoteId: quote.id,
      address: request.address,
      serviceType: request.serviceType,
      amountJmd: quote.amountJmd,
      amountUsd: quote.amountUsd,
      included: quote.included,
    },
    slot: { day: input.day, windowStart: window.start, windowEnd: window.end },
    capacity: window.capacity,
  };
  const conditions = bookingConditions(booking, quote.createdAt, extension?.seriesId);
  const visitId = crypto.randomUUID();
  const before = extension?.before(booking, conditions) ?? [];
  const row = visitRow(
    booking.terms,
    booking.slot,
    {
      id: visitId,
      status: "scheduled",
      crewId: firstFreeCrew(booking.slot),
      seriesId: extension?.seriesId ?? null,
      occurrenceDay: extension ? input.day : null,
    },
    now,
  );
  const results = await db.batch([
    ...before,
    insertWhere(db, visits, row, ...conditions),
    changeStatement(db, { visitId, kind: "booked", to: booking.slot }, input, now),
    ...(extension?.after(booking, visitId) ?? []),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // > 0, not === 1: D1's meta.changes also counts the rows the visit's triggers write (migrations/0019_overview_summaries.sql).
  if ((results[before.length] as D1Result).meta.changes > 0) return { status: "booked", visitId };
  if (await alreadyIn(db, { quoteRequestId: request.id }, input)) return { status: "booked-already" };
  return (await windowFull(db, booking.slot, window.capacity)) ? { status: "full" } : { status: "quote-not-open" };
}

/** The newest quote sent for a quote request, with what a visit copies from it. */
async function newestQuote(db: Database, quoteRequestId: string) {
  const row = await db
    .select()
    .from(customerReplies)
    .where(
      and(eq(customerReplies.entity, "quote_request"), eq(customerReplies.entityId, quoteRequestId), eq(customerReplies.kind, "quote")),
    )
    .orderBy(desc(customerReplies.createdAt))
    .limit(1)
    .get();
  if (!row || row.amountJmd === null || row.validDays === null) return null;
  return {
    id: row.id,
    amountJmd: row.amountJmd,
    amountUsd: row.amountUsd,
    included: row.included,
    validDays: row.validDays,
    createdAt: row.createdAt,
  };
}
