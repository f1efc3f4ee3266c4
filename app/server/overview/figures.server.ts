/**
 * The overview's figures (docs/product.md §16 "The numbers"): every number the charts of /admin
 * draw, for a period, the one before it, and a trend of 12 weeks or 12 months ending with the
 * period. Each figure is defined ONCE, in the docstring beside its SQL below, and docs/product.md
 * §16 says the same in plain words.
 *
 * Everything is read as ONE statement (one round trip): the figures' reads and the settings,
 * crews and days off the capacity needs, as a UNION ALL (app/server/platform `unionStatement`).
 * Aggregates are computed in SQL: each read the days it needs (the period, the previous one and
 * the trend, bounded so an index serves a range scan) from rows that are already aggregates or
 * carry what the figure needs: the summaries the writes keep (overview_days per day, customers'
 * first visit done, overview_served_months: migrations/0019_overview_summaries.sql and
 * migrations/0024_overview_answers_served.sql) or covering indexes (migrations/0018_overview_indexes.sql).
 * Each statement answers a few rows grouped by slice ('current', 'previous') and trend bucket (a
 * week's Monday "2026-11-23", a month "2026-11"), which are folded here into OverviewFigures. Days are Jamaica's (UTC-5 all year: a
 * stored instant `ms` is on the day `date((ms - 18000000) / 1000, 'unixepoch')`), ranges include
 * both ends, and a trend's last bucket stops at the period's last day, so the buckets inside a
 * period add up to its figure. Throws what D1 threw.
 */
import { and, between, count, countDistinct, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { crewCapacity, isoWeekday, plusDays, type AvailabilitySettings, type Capacity } from "~/domain/booking";
import { HOUR_MS } from "~/domain/dates";
import {
  CREW_LOAD_DAYS,
  monthBuckets,
  splitAtMonths,
  weekBuckets,
  type Bucket,
  type DayRange,
  type OverviewPeriod,
} from "~/domain/overview";
import { settingsOf } from "~/server/booking";
import { unionStatement, type Database } from "~/server/platform";
import {
  availabilitySettings,
  crews,
  customers,
  daysOff,
  overviewDays,
  overviewServedCounts,
  overviewServedMonths,
  reviews,
  visits,
} from "../../../drizzle/schema";
import type { AnswerCount, ConversionCount, CrewLoadFigures, LoadCount, OverviewFigures, RatingCount, RevenueCount } from "./types";

/** The trend's grain: 12 Monday-to-Sunday weeks or 12 calendar months (app/domain/overview.ts). */
type Grain = "week" | "month";

/** The days one statement reads: the period, the previous one, the trend's buckets and the whole span (the index range scanned). */
interface Frame {
  period: DayRange;
  previous: DayRange;
  grain: Grain;
  buckets: Bucket[];
  /** From the first bucket's first day to the period's last day. */
  trend: DayRange;
  /** From the earliest of the previous period's and the trend's first days to the period's last day. */
  span: DayRange;
}

/** The frame of `period` for a trend of `grain`. */
function frameOf(period: OverviewPeriod, grain: Grain): Frame {
  const buckets = grain === "week" ? weekBuckets(period.to) : monthBuckets(period.to);
  const trend = { from: buckets[0]!.from, to: period.to };
  const from = period.previous.from < trend.from ? period.previous.from : trend.from;
  return { period, previous: period.previous, grain, buckets, trend, span: { from, to: period.to } };
}

/** How a statement reads its row's Jamaica day: a test of a range of days (bounded, for an index) and the trend bucket's key. */
interface DayColumn {
  within(range: DayRange): SQL;
  key: Record<Grain, SQL<string>>;
}

/** A column holding an ISO day ("2026-11-28"): visits.day, overview_days.day, customers.first_done_day, reviews.reviewed_on. */
function isoDay(column: SQLWrapper): DayColumn {
  return {
    within: (range) => sql`${column} BETWEEN ${range.from} AND ${range.to}`,
    key: { week: sql<string>`date(${column}, '-6 days', 'weekday 1')`, month: sql<string>`substr(${column}, 1, 7)` },
  };
}

/** The slice ('current', 'previous' or null) and trend bucket (its key or null) of a row: the columns every statement groups by. */
function slices(column: DayColumn, frame: Frame) {
  return {
    slice: sql<
      string | null
    >`CASE WHEN ${column.within(frame.period)} THEN 'current' WHEN ${column.within(frame.previous)} THEN 'previous' END`.as("slice"),
    bucket: sql<string | null>`CASE WHEN ${column.within(frame.trend)} THEN ${column.key[frame.grain]} END`.as("bucket"),
  };
}

/** GROUP BY the two columns of `slices`, by their names. */
const BY_SLICE = [sql`${sql.identifier("slice")}`, sql`${sql.identifier("bucket")}`];

/** The rows of a statement grouped by `slices`, folded into the current and previous figures and the zero-filled trend. */
function fold<R extends { slice: string | null; bucket: string | null }, T>(
  rows: readonly R[],
  buckets: readonly Bucket[],
  zero: T,
  add: (into: T, row: R) => T,
): { current: T; previous: T; trend: Array<{ key: string } & T> } {
  let current = zero;
  let previous = zero;
  const trend = new Map(buckets.map((bucket) => [bucket.key, zero]));
  for (const row of rows) {
    if (row.slice === "current") current = add(current, row);
    if (row.slice === "previous") previous = add(previous, row);
    const bucket = row.bucket === null ? undefined : trend.get(row.bucket);
    if (bucket !== undefined) trend.set(row.bucket!, add(bucket, row));
  }
  return { current, previous, trend: buckets.map((bucket) => ({ key: bucket.key, ...trend.get(bucket.key)! })) };
}

/** A number D1 answered (SUM of nothing is null). */
const num = (value: unknown) => Number(value ?? 0);

/**
 * 1. Requests: quote requests received, that is quote_requests whose created_at falls on a day
 * of the range (whatever their status). Trend: per week. Read from overview_days.requests (the
 * day's count, kept by migrations/0019_overview_summaries.sql): at most one row a day.
 */
function requestsQuery(db: Database, frame: Frame) {
  const day = isoDay(overviewDays.day);
  return db
    .select({ ...slices(day, frame), n: sql<number>`coalesce(sum(${overviewDays.requests}), 0)` })
    .from(overviewDays)
    .where(day.within(frame.span))
    .groupBy(...BY_SLICE);
}

/**
 * 2. Conversion: `quoted` counts the quote requests whose FIRST priced quote (customer_replies of
 * kind 'quote' on a quote request with amount_jmd > 0; the earliest) was sent on a day of the
 * range; `booked` those of them with at least one visit on record, whatever its status (a booking
 * was made). The share is booked / quoted. Trend: per month of the first quote. Read from
 * overview_days.quoted and quoted_booked (each day's counts of quote_requests.first_quote_at and
 * first_visit_at, the MIN of a request's quotes' and visits' instants, kept by
 * migrations/0019_overview_summaries.sql and migrations/0024_overview_answers_served.sql): at
 * most one row a day.
 */
function conversionQuery(db: Database, frame: Frame) {
  const day = isoDay(overviewDays.day);
  return db
    .select({
      ...slices(day, frame),
      quoted: sql<number>`coalesce(sum(${overviewDays.quoted}), 0)`,
      booked: sql<number>`coalesce(sum(${overviewDays.quotedBooked}), 0)`,
    })
    .from(overviewDays)
    .where(day.within(frame.span))
    .groupBy(...BY_SLICE);
}

/**
 * 3. Revenue, booked: Σ visits.amount_jmd × 100 (whole dollars to cents) of the visits scheduled
 * or done whose day is in the range. Collected: Σ payments.amount_cents of kind 'payment' minus Σ
 * of kind 'refund', by paid_on in the range (tips are not in amount_cents: tip_cents). Trend: per
 * month. Read from overview_days.booked_cents and collected_cents (each day's sums, kept by
 * migrations/0019_overview_summaries.sql): at most one row a day.
 */
function revenueQuery(db: Database, frame: Frame) {
  const day = isoDay(overviewDays.day);
  return db
    .select({
      ...slices(day, frame),
      booked: sql<number>`coalesce(sum(${overviewDays.bookedCents}), 0)`,
      collected: sql<number>`coalesce(sum(${overviewDays.collectedCents}), 0)`,
    })
    .from(overviewDays)
    .where(day.within(frame.span))
    .groupBy(...BY_SLICE);
}

/**
 * 4. Time to the first answer: the quote requests AND contact messages that arrived on a day of
 * the range and have a first reply (first_reply_at, docs/product.md §10 "Time to first reply"):
 * `answered` counts them, `averageHours` is the mean of first_reply_at − created_at over both
 * kinds, in hours (exact; null when none). Trend: per week of arrival. Read from
 * overview_days.answered and answer_wait_ms (each day's count and Σ wait in ms over both tables,
 * kept by migrations/0024_overview_answers_served.sql): at most one row a day.
 */
function answerQuery(db: Database, frame: Frame) {
  const day = isoDay(overviewDays.day);
  return db
    .select({
      ...slices(day, frame),
      answered: sql<number>`coalesce(sum(${overviewDays.answered}), 0)`,
      waitMs: sql<number>`coalesce(sum(${overviewDays.answerWaitMs}), 0)`,
    })
    .from(overviewDays)
    .where(day.within(frame.span))
    .groupBy(...BY_SLICE);
}

/**
 * 6. Repeat customers: `customers` counts the customers (the visit's request's customer_id, not
 * null) with a visit done on a day of the range; `repeat` those of them with a visit done on a
 * day before the range's first day (ever). Trend: per month, each month with its own first day.
 * Read as two counts per slice ('current', 'previous', a month "2026-11"): `servedQuery`, the
 * customers served in it, and `firstServedQuery`, the customers whose first visit done
 * (customers.first_done_day, migrations/0019_overview_summaries.sql) is in it
 * (customers_first_done_day_idx). Every customer served in a range was first served on or before
 * its last day, so repeat = customers − those first served in the range, exactly.
 *
 * The customers served in a range are read, for its whole months (app/domain/overview.ts
 * `splitAtMonths`), from overview_served_months (a customer and a month in which they had a visit
 * done, kept by migrations/0024_overview_answers_served.sql: a few hundred rows a month), and for
 * its other days from the visits done on them (visits_status_day_customer_idx alone): the distinct
 * customer ids of both. A trend's months are whole but for the last, which stops at the period's
 * last day; a whole month's count is one row of overview_served_counts
 * (migrations/0028_overview_served_counts.sql).
 */
function servedQuery(db: Database, frame: Frame) {
  const doneOn = (range: DayRange | undefined) => (range ? and(eq(visits.status, "done"), isoDay(visits.day).within(range)) : sql`0`);
  const inMonths = (months: { from: string; to: string } | null) =>
    months ? between(overviewServedMonths.month, months.from, months.to) : sql`0`;
  /** The ids of the customers served in `range`: its whole months' and its other days' (at most two ranges), once or more each. */
  const customersServed = (range: DayRange) => {
    const { months, days } = splitAtMonths(range);
    const fromVisits = (piece: DayRange | undefined) =>
      db
        .select({ customerId: sql<string | null>`${visits.customerId}`.as("customer_id") })
        .from(visits)
        .where(doneOn(piece));
    return db
      .select({ customerId: sql<string | null>`${overviewServedMonths.customerId}`.as("customer_id") })
      .from(overviewServedMonths)
      .where(inMonths(months))
      .unionAll(fromVisits(days[0]))
      .unionAll(fromVisits(days[1]));
  };
  const served = (slice: "current" | "previous", range: DayRange) => {
    const ids = customersServed(range).as(`served_${slice}`);
    return db.select({ slice: sql<string>`${slice}`.as("slice"), n: countDistinct(ids.customerId) }).from(ids);
  };
  // The trend's months: the whole ones as overview_served_counts keeps them (a row a month), the others (at most the last) from the visits.
  const { months, days } = splitAtMonths(frame.trend);
  const visitMonth = sql<string>`substr(${visits.day}, 1, 7)`;
  const trendFromVisits = (piece: DayRange | undefined) =>
    db
      .select({ slice: visitMonth.as("slice"), n: countDistinct(visits.customerId) })
      .from(visits)
      .where(doneOn(piece))
      .groupBy(visitMonth);
  return served("current", frame.period)
    .unionAll(served("previous", frame.previous))
    .unionAll(
      db
        .select({ slice: sql<string>`${overviewServedCounts.month}`.as("slice"), n: overviewServedCounts.customers })
        .from(overviewServedCounts)
        .where(
          and(months ? between(overviewServedCounts.month, months.from, months.to) : sql`0`, sql`${overviewServedCounts.customers} <> 0`),
        ),
    )
    .unionAll(trendFromVisits(days[0]))
    .unionAll(trendFromVisits(days[1]));
}

/** 6. Repeat customers: the customers first served (customers.first_done_day) in each slice of `servedQuery`. */
function firstServedQuery(db: Database, frame: Frame) {
  const first = (slice: SQL<string>, range: DayRange) =>
    db
      .select({ slice: slice.as("slice"), n: count() })
      .from(customers)
      .where(isoDay(customers.firstDoneDay).within(range));
  const month = sql<string>`substr(${customers.firstDoneDay}, 1, 7)`;
  return first(sql`'current'`, frame.period)
    .unionAll(first(sql`'previous'`, frame.previous))
    .unionAll(first(month, frame.trend).groupBy(month));
}

/**
 * 7. Rating: the reviews whose reviewed_on is in the range, published or not: their count and
 * mean rating (null when none). Trend: per month. Index: reviews_reviewed_on_idx.
 */
function ratingQuery(db: Database, frame: Frame) {
  const day = isoDay(reviews.reviewedOn);
  return db
    .select({ ...slices(day, frame), count: count(), stars: sql<number>`coalesce(sum(${reviews.rating}), 0)` })
    .from(reviews)
    .where(day.within(frame.span))
    .groupBy(...BY_SLICE);
}

/** The crew load's two ranges from `today` (ISO, Jamaica): the CREW_LOAD_DAYS days from today, and as many just before. */
function loadRanges(today: string): { coming: DayRange; past: DayRange } {
  return {
    coming: { from: today, to: plusDays(today, CREW_LOAD_DAYS - 1) },
    past: { from: plusDays(today, -CREW_LOAD_DAYS), to: plusDays(today, -1) },
  };
}

/**
 * 5. Crew load, booked: the visits of the range's days that hold a place: scheduled, or, on a day
 * begun (today or before), done or no_show (cancelled and skipped ones free theirs). Counted per
 * slice ('current': today and the CREW_LOAD_DAYS − 1 days after; 'previous': the CREW_LOAD_DAYS
 * days before today) and per crew (crew_id, null: none). Index: visits_day_status_idx.
 */
function loadQuery(db: Database, today: string) {
  const { coming, past } = loadRanges(today);
  return db
    .select({
      slice: sql<string>`CASE WHEN ${visits.day} >= ${today} THEN 'current' ELSE 'previous' END`.as("slice"),
      crewId: visits.crewId,
      n: count(),
    })
    .from(visits)
    .where(
      and(
        isoDay(visits.day).within({ from: past.from, to: coming.to }),
        // `+status`: the status tests are not an index's (SQLite's unary plus), so the range of days is read from
        // visits_day_status_idx, not a MULTI-INDEX OR over visits_status_day_customer_idx.
        sql`(+${visits.status} = 'scheduled' OR (+${visits.status} IN ('done', 'no_show') AND ${visits.day} <= ${today}))`,
      ),
    )
    .groupBy(sql`${sql.identifier("slice")}`, visits.crewId);
}

/**
 * 5. Crew load, capacity: the places of some days, booking's own rule (app/domain/booking.ts
 * `crewCapacity`, `availableDays`): a day off or a weekday outside the settings' working days
 * has none; any other day has `capacity(day)` (one per active crew working that ISO weekday, or
 * the settings' capacity when there is no crew at all) × the number of arrival windows.
 */
function places(settings: AvailabilitySettings, off: ReadonlySet<string>, capacity: Capacity, days: readonly string[]): number {
  let total = 0;
  for (const day of days) {
    if (off.has(day) || !settings.workingDays.includes(isoWeekday(day))) continue;
    total += capacity(day) * settings.windows.length;
  }
  return total;
}

/** The ISO days of a range, in order (both ends included). */
function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = plusDays(day, 1)) days.push(day);
  return days;
}

/**
 * Every figure of the overview for `period` (app/domain/overview.ts `resolvePeriod`) on `today`
 * (ISO, Jamaica; the crew load's first day), read as one statement. Out: OverviewFigures
 * (counts, amounts in cents, hours; trends zero-filled in bucket order with the buckets' keys).
 * Throws what D1 threw.
 */
export async function readOverviewFigures(db: Database, period: OverviewPeriod, today: string): Promise<OverviewFigures> {
  const { query, finish } = overviewFiguresRead(db, period, today);
  return finish(await query);
}

/**
 * `readOverviewFigures` as its statement, for a caller's batch (app/server/overview `readOverview`):
 * `query` goes into the batch, `finish(rows)` turns what it answered into OverviewFigures.
 */
export function overviewFiguresRead(db: Database, period: OverviewPeriod, today: string) {
  const weeks = frameOf(period, "week");
  const months = frameOf(period, "month");
  const { coming, past } = loadRanges(today);
  const figures = unionStatement(db, {
    requests: requestsQuery(db, weeks),
    conversion: conversionQuery(db, months),
    revenue: revenueQuery(db, months),
    answers: answerQuery(db, weeks),
    served: servedQuery(db, months),
    firstServed: firstServedQuery(db, months),
    ratings: ratingQuery(db, months),
    load: loadQuery(db, today),
    settings: db.select().from(availabilitySettings),
    crews: db
      .select({ id: crews.id, name: crews.name, workingDays: crews.workingDays, active: crews.active, position: crews.position })
      .from(crews),
    off: db
      .select({ day: daysOff.day })
      .from(daysOff)
      .where(isoDay(daysOff.day).within({ from: past.from, to: coming.to })),
  });
  const finish = (rows: Parameters<typeof figures.read>[0]): OverviewFigures => {
    const {
      requests: requestRows,
      conversion: conversionRows,
      revenue: revenueRows,
      answers: answerRows,
      served: servedRows,
      firstServed: firstServedRows,
      ratings: ratingRows,
      load: loadRows,
      settings: settingsRows,
      crews: unorderedCrews,
      off: offRows,
    } = figures.read(rows);
    // The crews in the schedule's order (position, then name), which the union does not keep.
    const crewRows = unorderedCrews.sort((a, b) => a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

    const requests = fold(requestRows, weeks.buckets, { count: 0 }, (into, row) => ({ count: into.count + num(row.n) }));

    const conversion = fold(conversionRows, months.buckets, { quoted: 0, booked: 0 } as ConversionCount, (into, row) => ({
      quoted: into.quoted + num(row.quoted),
      booked: into.booked + num(row.booked),
    }));

    const revenue = fold(revenueRows, months.buckets, { bookedCents: 0, collectedCents: 0 } as RevenueCount, (into, row) => ({
      bookedCents: into.bookedCents + num(row.booked),
      collectedCents: into.collectedCents + num(row.collected),
    }));

    const waits = fold(answerRows, weeks.buckets, { answered: 0, waitMs: 0 }, (into, row) => ({
      answered: into.answered + num(row.answered),
      waitMs: into.waitMs + num(row.waitMs),
    }));
    const mean = ({ answered, waitMs }: { answered: number; waitMs: number }): AnswerCount => ({
      answered,
      averageHours: answered === 0 ? null : waitMs / answered / HOUR_MS,
    });

    const ratings = fold(ratingRows, months.buckets, { count: 0, stars: 0 }, (into, row) => ({
      count: into.count + num(row.count),
      stars: into.stars + num(row.stars),
    }));
    const average = ({ count, stars }: { count: number; stars: number }): RatingCount => ({
      count,
      average: count === 0 ? null : stars / count,
    });

    const countOf = (rows: ReadonlyArray<{ slice: string; n: number }>, slice: string) =>
      num(rows.find((candidate) => candidate.slice === slice)?.n);
    const repeatOf = (slice: string) => {
      const served = countOf(servedRows, slice);
      return { customers: served, repeat: served - countOf(firstServedRows, slice) };
    };

    return {
      requests: { current: requests.current.count, previous: requests.previous.count, weeks: requests.trend },
      conversion: { current: conversion.current, previous: conversion.previous, months: conversion.trend },
      revenue: { current: revenue.current, previous: revenue.previous, months: revenue.trend },
      firstAnswer: {
        current: mean(waits.current),
        previous: mean(waits.previous),
        weeks: waits.trend.map((bucket) => ({ key: bucket.key, ...mean(bucket) })),
      },
      crewLoad: crewLoad(settingsOf(settingsRows[0]), crewRows, new Set(offRows.map((row) => row.day)), loadRows, today),
      repeatCustomers: {
        current: repeatOf("current"),
        previous: repeatOf("previous"),
        months: months.buckets.map((bucket) => ({ key: bucket.key, ...repeatOf(bucket.key) })),
      },
      rating: {
        current: average(ratings.current),
        previous: average(ratings.previous),
        months: ratings.trend.map((bucket) => ({ key: bucket.key, ...average(bucket) })),
      },
    };
  };
  return { query: figures.query, finish };
}

/** 5. Crew load from its rows: the totals of both ranges, each active crew's share of the coming one, then the visits on no crew. */
function crewLoad(
  settings: AvailabilitySettings,
  crewRows: ReadonlyArray<{ id: string; name: string; workingDays: number[]; active: boolean }>,
  off: ReadonlySet<string>,
  loadRows: ReadonlyArray<{ slice: string; crewId: string | null; n: number }>,
  today: string,
): CrewLoadFigures {
  const { coming, past } = loadRanges(today);
  const comingDays = daysOf(coming);
  const capacity = crewCapacity(settings, crewRows);
  const booked = (slice: string, crewId?: string | null) =>
    loadRows
      .filter((row) => row.slice === slice && (crewId === undefined || row.crewId === crewId))
      .reduce((sum, row) => sum + num(row.n), 0);
  const crewsLoad: CrewLoadFigures["crews"] = crewRows
    .filter((crew) => crew.active)
    .map((crew) => ({
      id: crew.id,
      name: crew.name,
      booked: booked("current", crew.id),
      capacity: places(settings, off, crewCapacity(settings, [crew]), comingDays),
    }));
  const unassigned = booked("current", null);
  if (unassigned > 0) crewsLoad.push({ id: null, name: "Unassigned", booked: unassigned, capacity: 0 });
  const total = (slice: string, days: readonly string[]): LoadCount => ({
    booked: booked(slice),
    capacity: places(settings, off, capacity, days),
  });
  return {
    current: total("current", comingDays),
    previous: total("previous", daysOf(past)),
    crews: crewsLoad,
    from: coming.from,
    to: coming.to,
  };
}
