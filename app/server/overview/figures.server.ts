/**
 * The overview's figures (docs/product.md §16 "The numbers"): every number the charts of /admin
 * draw, for a period, the one before it, and a trend of 12 weeks or 12 months ending with the
 * period. Each figure is defined ONCE, in the docstring beside its SQL below, and docs/product.md
 * §16 says the same in plain words.
 *
 * Everything is read as ONE statement (one round trip): the figures' reads and the settings,
 * crews and days off the capacity needs, as a UNION ALL (app/server/platform `unionStatement`).
 * Aggregates are computed in SQL: each read the days it needs (the period, the previous one and
 * the trends, bounded so an index serves a range scan) from rows that are already aggregates or
 * carry what the figure needs: the summaries the writes keep (overview_days, every figure kept
 * per day, read once; overview_served_months and its counts, for the customers served:
 * migrations/0019_overview_summaries.sql, 0024_overview_answers_served.sql,
 * 0028_overview_served_counts.sql and 0029_overview_days_folded.sql) or a covering index (the
 * crew load's visits, migrations/0018_overview_indexes.sql). Each read answers a few rows grouped
 * by slice ('current', 'previous') and trend bucket (a week's Monday "2026-11-23", a month
 * "2026-11"), which are folded here into OverviewFigures. Days are Jamaica's (UTC-5 all year: a
 * stored instant `ms` is on the day `date((ms - 18000000) / 1000, 'unixepoch')`), ranges include
 * both ends, and a trend's last bucket stops at the period's last day, so the buckets inside a
 * period add up to its figure. Throws what D1 threw.
 */
import { and, between, count, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { crewCapacity, isoWeekday, plusDays, type AvailabilitySettings, type Capacity } from "~/domain/booking";
import { HOUR_MS } from "~/domain/dates";
import {
  CREW_LOAD_DAYS,
  monthBuckets,
  monthEnd,
  splitAtMonths,
  splitFirstMonth,
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
  daysOff,
  overviewDays,
  overviewServedCounts,
  overviewServedMonths,
  overviewServedSince,
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

/** A column holding an ISO day ("2026-11-28"): visits.day, overview_days.day, days_off.day. */
function isoDay(column: SQLWrapper): DayColumn {
  return {
    within: (range) => sql`${column} BETWEEN ${range.from} AND ${range.to}`,
    key: { week: sql<string>`date(${column}, '-6 days', 'weekday 1')`, month: sql<string>`substr(${column}, 1, 7)` },
  };
}

/** The slice of a row: 'current' in the period, 'previous' in the one before, null in neither. */
function sliceOf(column: DayColumn, frame: Frame) {
  return sql<
    string | null
  >`CASE WHEN ${column.within(frame.period)} THEN 'current' WHEN ${column.within(frame.previous)} THEN 'previous' END`.as("slice");
}

/** A row's trend bucket in `frame` (its key: a week's Monday or a month), null outside the trend, named `name`. */
function bucketOf(column: DayColumn, frame: Frame, name: string) {
  return sql<string | null>`CASE WHEN ${column.within(frame.trend)} THEN ${column.key[frame.grain]} END`.as(name);
}

/**
 * Rows grouped by slice and a trend bucket, folded into the current and previous figures and the
 * zero-filled trend of `buckets`; `bucket` picks a row's bucket key (null: none).
 */
function fold<R extends { slice: string | null }, T>(
  rows: readonly R[],
  buckets: readonly Bucket[],
  bucket: (row: R) => string | null,
  zero: T,
  add: (into: T, row: R) => T,
): { current: T; previous: T; trend: Array<{ key: string } & T> } {
  let current = zero;
  let previous = zero;
  const trend = new Map(buckets.map((each) => [each.key, zero]));
  for (const row of rows) {
    if (row.slice === "current") current = add(current, row);
    if (row.slice === "previous") previous = add(previous, row);
    const key = bucket(row);
    const sum = key === null ? undefined : trend.get(key);
    if (sum !== undefined) trend.set(key!, add(sum, row));
  }
  return { current, previous, trend: buckets.map((each) => ({ key: each.key, ...trend.get(each.key)! })) };
}

/** A number D1 answered (SUM of nothing is null). */
const num = (value: unknown) => Number(value ?? 0);

/**
 * The figures kept per Jamaica day in overview_days (migrations/0019_overview_summaries.sql,
 * 0024_overview_answers_served.sql and 0029_overview_days_folded.sql keep each day's values; at
 * most one row a day), read once over the days of the period, the previous one and both trends,
 * grouped by slice, week and month:
 *
 * 1. Requests: quote requests received, that is quote_requests whose created_at falls on a day of
 * the range (whatever their status). Trend: per week. (`requests`: the day's count.)
 *
 * 2. Conversion: `quoted` counts the quote requests whose FIRST priced quote (customer_replies of
 * kind 'quote' on a quote request with amount_jmd > 0; the earliest) was sent on a day of the
 * range; `booked` those of them with at least one visit on record, whatever its status (a booking
 * was made). The share is booked / quoted. Trend: per month of the first quote. (`quoted` and
 * `quoted_booked`: each day's counts of quote_requests.first_quote_at and first_visit_at, the MIN
 * of a request's quotes' and visits' instants.)
 *
 * 3. Revenue, booked: Σ visits.amount_jmd × 100 (whole dollars to cents) of the visits scheduled
 * or done whose day is in the range. Collected: Σ payments.amount_cents of kind 'payment' minus Σ
 * of kind 'refund', by paid_on in the range (tips are not in amount_cents: tip_cents). Trend: per
 * month. (`booked_cents` and `collected_cents`: each day's sums.)
 *
 * 4. Time to the first answer: the quote requests AND contact messages that arrived on a day of
 * the range and have a first reply (first_reply_at, docs/product.md §10 "Time to first reply"):
 * `answered` counts them, `averageHours` is the mean of first_reply_at − created_at over both
 * kinds, in hours (exact; null when none). Trend: per week of arrival. (`answered` and
 * `answer_wait_ms`: each day's count and Σ wait in ms over both tables.)
 *
 * 6. Repeat customers, those first served: the customers whose first visit done
 * (customers.first_done_day) is on a day of the range. Trend: per month. (`first_served`.)
 *
 * 7. Rating: the reviews whose reviewed_on is in the range, published or not: their count and
 * mean rating (null when none). Trend: per month. (`reviews` and `review_stars`: each day's count
 * and Σ rating.)
 */
function daysQuery(db: Database, weeks: Frame, months: Frame) {
  const day = isoDay(overviewDays.day);
  const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`;
  const from = weeks.span.from < months.span.from ? weeks.span.from : months.span.from;
  return db
    .select({
      slice: sliceOf(day, months),
      week: bucketOf(day, weeks, "week"),
      month: bucketOf(day, months, "month"),
      requests: total(overviewDays.requests),
      quoted: total(overviewDays.quoted),
      quotedBooked: total(overviewDays.quotedBooked),
      bookedCents: total(overviewDays.bookedCents),
      collectedCents: total(overviewDays.collectedCents),
      answered: total(overviewDays.answered),
      waitMs: total(overviewDays.answerWaitMs),
      firstServed: total(overviewDays.firstServed),
      reviews: total(overviewDays.reviews),
      stars: total(overviewDays.reviewStars),
    })
    .from(overviewDays)
    .where(day.within({ from, to: months.period.to }))
    .groupBy(sql`${sql.identifier("slice")}`, sql`${sql.identifier("week")}`, sql`${sql.identifier("month")}`);
}

/**
 * 6. Repeat customers: `customers` counts the customers (the visit's request's customer_id, not
 * null) with a visit done on a day of the range; `repeat` those of them with a visit done on a
 * day before the range's first day (ever). Trend: per month, each month with its own first day.
 * Read as two counts per slice ('current', 'previous', a month "2026-11"): `servedQuery`, the
 * customers served in it, and `daysQuery`'s first served, the customers whose first visit done
 * (customers.first_done_day, migrations/0019_overview_summaries.sql) is in it. Every customer
 * served in a range was first served on or before its last day, so repeat = customers − those
 * first served in the range, exactly.
 *
 * The customers served in a range are counted per month, each customer in the first month of the
 * range they were served in, and the counts added (docs/decisions/023-overview.md):
 * - its whole months: the counts of overview_served_since whose `since` (the customer's month
 *   served before) is before the range's first month (migrations/0030_overview_served_since.sql:
 *   a few dozen rows a month);
 * - a last month cut short: the same counts of that month, less the customers served in it only
 *   after the range's last day; or, when those days are more than the range's days of it, the
 *   customers of the visits done on the range's days of it whose pair of that month
 *   (overview_served_months) has such a `since`;
 * - a first month cut short (a custom range): the customers of its visits done in the range who
 *   are served in none of the range's later days (a seek in overview_served_months and one in
 *   visits_customer_status_day_idx for each).
 * The trend's months are whole but for the last, which stops at the period's last day: a row
 * each of overview_served_counts (migrations/0028_overview_served_counts.sql), the last one less
 * its customers served only after that day, or counted from its visits.
 * Indexes: visits_status_day_customer_idx for the visits done on some days.
 */
function servedQuery(db: Database, frame: Frame) {
  /** An identifier (a table's alias, a column's name) as SQL. */
  const id = (name: string) => sql`${sql.identifier(name)}`;
  const [v, w, p] = [id("v"), id("w"), id("p")];
  const col = (table: SQL, name: string) => sql`${table}.${id(name)}`;
  const done = (table: SQL, range: DayRange) =>
    sql`${col(table, "status")} = 'done' AND ${col(table, "day")} BETWEEN ${range.from} AND ${range.to}`;
  /** Whether the customer of visit `v` has a visit done in `range`: a seek in visits_customer_status_day_idx. */
  const servedIn = (range: DayRange) =>
    sql`EXISTS (SELECT 1 FROM ${visits} AS ${w} WHERE ${col(w, "customer_id")} = ${col(v, "customer_id")} AND ${done(w, range)})`;
  /** Whether the customer of visit `v` has a pair in `months`: a seek in overview_served_months_customer_idx. */
  const servedInMonths = (months: { from: string; to: string }) =>
    sql`EXISTS (SELECT 1 FROM ${overviewServedMonths} AS ${p} WHERE ${col(p, "customer_id")} = ${col(v, "customer_id")} AND ${col(p, "month")} BETWEEN ${months.from} AND ${months.to})`;
  /** The customers of the visits `v` done in `range` meeting `also` (about `v`, and `p`, its pair of the month `pairOf` when given), times `sign`. */
  const visitCustomers = (slice: string, range: DayRange, also: SQL[], { pairOf, sign = 1 }: { pairOf?: string; sign?: 1 | -1 } = {}) => {
    const join = pairOf
      ? sql` JOIN ${overviewServedMonths} AS ${p} ON ${col(p, "month")} = ${pairOf} AND ${col(p, "customer_id")} = ${col(v, "customer_id")}`
      : sql``;
    return sql`SELECT ${slice} AS ${id("slice")}, ${sql.raw(String(sign))} * count(DISTINCT ${col(v, "customer_id")}) AS ${id("n")}
      FROM ${visits} AS ${v}${join} WHERE ${sql.join([done(v, range), ...also], sql` AND `)}`;
  };
  const sinceBefore = (month: string) => sql`${col(p, "since")} < ${month}`;
  /** The customers served in whole `months` counted in their first of them: those whose month served before is before `first`. */
  const matrix = (slice: string, months: { from: string; to: string }, first: string) =>
    sql`SELECT ${slice} AS ${id("slice")}, coalesce(sum(${overviewServedSince.customers}), 0) AS ${id("n")}
      FROM ${overviewServedSince} WHERE ${between(overviewServedSince.month, months.from, months.to)} AND ${overviewServedSince.since} < ${first}`;

  /** A last month cut short at `piece` (from its first day): counted per `whole` (its pairs' count of customers) less those served only after it, or forward. */
  const lastMonth = (slice: string, piece: DayRange, whole: SQL, first: string | null) => {
    const month = piece.from.slice(0, 7);
    const after = { from: plusDays(piece.to, 1), to: monthEnd(piece.to) };
    const since = first ? [sinceBefore(first)] : [];
    const pairOf = first ? month : undefined;
    if (daysOf(after).length <= daysOf(piece).length)
      return [whole, visitCustomers(slice, after, [...since, sql`NOT ${servedIn(piece)}`], { pairOf, sign: -1 })];
    return [visitCustomers(slice, piece, since, { pairOf })];
  };

  /** The parts of the customers served in `range`, starting on a month's first day. */
  const fromMonthStart = (slice: string, range: DayRange): SQL[] => {
    const { months, days } = splitAtMonths(range);
    const first = months?.from ?? range.from.slice(0, 7);
    const parts = months ? [matrix(slice, months, first)] : [];
    const piece = days[0];
    if (!piece) return parts;
    const month = piece.from.slice(0, 7);
    // Without whole months, the month cut short is the range's first: its pairs all count, no `since` to test.
    return [...parts, ...lastMonth(slice, piece, matrix(slice, { from: month, to: month }, first), months ? first : null)];
  };

  /** The parts of the customers served in `range`. */
  const parts = (slice: string, range: DayRange): SQL[] => {
    if (range.from.endsWith("-01")) return fromMonthStart(slice, range);
    const { head, rest } = splitFirstMonth(range);
    if (!rest) return [visitCustomers(slice, head, [])];
    const { months, days } = splitAtMonths(rest);
    const later = [...(months ? [sql`NOT ${servedInMonths(months)}`] : []), ...(days[0] ? [sql`NOT ${servedIn(days[0])}`] : [])];
    return [visitCustomers(slice, head, later), ...fromMonthStart(slice, rest)];
  };

  /** Parts (selects of `slice` and `n`) as one compound SELECT each wrapped (D1 takes at most 5 terms in one). */
  const union = (terms: readonly SQL[]) =>
    sql.join(
      terms.map((term) => sql`SELECT * FROM (${term})`),
      sql` UNION ALL `,
    );
  const served = (slice: string, range: DayRange) =>
    sql`SELECT ${slice} AS ${id("slice")}, coalesce(sum(${id("n")}), 0) AS ${id("n")} FROM (${union(parts(slice, range))})`;

  // The trend's months: the whole ones as overview_served_counts keeps them (a row a month); the last, cut short, as above.
  const { months, days } = splitAtMonths(frame.trend);
  const counts = (range: { from: string; to: string }) =>
    sql`SELECT ${overviewServedCounts.month} AS ${id("slice")}, ${overviewServedCounts.customers} AS ${id("n")}
      FROM ${overviewServedCounts} WHERE ${between(overviewServedCounts.month, range.from, range.to)} AND ${overviewServedCounts.customers} <> 0`;
  const trend = [...(months ? [counts(months)] : []), ...(days[0] ? [served(days[0].from.slice(0, 7), days[0])] : [])];
  const all = [served("current", frame.period), served("previous", frame.previous), sql`SELECT * FROM (${union(trend)})`];
  return db
    .select({ slice: sql<string>`${id("slice")}`.as("slice"), n: sql<number>`${id("n")}`.mapWith(Number).as("n") })
    .from(sql`(${sql.join(all, sql` UNION ALL `)})`);
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
    days: daysQuery(db, weeks, months),
    served: servedQuery(db, months),
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
      days: dayRows,
      served: servedRows,
      load: loadRows,
      settings: settingsRows,
      crews: unorderedCrews,
      off: offRows,
    } = figures.read(rows);
    // The crews in the schedule's order (position, then name), which the union does not keep.
    const crewRows = unorderedCrews.sort((a, b) => a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const byWeek = <T>(zero: T, add: (into: T, row: (typeof dayRows)[number]) => T) =>
      fold(dayRows, weeks.buckets, (row) => row.week, zero, add);
    const byMonth = <T>(zero: T, add: (into: T, row: (typeof dayRows)[number]) => T) =>
      fold(dayRows, months.buckets, (row) => row.month, zero, add);

    const requests = byWeek({ count: 0 }, (into, row) => ({ count: into.count + num(row.requests) }));

    const conversion = byMonth({ quoted: 0, booked: 0 } as ConversionCount, (into, row) => ({
      quoted: into.quoted + num(row.quoted),
      booked: into.booked + num(row.quotedBooked),
    }));

    const revenue = byMonth({ bookedCents: 0, collectedCents: 0 } as RevenueCount, (into, row) => ({
      bookedCents: into.bookedCents + num(row.bookedCents),
      collectedCents: into.collectedCents + num(row.collectedCents),
    }));

    const waits = byWeek({ answered: 0, waitMs: 0 }, (into, row) => ({
      answered: into.answered + num(row.answered),
      waitMs: into.waitMs + num(row.waitMs),
    }));
    const mean = ({ answered, waitMs }: { answered: number; waitMs: number }): AnswerCount => ({
      answered,
      averageHours: answered === 0 ? null : waitMs / answered / HOUR_MS,
    });

    const ratings = byMonth({ count: 0, stars: 0 }, (into, row) => ({
      count: into.count + num(row.reviews),
      stars: into.stars + num(row.stars),
    }));
    const average = ({ count, stars }: { count: number; stars: number }): RatingCount => ({
      count,
      average: count === 0 ? null : stars / count,
    });

    const firstServed = byMonth({ n: 0 }, (into, row) => ({ n: into.n + num(row.firstServed) }));
    const firstServedIn = new Map([
      ["current", firstServed.current.n],
      ["previous", firstServed.previous.n],
      ...firstServed.trend.map((bucket) => [bucket.key, bucket.n] as const),
    ]);
    // A slice's customers served may come in parts (`servedQuery`): their sum.
    const countOf = (rows: ReadonlyArray<{ slice: string; n: number }>, slice: string) =>
      rows.reduce((sum, row) => (row.slice === slice ? sum + num(row.n) : sum), 0);
    const repeatOf = (slice: string) => {
      const served = countOf(servedRows, slice);
      return { customers: served, repeat: served - (firstServedIn.get(slice) ?? 0) };
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
