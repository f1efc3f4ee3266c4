/**
 * Regular cleaning: a series of visits (the `visit_series` table, owned here) that repeats by an
 * RRULE (RFC 5545 §3.3.10; the rule, its days and its labels are app/domain/series.ts's). A
 * series books its first visit exactly as a single booking does (visits.server.ts `bookVisit`,
 * the same statement and conditions), and in the same batch its visits of the next
 * SERIES_HORIZON_DAYS days; the daily cron (`extendSeries`) keeps the horizon filled.
 *
 * One row per occurrence: each day the rule gives becomes one `visits` row with `series_id` and
 * `occurrence_day` (unique together), made once whatever became of it. A day whose window has no
 * place left, a day off or a day no crew works gets a row with the status `skipped` instead (its
 * history says by whom: the system), so the unique index keeps the cron from making it again and
 * the customer is told once; a visit the customer skips, moves or cancels keeps its row too.
 * "This and all later ones" ends a series (`until` = the day before) and, for a move, starts a
 * new one from the new day (docs/decisions/017-series.md).
 *
 * Every statement that makes a visit carries the booking's own capacity and day-off conditions
 * (`placeLeft`, `notDayOff`), so series and single bookings arriving at once never overfill a
 * window. Functions take the Drizzle client first and return outcomes; D1 errors are thrown.
 */
import { and, asc, between, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PUBLIC_HOLIDAYS } from "~/content/public-holidays";
import { isoWeekday, plusDays, type AvailabilitySettings, type Capacity } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import type { SeriesStatus } from "~/domain/enumerations";
import {
  nextOccurrence,
  occurrencesBetween,
  ruleFrequency,
  seriesHorizon,
  seriesRule,
  seriesWindowLabel,
  skippedDayText,
  type SeriesFrequency,
  type SkipReason,
} from "~/domain/series";
import { daysOff, quoteRequests, visitSeries, visits, type Visit, type VisitSeries } from "../../../drizzle/schema";
import { enqueueMail, type MailQueueEnv, seriesMail } from "~/server/mail";
import { type Database, insertWhere, PREVIOUS_CHANGED_ONE, readSiteUrl } from "~/server/platform";
import { readCompany } from "~/server/site";
import { readAvailabilitySettings } from "./availability.server";
import { crewFree, firstFreeCrew, readCapacity } from "./crews.server";
import { changeStatement, type BookedWindow, type VisitActor } from "./history.server";
import {
  beforeCutoff,
  bookableWindow,
  bookVisit,
  cancelVisit,
  crewAfterMove,
  notDayOff,
  placeLeft,
  scheduledVisit,
  stillAsRead,
  visitRow,
  type BookingOutcome,
  type Slot,
  type Unbookable,
  type VisitTarget,
  type VisitTerms,
} from "./visits.server";

type Statement = BatchItem<"sqlite">;

/** The statuses of a series that still belongs to its request: the cron extends an active one; a paused one waits to be resumed. */
const CURRENT = ["active", "paused"] as const;

/** The request's regular cleaning now: its newest series that is active or paused, if any. */
export async function currentSeries(db: Database, quoteRequestId: string): Promise<VisitSeries | undefined> {
  return currentSeriesQuery(db, quoteRequestId).get();
}

/** The read of `currentSeries`, for a batch: the request's newest active or paused series (at most one row). */
function currentSeriesQuery(db: Database, quoteRequestId: string) {
  return db
    .select()
    .from(visitSeries)
    .where(and(eq(visitSeries.quoteRequestId, quoteRequestId), inArray(visitSeries.status, CURRENT)))
    .orderBy(desc(visitSeries.createdAt))
    .limit(1);
}

/** How many visits a window of `day` takes for a series: the day's capacity, or 0 when the settings' working days leave it out. */
function seriesPlaces(settings: AvailabilitySettings, capacity: Capacity): Capacity {
  return (day) => (settings.workingDays.includes(isoWeekday(day)) ? capacity(day) : 0);
}

/** SQL for a series visit's crew in `slot`: the series' crew when it is free then, else the first free one (or NULL). */
function seriesCrew(seriesId: string, slot: BookedWindow): SQL {
  const crewOfSeries = sql`(SELECT ${visitSeries.crewId} FROM ${visitSeries} WHERE ${visitSeries.id} = ${seriesId})`;
  return sql`COALESCE(CASE WHEN ${crewOfSeries} IS NOT NULL AND ${crewFree(crewOfSeries, slot)} THEN ${crewOfSeries} END, ${firstFreeCrew(slot)})`;
}

/** What a series' visits copy from it: the terms of its accepted quote, its id and its window. */
type SeriesVisits = VisitTerms & { id: string; windowStart: string; windowEnd: string };

/** The statements per day of `occurrenceStatements`, in order: the visit, its history, the skipped row, its history. */
const PER_DAY = 4;

/**
 * The statements that make a series' visits on `days`, four a day, each written only while
 * `gate` holds and no row of that series and day exists yet: the visit, `scheduled`, where a
 * place is left (`places(day)`, the booking's own `placeLeft` and `notDayOff`), with its history
 * row ("booked", by `by`); else a row `skipped`, with its history row (by the system). The two
 * inserts return their ids, so `readOccurrences` tells which became what.
 */
function occurrenceStatements(
  db: Database,
  series: SeriesVisits,
  days: readonly string[],
  places: Capacity,
  gate: SQL,
  by: VisitActor,
  now: Date,
): Statement[] {
  return days.flatMap((day) => {
    const slot = { day, windowStart: series.windowStart, windowEnd: series.windowEnd };
    const fresh = sql`NOT EXISTS (SELECT 1 FROM ${visits} WHERE ${visits.seriesId} = ${series.id} AND ${visits.occurrenceDay} = ${day})`;
    const row = (id: string, status: "scheduled" | "skipped", crewId: SQL | null) =>
      visitRow(series, slot, { id, status, crewId, seriesId: series.id, occurrenceDay: day }, now);
    const bookedId = crypto.randomUUID();
    const skippedId = crypto.randomUUID();
    return [
      insertWhere(
        db,
        visits,
        row(bookedId, "scheduled", seriesCrew(series.id, slot)),
        gate,
        fresh,
        placeLeft(slot, places(day)),
        notDayOff(day),
      ).returning({ id: visits.id }),
      changeStatement(db, { visitId: bookedId, kind: "booked", to: slot }, by, now),
      insertWhere(db, visits, row(skippedId, "skipped", null), gate, fresh).returning({ id: visits.id }),
      changeStatement(db, { visitId: skippedId, kind: "skipped", to: slot }, { userId: null, system: true }, now),
    ];
  });
}

/** Which of `days` the batch's `occurrenceStatements` (from `offset` in `results`) booked, and which it recorded as skipped. */
function readOccurrences(days: readonly string[], results: readonly unknown[], offset: number): { booked: string[]; skipped: string[] } {
  const made = (index: number) => (results[index] as unknown[]).length === 1;
  return {
    booked: days.filter((_, i) => made(offset + i * PER_DAY)),
    skipped: days.filter((_, i) => made(offset + i * PER_DAY + 2)),
  };
}

/** A series as `occurrenceStatements` needs it (a row of the table). */
const visitsOf = (series: VisitSeries): SeriesVisits => series;

/** "The series exists with this status" (and its request is still quoted), when the statement runs. */
const seriesIs = (seriesId: string, status: SeriesStatus) =>
  sql`EXISTS (SELECT 1 FROM ${visitSeries} INNER JOIN ${quoteRequests} ON ${quoteRequests.id} = ${visitSeries.quoteRequestId} WHERE ${visitSeries.id} = ${seriesId} AND ${visitSeries.status} = ${status} AND ${quoteRequests.status} = 'quoted')`;

/** The settings and each day's places, as the statements of a series use them. */
async function readPlaces(db: Database): Promise<{ settings: AvailabilitySettings; places: Capacity }> {
  const settings = await readAvailabilitySettings(db);
  return { settings, places: seriesPlaces(settings, await readCapacity(db, settings)) };
}

/** A day of a series with no visit, and why (app/domain/series.ts `skippedDayText` says it). */
export interface SkippedDay {
  day: string;
  reason: SkipReason;
}

/**
 * Why each of `days` got no visit: a public holiday (a day off on a date of
 * app/content/public-holidays.ts) or another day off, with its name; a day no crew works; else
 * the window was full. One read of the days off.
 */
async function skipReasons(db: Database, days: readonly string[], places: Capacity): Promise<SkippedDay[]> {
  if (days.length === 0) return [];
  // One range from the first day to the last (ISO days sort as text), not a bound value per day.
  const ordered = [...days].sort();
  const off = new Map(
    (
      await db
        .select()
        .from(daysOff)
        .where(between(daysOff.day, ordered[0]!, ordered.at(-1)!))
    ).map((row) => [row.day, row.name] as const),
  );
  return days.map((day) => {
    const name = off.get(day);
    if (name !== undefined)
      return { day, reason: { kind: PUBLIC_HOLIDAYS.some((holiday) => holiday.day === day) ? "holiday" : "day-off", name } };
    return { day, reason: places(day) === 0 ? { kind: "closed" } : { kind: "full" } };
  });
}

/** What a change that made visits of a series came to: the series, the days booked and those skipped (with why). */
export interface SeriesMade {
  series: VisitSeries;
  booked: string[];
  skipped: SkippedDay[];
}

/**
 * Books the window `windowStart` of `day` as the first visit of a series repeating at
 * `frequency` from that day (the customer's, `userId` null, or a staff member's booking): one
 * batch of the series' row, the first visit (visits.server.ts `bookVisit`: the same statement,
 * conditions and outcomes as a single booking) and the series' other days up to
 * SERIES_HORIZON_DAYS ahead, each booked where a place is left, else recorded as skipped.
 * Out: `bookVisit`'s outcomes; "booked" also with what the series made.
 */
export async function bookSeries(
  db: Database,
  input: { quoteRequestId: string; frequency: SeriesFrequency } & Slot & VisitActor,
  now = new Date(),
): Promise<Exclude<BookingOutcome, { status: "booked" }> | ({ status: "booked"; visitId: string } & SeriesMade)> {
  const { places } = await readPlaces(db);
  const seriesId = crypto.randomUUID();
  const rrule = seriesRule(input.frequency, input.day);
  const horizon = seriesHorizon(todayInJamaica(now));
  const days = occurrencesBetween({ rrule, dtstart: input.day, until: null }, plusDays(input.day, 1), horizon);
  const outcome = await bookVisit(db, input, now, {
    seriesId,
    before: ({ terms, slot }, conditions) => [
      insertWhere(
        db,
        visitSeries,
        {
          ...terms,
          id: seriesId,
          rrule,
          dtstart: input.day,
          until: null,
          windowStart: slot.windowStart,
          windowEnd: slot.windowEnd,
          crewId: null,
          status: "active",
          generatedThrough: horizon > input.day ? horizon : input.day,
          notes: null,
          createdAt: now,
          updatedAt: now,
        },
        ...conditions,
      ),
    ],
    after: ({ terms, slot }, visitId) => [
      // The series keeps the first visit's crew, which its later visits take when free.
      db
        .update(visitSeries)
        .set({ crewId: sql`(SELECT ${visits.crewId} FROM ${visits} WHERE ${visits.id} = ${visitId})` })
        .where(eq(visitSeries.id, seriesId)),
      ...occurrenceStatements(
        db,
        { ...terms, id: seriesId, windowStart: slot.windowStart, windowEnd: slot.windowEnd },
        days,
        places,
        sql`EXISTS (SELECT 1 FROM ${visits} WHERE ${visits.id} = ${visitId})`,
        input,
        now,
      ),
    ],
  });
  if (outcome.status !== "booked") return outcome;
  const [series, made] = await Promise.all([
    db.select().from(visitSeries).where(eq(visitSeries.id, seriesId)).get(),
    db.select({ day: visits.day, status: visits.status }).from(visits).where(eq(visits.seriesId, seriesId)).orderBy(visits.day),
  ]);
  return {
    ...outcome,
    series: series!,
    booked: made.filter((visit) => visit.status === "scheduled").map((visit) => visit.day),
    skipped: await skipReasons(
      db,
      made.filter((visit) => visit.status === "skipped").map((visit) => visit.day),
      places,
    ),
  };
}

/** What the daily run of `extendSeries` did: series extended, visits booked, days recorded as skipped, customers e-mailed. */
export interface SeriesExtended {
  seriesExtended: number;
  seriesVisitsAdded: number;
  seriesDaysSkipped: number;
  seriesCustomersTold: number;
}

/**
 * The daily cron's step (server.ts `scheduled`): makes the visits of every active series of a
 * quoted request from the day after its `generated_through` (at the earliest tomorrow, Jamaica)
 * to SERIES_HORIZON_DAYS after today, each booked where a place is left, else recorded as
 * skipped; then moves `generated_through` on. One batch per series; a day made already (by a
 * run before, or one that stopped halfway) is never made again (the unique series and day).
 * Each customer with days skipped in this run gets one e-mail listing them and why, through
 * the mail queue. In: the cron's client, the Worker's env, the run's time.
 */
export async function extendSeries(db: Database, env: CloudflareBindings & MailQueueEnv, now: Date): Promise<SeriesExtended> {
  const today = todayInJamaica(now);
  const horizon = seriesHorizon(today);
  const due = await db
    .select({ series: visitSeries, request: quoteRequests })
    .from(visitSeries)
    .innerJoin(quoteRequests, eq(visitSeries.quoteRequestId, quoteRequests.id))
    .where(and(eq(visitSeries.status, "active"), lt(visitSeries.generatedThrough, horizon), eq(quoteRequests.status, "quoted")));
  const done: SeriesExtended = { seriesExtended: 0, seriesVisitsAdded: 0, seriesDaysSkipped: 0, seriesCustomersTold: 0 };
  if (due.length === 0) return done;
  const { places } = await readPlaces(db);
  for (const { series, request } of due) {
    const from = [plusDays(series.generatedThrough, 1), plusDays(today, 1)].sort().at(-1)!;
    const days = occurrencesBetween(series, from, horizon);
    const results = await db.batch([
      db
        .update(visitSeries)
        .set({ generatedThrough: horizon, updatedAt: now })
        .where(
          and(eq(visitSeries.id, series.id), eq(visitSeries.status, "active"), eq(visitSeries.generatedThrough, series.generatedThrough)),
        )
        .returning({ id: visitSeries.id }),
      ...occurrenceStatements(db, visitsOf(series), days, places, seriesIs(series.id, "active"), { userId: null, system: true }, now),
    ] as [Statement, ...Statement[]]);
    // Another run extended it meanwhile: its visits are that run's.
    if ((results[0] as unknown[]).length === 0) continue;
    const made = readOccurrences(days, results, 1);
    done.seriesExtended++;
    done.seriesVisitsAdded += made.booked.length;
    done.seriesDaysSkipped += made.skipped.length;
    if (made.skipped.length === 0 || !request.reference || !request.statusToken) continue;
    const frequency = ruleFrequency(series.rrule);
    const skipped = (await skipReasons(db, made.skipped, places)).map(({ day, reason }) => skippedDayText(day, reason, frequency));
    const mail = seriesMail(
      { email: request.email, reference: request.reference, statusToken: request.statusToken },
      { kind: "days-skipped", label: seriesWindowLabel(series), skipped },
      await readCompany(env, db),
      readSiteUrl(env),
    );
    await enqueueMail(db, env, mail, { kind: "confirmation", entity: "quote_request", entityId: request.id });
    done.seriesCustomersTold++;
  }
  return done;
}

/** The scheduled visits of a series, by day (`fromOccurrence`: only those whose occurrence day is that day or later). */
function scheduledOf(db: Database, seriesId: string, fromOccurrence?: string) {
  return db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.seriesId, seriesId),
        eq(visits.status, "scheduled"),
        fromOccurrence === undefined ? undefined : gte(visits.occurrenceDay, fromOccurrence),
      ),
    )
    .orderBy(asc(visits.day), asc(visits.windowStart));
}

/**
 * Skips the target's scheduled visit of a series, as the customer asks (only before the
 * cut-off) or a staff member (any time): visits.server.ts `cancelVisit` with the status and
 * history kind `skipped`. A visit that belongs to no series is not skipped ("none").
 */
export async function skipVisit(db: Database, input: VisitTarget & VisitActor, now = new Date()): ReturnType<typeof cancelVisit> {
  const visit = await scheduledVisit(db, input);
  if (!visit?.seriesId) return { status: "none" };
  return cancelVisit(db, { ...input, visitId: visit.id, as: "skipped" }, now);
}

/** What pausing came to: "paused" with the visits skipped and those kept (too close to change online), or why not. */
export type PauseOutcome =
  { status: "paused"; series: VisitSeries; skipped: Visit[]; kept: Visit[] } | { status: "paused-already" } | { status: "none" };

/**
 * Pauses the request's active series: the cron makes no more of its visits, and its scheduled
 * visits are skipped, each with its history row; a customer's pause keeps those within the
 * change cut-off (they stay booked: too close to change online), a staff member's skips them
 * all. One batch. Out: "paused"; "paused-already" (a form sent twice); "none" (no active or
 * paused series).
 */
export async function pauseSeries(db: Database, input: { quoteRequestId: string } & VisitActor, now = new Date()): Promise<PauseOutcome> {
  const series = await currentSeries(db, input.quoteRequestId);
  if (!series) return { status: "none" };
  if (series.status === "paused") return { status: "paused-already" };
  const [settings, scheduled] = await Promise.all([readAvailabilitySettings(db), scheduledOf(db, series.id)]);
  const changeable = (visit: Visit) => input.userId !== null || beforeCutoff(visit, settings, now);
  const skip = scheduled.filter(changeable);
  const results = await db.batch([
    db
      .update(visitSeries)
      .set({ status: "paused", updatedAt: now })
      .where(and(eq(visitSeries.id, series.id), eq(visitSeries.status, "active")))
      .returning(),
    ...skip.flatMap((visit) => [
      db
        .update(visits)
        .set({ status: "skipped", sequence: sql`${visits.sequence} + 1`, updatedAt: now })
        .where(and(stillAsRead(visit), seriesIs(series.id, "paused")))
        .returning(),
      changeStatement(db, { visitId: visit.id, kind: "skipped", to: visit }, input, now),
    ]),
  ] as [Statement, ...Statement[]]);
  const paused = (results[0] as VisitSeries[])[0];
  if (!paused) return { status: "paused-already" };
  const skipped = skip.flatMap((_, i) => results[1 + i * 2] as Visit[]);
  return { status: "paused", series: paused, skipped, kept: scheduled.filter((visit) => !skipped.some((done) => done.id === visit.id)) };
}

/** What resuming came to: "resumed" with the new series and what it made, or why not. */
export type ResumeOutcome = ({ status: "resumed" } & SeriesMade) | { status: "active-already" } | { status: "none" } | { status: "no-day" };

/**
 * Resumes the request's paused series from the next possible day: its first day (by the same
 * rule, so a bi-weekly series keeps its weeks) on or after the first bookable day and after its
 * last visit still scheduled. The paused series ends the day before (`until`), and a new one
 * with the same rule, window and terms starts on that day: one batch that makes its visits up to
 * SERIES_HORIZON_DAYS ahead, each booked where a place is left, else recorded as skipped (the
 * days the pause skipped keep their rows in the old series). Out: "resumed"; "active-already"
 * (a form sent twice); "none" (no paused series, or the request is not quoted any more);
 * "no-day" (the rule has no day within the horizon).
 */
export async function resumeSeries(db: Database, input: { quoteRequestId: string } & VisitActor, now = new Date()): Promise<ResumeOutcome> {
  const series = await currentSeries(db, input.quoteRequestId);
  if (!series) return { status: "none" };
  if (series.status === "active") return { status: "active-already" };
  const [{ settings, places }, scheduled, request] = await Promise.all([
    readPlaces(db),
    scheduledOf(db, series.id),
    db.select({ status: quoteRequests.status }).from(quoteRequests).where(eq(quoteRequests.id, input.quoteRequestId)).get(),
  ]);
  if (request?.status !== "quoted") return { status: "none" };
  const today = todayInJamaica(now);
  const horizon = seriesHorizon(today);
  const after = scheduled.at(-1)?.day;
  const earliest = plusDays(today, settings.minNoticeDays);
  const first = nextOccurrence({ ...series, until: null }, after && after >= earliest ? plusDays(after, 1) : earliest);
  if (!first || first > horizon) return { status: "no-day" };
  const fresh = continuation(series, { day: first, windowStart: series.windowStart, windowEnd: series.windowEnd }, series.rrule, now);
  const days = occurrencesBetween(fresh, first, horizon);
  const results = await db.batch([
    db
      .update(visitSeries)
      .set({ status: "ended", until: plusDays(first, -1), updatedAt: now })
      .where(and(eq(visitSeries.id, series.id), eq(visitSeries.status, "paused")))
      .returning({ id: visitSeries.id }),
    insertWhere(db, visitSeries, fresh, PREVIOUS_CHANGED_ONE),
    ...occurrenceStatements(db, fresh, days, places, seriesIs(fresh.id, "active"), input, now),
  ] as [Statement, ...Statement[]]);
  if ((results[0] as unknown[]).length === 0) return { status: "active-already" };
  const made = readOccurrences(days, results, 2);
  return { status: "resumed", series: fresh, booked: made.booked, skipped: await skipReasons(db, made.skipped, places) };
}

/**
 * The series that takes over from `old` on `from.day` (a resume, or a change of this and all
 * later visits): the same request, quote, terms and crew, the rule `rrule` from that day, the
 * window `from`, active, its visits made up to the horizon.
 */
function continuation(old: VisitSeries, from: BookedWindow, rrule: string, now: Date): VisitSeries {
  return {
    ...old,
    id: crypto.randomUUID(),
    rrule,
    dtstart: from.day,
    until: null,
    windowStart: from.windowStart,
    windowEnd: from.windowEnd,
    status: "active",
    generatedThrough: seriesHorizon(todayInJamaica(now)),
    createdAt: now,
    updatedAt: now,
  };
}

/** What ending a series from one of its visits came to: the visits cancelled, or nothing to end. */
export type EndOutcome = { status: "ended"; series: VisitSeries; cancelled: Visit[] } | { status: "none" };

/**
 * Cancels the target visit of a series and all its later ones ("this and all later ones"; a
 * staff member's change): the series ends the day before the visit's occurrence day (`until`,
 * RFC 5545 §3.3.10, inclusive), and every scheduled visit of it from that occurrence on is
 * cancelled, each with its history row. One batch. Out: "ended" with the visits cancelled;
 * "none" when the target is not a scheduled visit of an active or paused series.
 */
export async function endSeriesFrom(db: Database, input: VisitTarget & VisitActor, now = new Date()): Promise<EndOutcome> {
  const visit = await scheduledVisit(db, input);
  const series = visit?.seriesId ? await db.select().from(visitSeries).where(eq(visitSeries.id, visit.seriesId)).get() : undefined;
  if (!visit?.occurrenceDay || !series || series.status === "ended") return { status: "none" };
  const later = await scheduledOf(db, series.id, visit.occurrenceDay);
  const results = await db.batch([
    db
      .update(visitSeries)
      .set({ status: "ended", until: plusDays(visit.occurrenceDay, -1), updatedAt: now })
      .where(and(eq(visitSeries.id, series.id), eq(visitSeries.status, series.status)))
      .returning(),
    ...later.flatMap((each) => [
      db
        .update(visits)
        .set({ status: "cancelled", sequence: sql`${visits.sequence} + 1`, updatedAt: now })
        .where(stillAsRead(each))
        .returning(),
      changeStatement(db, { visitId: each.id, kind: "cancelled", to: each }, input, now),
    ]),
  ] as [Statement, ...Statement[]]);
  const ended = (results[0] as VisitSeries[])[0];
  if (!ended) return { status: "none" };
  return { status: "ended", series: ended, cancelled: later.flatMap((_, i) => results[1 + i * 2] as Visit[]) };
}

/** What moving a visit of a series and all its later ones came to. */
export type MoveLaterOutcome =
  | ({ status: "moved"; from: Visit; to: Visit; cancelled: Visit[] } & SeriesMade)
  | { status: "moved-already" }
  | { status: "none" }
  | { status: "not-active" }
  | { status: "full" }
  | Unbookable;

/**
 * Moves the target visit of an active series to `day` and `windowStart` and all its later ones
 * with it ("this and all later ones"; a staff member's change, any time): under a move's rules
 * (a window of the settings, in the booking range, not a day off, a place left, checked by the
 * statement), the series ends the day before the visit's occurrence day, a new series of the
 * same frequency starts on the new day (its weekday, and for a monthly one its weekday of the
 * month), the visit moves into it (its history: moved), the old series' later scheduled visits
 * are cancelled, and the new series' days up to the horizon are made, each booked where a place
 * is left, else recorded as skipped. One batch. Out: "moved"; "moved-already" (it is there
 * already); "none" (not a scheduled visit of a series); "not-active" (a paused or ended series:
 * move this visit only); "unbookable"; "full".
 */
export async function moveSeriesFrom(db: Database, input: VisitTarget & Slot & VisitActor, now = new Date()): Promise<MoveLaterOutcome> {
  const [{ settings, places }, visit] = await Promise.all([readPlaces(db), scheduledVisit(db, input)]);
  const series = visit?.seriesId ? await db.select().from(visitSeries).where(eq(visitSeries.id, visit.seriesId)).get() : undefined;
  if (!visit?.occurrenceDay || !series) return { status: "none" };
  if (series.status !== "active") return { status: "not-active" };
  if (visit.day === input.day && visit.windowStart === input.windowStart) return { status: "moved-already" };
  const window = await bookableWindow(db, settings, input, now);
  if ("reason" in window) return window;
  const to = { day: input.day, windowStart: window.start, windowEnd: window.end };
  const later = (await scheduledOf(db, series.id, visit.occurrenceDay)).filter((each) => each.id !== visit.id);
  const fresh = continuation(series, to, seriesRule(ruleFrequency(series.rrule), to.day), now);
  const days = occurrencesBetween(fresh, plusDays(to.day, 1), fresh.generatedThrough);
  const started = sql`EXISTS (SELECT 1 FROM ${visitSeries} WHERE ${visitSeries.id} = ${fresh.id})`;
  const results = await db.batch([
    // The new series, under a move's conditions for the visit; everything after follows it.
    insertWhere(
      db,
      visitSeries,
      fresh,
      sql`EXISTS (SELECT 1 FROM ${visits} WHERE ${stillAsRead(visit)})`,
      placeLeft(to, window.capacity, visit.id),
      notDayOff(to.day),
      seriesIs(series.id, "active"),
    ).returning({ id: visitSeries.id }),
    db
      .update(visitSeries)
      .set({ status: "ended", until: plusDays(visit.occurrenceDay, -1), updatedAt: now })
      .where(and(eq(visitSeries.id, series.id), started)),
    db
      .update(visits)
      .set({
        ...to,
        crewId: crewAfterMove(to, visit.id),
        seriesId: fresh.id,
        occurrenceDay: to.day,
        sequence: sql`${visits.sequence} + 1`,
        reminderSentAt: null,
        updatedAt: now,
      })
      .where(and(stillAsRead(visit), started))
      .returning(),
    changeStatement(db, { visitId: visit.id, kind: "moved", to, from: visit }, input, now),
    ...later.flatMap((each) => [
      db
        .update(visits)
        .set({ status: "cancelled", sequence: sql`${visits.sequence} + 1`, updatedAt: now })
        .where(and(stillAsRead(each), started))
        .returning(),
      changeStatement(db, { visitId: each.id, kind: "cancelled", to: each }, input, now),
    ]),
    db
      .update(visitSeries)
      .set({ crewId: sql`(SELECT ${visits.crewId} FROM ${visits} WHERE ${visits.id} = ${visit.id})` })
      .where(eq(visitSeries.id, fresh.id)),
    ...occurrenceStatements(db, fresh, days, places, seriesIs(fresh.id, "active"), input, now),
  ] as [Statement, ...Statement[]]);
  const moved = (results[2] as Visit[])[0];
  if ((results[0] as unknown[]).length === 0 || !moved) {
    const now_ = await scheduledVisit(db, { quoteRequestId: input.quoteRequestId, visitId: visit.id });
    if (now_ && now_.day === to.day && now_.windowStart === to.windowStart) return { status: "moved-already" };
    return now_ && stillSame(now_, visit) ? { status: "full" } : { status: "none" };
  }
  const made = readOccurrences(days, results, 5 + later.length * 2);
  return {
    status: "moved",
    from: visit,
    to: moved,
    cancelled: later.flatMap((_, i) => results[4 + i * 2] as Visit[]),
    series: fresh,
    booked: [to.day, ...made.booked],
    skipped: await skipReasons(db, made.skipped, places),
  };
}

/** Whether a visit read again is where it was read before (so a refused change was refused by its place, not by a change in between). */
const stillSame = (now: Visit, before: Visit) => now.day === before.day && now.windowStart === before.windowStart;

/** The request's regular cleaning as its pages show it: the current series, and its visits of the next SERIES_HORIZON_DAYS days. */
export interface SeriesOverview {
  series: VisitSeries;
  /** From today on, by day: every scheduled visit of the request's series (a resumed one's old visits too), and the current series' skipped days. */
  visits: Visit[];
}

/**
 * The request's current series (active or paused) with its upcoming visits, or null when it has
 * none. Two reads in one D1 batch: the visits name the series by a subquery.
 */
export async function seriesOverview(db: Database, quoteRequestId: string, now = new Date()): Promise<SeriesOverview | null> {
  const today = todayInJamaica(now);
  const current = currentSeriesQuery(db, quoteRequestId).as("current_series");
  const [[series], upcoming] = await db.batch([
    currentSeriesQuery(db, quoteRequestId),
    db
      .select()
      .from(visits)
      .where(
        and(
          eq(visits.quoteRequestId, quoteRequestId),
          gte(visits.day, today),
          lte(visits.day, seriesHorizon(today)),
          or(
            and(isNotNull(visits.seriesId), eq(visits.status, "scheduled")),
            and(eq(visits.seriesId, sql`(${db.select({ id: current.id }).from(current)})`), eq(visits.status, "skipped")),
          ),
        ),
      )
      .orderBy(asc(visits.day), asc(visits.windowStart)),
  ]);
  return series ? { series, visits: upcoming } : null;
}
