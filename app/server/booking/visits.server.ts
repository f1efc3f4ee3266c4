/**
 * Booking a visit: the staff's availability settings and days off, the places left in each
 * arrival window, and the one statement that books (app/domain/booking.ts has the rules that
 * need no database).
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
import { and, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import {
  availableDays,
  dayLabel,
  DEFAULT_AVAILABILITY,
  plusDays,
  unbookableReason,
  windowLabel,
  type AvailabilitySettings,
  type DayAvailability,
} from "~/domain/booking";
import { DAY_MS, HOUR_MS, timeInJamaica, todayInJamaica } from "~/domain/dates";
import { availabilitySettings, customerReplies, daysOff, quoteRequests, visitChanges, visits } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { insertWhere, PREVIOUS_CHANGED_ONE } from "../platform/insert-where.server";
import { jamaicaInstant } from "./calendar.server";

/** The staff's settings, or the defaults before they first save them. */
export async function readAvailabilitySettings(db: Database): Promise<AvailabilitySettings> {
  const row = await db.select().from(availabilitySettings).get();
  if (!row) return DEFAULT_AVAILABILITY;
  const { workingDays, windows, capacity, minNoticeDays, maxDaysAhead, changeCutoffHours } = row;
  return { workingDays, windows, capacity, minNoticeDays, maxDaysAhead, changeCutoffHours };
}

/** The days off from `from` to `to` (ISO, inclusive). */
async function readDaysOff(db: Database, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: daysOff.day })
    .from(daysOff)
    .where(and(gte(daysOff.day, from), lte(daysOff.day, to)));
  return new Set(rows.map((row) => row.day));
}

/** The scheduled visits per window from `from` to `to` (ISO, inclusive), keyed by slotKey. */
async function bookedCounts(db: Database, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: visits.day, start: visits.windowStart, n: count() })
    .from(visits)
    .where(and(eq(visits.status, "scheduled"), gte(visits.day, from), lte(visits.day, to)))
    .groupBy(visits.day, visits.windowStart);
  return new Map(rows.map((row) => [`${row.day} ${row.start}`, row.n]));
}

/**
 * What a customer can book now: the bookable days (app/domain/booking.ts `availableDays`) from
 * the first the settings allow, or from `from` (a preferred date) when later, with the places
 * left in each window. Three reads: the settings, the days off and the booked counts of the range.
 */
export async function currentAvailability(db: Database, now = new Date(), from?: string): Promise<DayAvailability[]> {
  const settings = await readAvailabilitySettings(db);
  const today = todayInJamaica(now);
  const last = plusDays(today, settings.maxDaysAhead);
  const [off, booked] = await Promise.all([readDaysOff(db, today, last), bookedCounts(db, today, last)]);
  return availableDays(settings, off, booked, today, timeInJamaica(now), from);
}

/** The request's next scheduled visit as staff and customer read it ("Saturday, Nov 28, 2026, arrival 11:00 AM-1:00 PM"), or null. */
export async function nextVisitLabel(db: Database, quoteRequestId: string): Promise<string | null> {
  const visit = await db
    .select({ day: visits.day, start: visits.windowStart, end: visits.windowEnd })
    .from(visits)
    .where(and(eq(visits.quoteRequestId, quoteRequestId), eq(visits.status, "scheduled")))
    .orderBy(visits.day, visits.windowStart)
    .get();
  return visit ? `${dayLabel(visit.day)}, arrival ${windowLabel(visit)}` : null;
}

/** One visit by its id, if it exists. */
export async function visitById(db: Database, id: string) {
  return db.select().from(visits).where(eq(visits.id, id)).get();
}

/** Whether a visit can still be moved or cancelled online: more than the cut-off before its window begins. */
export function beforeCutoff(visit: { day: string; windowStart: string }, settings: AvailabilitySettings, now = new Date()): boolean {
  return jamaicaInstant(visit.day, visit.windowStart) - settings.changeCutoffHours * HOUR_MS > now.getTime();
}

/**
 * Cancels the request's scheduled visit, by its customer (`actorUserId` null, only before the
 * cut-off) or a staff member (any time), with its history row. Out: "cancelled" with the visit
 * as it was; "too-late" past the cut-off; "none" when nothing is scheduled.
 */
export async function cancelVisit(
  db: Database,
  input: { quoteRequestId: string; actorUserId: string | null },
  now = new Date(),
): Promise<{ status: "cancelled"; visit: typeof visits.$inferSelect } | { status: "too-late" } | { status: "none" }> {
  const visit = await db
    .select()
    .from(visits)
    .where(and(eq(visits.quoteRequestId, input.quoteRequestId), eq(visits.status, "scheduled")))
    .get();
  if (!visit) return { status: "none" };
  if (input.actorUserId === null && !beforeCutoff(visit, await readAvailabilitySettings(db), now)) return { status: "too-late" };
  const [cancelled] = await db.batch([
    db
      .update(visits)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(visits.id, visit.id), eq(visits.status, "scheduled"))),
    insertWhere(
      db,
      visitChanges,
      {
        id: crypto.randomUUID(),
        visitId: visit.id,
        kind: "cancelled",
        day: visit.day,
        windowStart: visit.windowStart,
        fromDay: null,
        fromWindowStart: null,
        actorUserId: input.actorUserId,
        createdAt: now,
      },
      PREVIOUS_CHANGED_ONE,
    ),
  ]);
  return cancelled.meta.changes === 1 ? { status: "cancelled", visit } : { status: "none" };
}

/** What booking a window came to. */
export type BookingOutcome =
  | { status: "booked"; visitId: string }
  | { status: "full" }
  | { status: "quote-not-open" }
  | { status: "unbookable"; reason: NonNullable<ReturnType<typeof unbookableReason>> };

/**
 * Books the arrival window starting `windowStart` on `day` (ISO, Jamaica) for the quote
 * request's newest quote, on the customer's behalf (`actorUserId` null) or a staff member's.
 * Out: "booked" with the visit's id; "unbookable" (not a window, outside the booking range, a
 * day off, begun); "quote-not-open" (no quote, expired, replaced, already accepted, the request
 * not quoted); "full" (the window has no place left). Only "booked" wrote anything.
 */
export async function bookVisit(
  db: Database,
  input: { quoteRequestId: string; day: string; windowStart: string; actorUserId: string | null },
  now = new Date(),
): Promise<BookingOutcome> {
  const settings = await readAvailabilitySettings(db);
  const reason = unbookableReason(
    settings,
    await readDaysOff(db, input.day, input.day),
    input.day,
    input.windowStart,
    todayInJamaica(now),
    timeInJamaica(now),
  );
  if (reason) return { status: "unbookable", reason };
  const window = settings.windows.find((candidate) => candidate.start === input.windowStart)!;
  const [request, quote] = await Promise.all([
    db.select().from(quoteRequests).where(eq(quoteRequests.id, input.quoteRequestId)).get(),
    newestQuote(db, input.quoteRequestId),
  ]);
  if (!request || request.status !== "quoted" || !quote || quoteExpired(quote, now)) return { status: "quote-not-open" };

  const visitId = crypto.randomUUID();
  const scheduledInWindow = sql`(SELECT count(*) FROM ${visits} WHERE ${visits.day} = ${input.day} AND ${visits.windowStart} = ${input.windowStart} AND ${visits.status} = 'scheduled')`;
  const [booked] = await db.batch([
    insertWhere(
      db,
      visits,
      {
        id: visitId,
        quoteRequestId: request.id,
        quoteId: quote.id,
        day: input.day,
        windowStart: window.start,
        windowEnd: window.end,
        status: "scheduled",
        address: request.address,
        serviceType: request.serviceType,
        amountJmd: quote.amountJmd,
        amountUsd: quote.amountUsd,
        included: quote.included,
        notes: null,
        reminderSentAt: null,
        createdAt: now,
        updatedAt: now,
      },
      sql`${scheduledInWindow} < ${settings.capacity}`,
      sql`NOT EXISTS (SELECT 1 FROM ${daysOff} WHERE ${daysOff.day} = ${input.day})`,
      sql`EXISTS (SELECT 1 FROM ${quoteRequests} WHERE ${quoteRequests.id} = ${request.id} AND ${quoteRequests.status} = 'quoted')`,
      // The quote is still the newest, and not accepted already (a cancelled visit gives it back).
      sql`NOT EXISTS (SELECT 1 FROM ${customerReplies} WHERE ${customerReplies.entity} = 'quote_request' AND ${customerReplies.entityId} = ${request.id} AND ${customerReplies.kind} = 'quote' AND ${customerReplies.createdAt} > ${quote.createdAt.getTime()})`,
      sql`NOT EXISTS (SELECT 1 FROM ${visits} WHERE ${visits.quoteId} = ${quote.id} AND ${visits.status} <> 'cancelled')`,
    ),
    insertWhere(
      db,
      visitChanges,
      {
        id: crypto.randomUUID(),
        visitId,
        kind: "booked",
        day: input.day,
        windowStart: window.start,
        fromDay: null,
        fromWindowStart: null,
        actorUserId: input.actorUserId,
        createdAt: now,
      },
      PREVIOUS_CHANGED_ONE,
    ),
  ]);
  if (booked.meta.changes === 1) return { status: "booked", visitId };
  const [taken] = await db
    .select({ n: count() })
    .from(visits)
    .where(and(eq(visits.day, input.day), eq(visits.windowStart, input.windowStart), eq(visits.status, "scheduled")));
  return (taken?.n ?? 0) >= settings.capacity ? { status: "full" } : { status: "quote-not-open" };
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

/** Whether a quote's last valid day (its day of sending plus `validDays`, in Jamaica) is over. */
function quoteExpired(quote: { createdAt: Date; validDays: number }, now: Date): boolean {
  return todayInJamaica(new Date(quote.createdAt.getTime() + quote.validDays * DAY_MS)) < todayInJamaica(now);
}
