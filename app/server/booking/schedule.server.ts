/**
 * The staff's schedule (docs/product.md §12): the visits of some days with what a crew needs
 * (the customer, the phone, the address, the service, the window, the price, what is included,
 * the notes for the crew and the customer's own note from the quote form), for the schedule's day view and the printed day sheets, and the few columns its
 * week view needs.
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { crews, quoteRequests, visits } from "../../../drizzle/schema";
import type { Database } from "~/server/platform";

/** The statuses a schedule shows: what is planned and how it went (cancelled and skipped visits are not on it). */
const ON_SCHEDULE = ["scheduled", "done", "no_show"] as const;

/** Which crew's visits: every crew's (undefined), one crew's (its id), or those on no crew yet ("none"). */
export type CrewFilter = string | "none" | undefined;

/** Visits from `from` to `to` (ISO days, inclusive) that a schedule shows, for the crew filter. */
function onSchedule(from: string, to: string, crew: CrewFilter): SQL | undefined {
  const ofCrew = crew === undefined ? undefined : crew === "none" ? isNull(visits.crewId) : eq(visits.crewId, crew);
  return and(gte(visits.day, from), lte(visits.day, to), inArray(visits.status, ON_SCHEDULE), ofCrew);
}

/**
 * The visits from `from` to `to` (ISO days, inclusive) that are scheduled, done or no-show, for
 * the crew filter, in order of day, window and crew. Each row: the visit's fields, its crew's
 * name (null: none) and the request's reference, customer name, phone, e-mail and
 * `customerNote` (what the customer wrote in the quote form's 'Additional information', read
 * from the request at each call, never copied into the visit; null: nothing).
 */
export function scheduleVisits(db: Database, from: string, to: string, crew: CrewFilter = undefined) {
  return db
    .select({
      id: visits.id,
      quoteRequestId: visits.quoteRequestId,
      day: visits.day,
      windowStart: visits.windowStart,
      windowEnd: visits.windowEnd,
      status: visits.status,
      address: visits.address,
      serviceType: visits.serviceType,
      amountJmd: visits.amountJmd,
      amountUsd: visits.amountUsd,
      included: visits.included,
      notes: visits.notes,
      crewId: visits.crewId,
      seriesId: visits.seriesId,
      crewName: crews.name,
      reference: quoteRequests.reference,
      name: quoteRequests.name,
      phone: quoteRequests.phone,
      email: quoteRequests.email,
      customerNote: quoteRequests.additionalInfo,
    })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .leftJoin(crews, eq(crews.id, visits.crewId))
    .where(onSchedule(from, to, crew))
    .orderBy(asc(visits.day), asc(visits.windowStart), asc(crews.position), asc(quoteRequests.name));
}

export type ScheduleVisit = Awaited<ReturnType<typeof scheduleVisits>>[number];

/**
 * The week's visits as its grid shows them (a window's start, the customer's name, the crew, the
 * status), from `from` to `to` (ISO days) for the crew filter, in order of day and window: the
 * few columns a week of thousands of visits needs.
 */
export function weekEntries(db: Database, from: string, to: string, crew: CrewFilter = undefined) {
  return db
    .select({
      id: visits.id,
      day: visits.day,
      windowStart: visits.windowStart,
      status: visits.status,
      crewId: visits.crewId,
      name: quoteRequests.name,
    })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .where(onSchedule(from, to, crew))
    .orderBy(asc(visits.day), asc(visits.windowStart));
}

/** Crews that a filter may name: active ones, and inactive ones that still have visits in the range (so old days read right). */
export function crewsOnSchedule(db: Database, from: string, to: string) {
  return db
    .select({ id: crews.id, name: crews.name, members: crews.members, active: crews.active, workingDays: crews.workingDays })
    .from(crews)
    .where(
      or(
        eq(crews.active, true),
        inArray(
          crews.id,
          db
            .select({ id: visits.crewId })
            .from(visits)
            .where(and(gte(visits.day, from), lte(visits.day, to))),
        ),
      ),
    )
    .orderBy(asc(crews.position), asc(crews.name));
}
