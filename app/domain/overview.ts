/**
 * The owner's overview at /admin (docs/product.md §16 "Overview"): its periods, its charts'
 * names, and the shapes the server hands the page. Periods are ranges of whole days in
 * Jamaica's calendar (ISO dates, both ends included); a chart is computed on the server
 * (app/server/overview/) and reaches the page as plain geometry, so the page draws SVG
 * without any charting code in the browser.
 */
import { addDays, addMonths, differenceInCalendarDays, endOfMonth, format, parseISO, startOfMonth, subMonths } from "date-fns";

/** The period picker's choices, in the order it lists them. `this-month` is the default. */
export const OVERVIEW_PERIODS = ["this-month", "last-month", "last-12-months", "custom"] as const;
export type OverviewPeriodKind = (typeof OVERVIEW_PERIODS)[number];

export const OVERVIEW_PERIOD_LABELS: Record<OverviewPeriodKind, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "last-12-months": "Last 12 months",
  custom: "Custom range",
};

/** The query names /admin and /admin/overview.csv read. */
export const OVERVIEW_QUERY_NAMES = ["period", "from", "to", "chart"] as const;

/** The longest custom range, in days (three years): longer ones are refused with a message. */
const MAX_PERIOD_DAYS = 1096;

/** The earliest day a custom range may start: the company's records start later. */
const EARLIEST_DAY = "2000-01-01";

/** A range of whole Jamaica days, both ends included (ISO dates). */
export interface DayRange {
  from: string;
  to: string;
}

/** The period the overview shows, the one its changes are measured against, and their names. */
export interface OverviewPeriod extends DayRange {
  kind: OverviewPeriodKind;
  /** "November 2026", "1 Dec 2025 – 28 Nov 2026". */
  label: string;
  previous: DayRange;
  /** "October 1–28", the previous period as the change lines name it. */
  previousLabel: string;
}

/** A resolved period, or the default with a message saying why the one asked for was refused. */
export type PeriodChoice = { period: OverviewPeriod; message: string | null };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !ISO_DAY.test(value)) return false;
  const date = parseISO(value);
  return !Number.isNaN(date.getTime()) && format(date, "yyyy-MM-dd") === value;
}

const iso = (date: Date) => format(date, "yyyy-MM-dd");

function rangeLabel(range: DayRange): string {
  const from = parseISO(range.from);
  const to = parseISO(range.to);
  if (range.from === iso(startOfMonth(from)) && range.to === iso(endOfMonth(from))) return format(from, "MMMM yyyy");
  if (format(from, "yyyy-MM") === format(to, "yyyy-MM")) return `${format(from, "MMMM d")}–${format(to, "d, yyyy")}`;
  return `${format(from, "d MMM yyyy")} – ${format(to, "d MMM yyyy")}`;
}

/**
 * The previous period a figure is compared with: the same span one month earlier for the month
 * choices ("this month" to date against the same days of last month), twelve months earlier for
 * the year, and the same number of days just before for a custom range.
 */
function previousRange(kind: OverviewPeriodKind, range: DayRange): DayRange {
  const from = parseISO(range.from);
  const to = parseISO(range.to);
  if (kind === "this-month" || kind === "last-month") {
    const start = subMonths(from, 1);
    const end = kind === "last-month" ? endOfMonth(start) : subMonths(to, 1);
    return { from: iso(start), to: iso(end < start ? start : end) };
  }
  if (kind === "last-12-months") return { from: iso(subMonths(from, 12)), to: iso(subMonths(to, 12)) };
  const days = differenceInCalendarDays(to, from) + 1;
  return { from: iso(addDays(from, -days)), to: iso(addDays(from, -1)) };
}

function build(kind: OverviewPeriodKind, range: DayRange): OverviewPeriod {
  const previous = previousRange(kind, range);
  return { kind, ...range, label: rangeLabel(range), previous, previousLabel: rangeLabel(previous) };
}

/**
 * The period of a request's query (`period`, and `from` and `to` for a custom range) on
 * `today` (ISO, Jamaica). Anything unknown, malformed, reversed, before EARLIEST_DAY, after
 * today or longer than MAX_PERIOD_DAYS gives this month with a message saying so; never throws.
 */
export function resolvePeriod(query: { period?: string | null; from?: string | null; to?: string | null }, today: string): PeriodChoice {
  const now = parseISO(today);
  const thisMonth = build("this-month", { from: iso(startOfMonth(now)), to: today });
  const kind = query.period ?? "this-month";
  switch (kind) {
    case "this-month":
      return { period: thisMonth, message: null };
    case "last-month": {
      const start = subMonths(startOfMonth(now), 1);
      return { period: build("last-month", { from: iso(start), to: iso(endOfMonth(start)) }), message: null };
    }
    case "last-12-months":
      return { period: build("last-12-months", { from: iso(addMonths(startOfMonth(now), -11)), to: today }), message: null };
    case "custom": {
      const { from, to } = query;
      if (!isIsoDay(from) || !isIsoDay(to)) return { period: thisMonth, message: "Enter both days of the range as dates." };
      if (from > to) return { period: thisMonth, message: "The range's first day must not be after its last." };
      if (from < EARLIEST_DAY || to > today) return { period: thisMonth, message: `Choose days between ${EARLIEST_DAY} and today.` };
      if (differenceInCalendarDays(parseISO(to), parseISO(from)) + 1 > MAX_PERIOD_DAYS) {
        return { period: thisMonth, message: "Choose a range of at most three years." };
      }
      return { period: build("custom", { from, to }), message: null };
    }
    default:
      return { period: thisMonth, message: "That period is not one the overview knows; showing this month." };
  }
}

/** The query string of a period, for links that keep it ("?period=last-month", "?period=custom&from=…&to=…"; "" for this month). */
export function periodSearch(period: Pick<OverviewPeriod, "kind" | "from" | "to">): string {
  if (period.kind === "this-month") return "";
  if (period.kind === "custom") return `?period=custom&from=${period.from}&to=${period.to}`;
  return `?period=${period.kind}`;
}

/** How many buckets a trend chart shows (docs/product.md §16): 12 weeks or 12 months ending with the period. */
const TREND_BUCKETS = 12;

/** How far ahead the crew load looks, in days (today included). */
export const CREW_LOAD_DAYS = 14;

/** One bucket of a trend: its days (Monday-to-Sunday weeks, calendar months) and its axis label. */
export interface Bucket extends DayRange {
  /** "2026-11-23" for a week (its Monday), "2026-11" for a month: the key the SQL groups by. */
  key: string;
  /** "Nov 23", "Nov". */
  label: string;
}

/** The 12 Monday-to-Sunday weeks ending with the one holding `lastDay`, oldest first. */
export function weekBuckets(lastDay: string, count = TREND_BUCKETS): Bucket[] {
  const day = parseISO(lastDay);
  const monday = addDays(day, -((day.getDay() + 6) % 7));
  return Array.from({ length: count }, (_, index) => {
    const start = addDays(monday, -7 * (count - 1 - index));
    return { key: iso(start), from: iso(start), to: iso(addDays(start, 6)), label: format(start, "MMM d") };
  });
}

/** The 12 calendar months ending with the one holding `lastDay`, oldest first. */
export function monthBuckets(lastDay: string, count = TREND_BUCKETS): Bucket[] {
  const first = startOfMonth(parseISO(lastDay));
  return Array.from({ length: count }, (_, index) => {
    const start = addMonths(first, -(count - 1 - index));
    return { key: format(start, "yyyy-MM"), from: iso(start), to: iso(endOfMonth(start)), label: format(start, "MMM") };
  });
}

/**
 * A range of days cut at calendar months: `months`, the first and last of the whole months inside
 * it ("2026-01", "2026-10"; null when none is whole), and `days`, the ranges of its other days (at
 * most two: before the first whole month, after the last). Their days together are exactly the
 * range's. Used to read per-month summaries for the whole months and the rows for the rest.
 */
export function splitAtMonths(range: DayRange): { months: { from: string; to: string } | null; days: DayRange[] } {
  const from = parseISO(range.from);
  const to = parseISO(range.to);
  const firstWhole = range.from === iso(startOfMonth(from)) ? startOfMonth(from) : addMonths(startOfMonth(from), 1);
  const lastWhole = range.to === iso(endOfMonth(to)) ? startOfMonth(to) : subMonths(startOfMonth(to), 1);
  if (firstWhole > lastWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (firstWhole > from) days.push({ from: range.from, to: iso(addDays(firstWhole, -1)) });
  const afterLast = addMonths(lastWhole, 1);
  if (afterLast <= to) days.push({ from: iso(afterLast), to: range.to });
  return { months: { from: format(firstWhole, "yyyy-MM"), to: format(lastWhole, "yyyy-MM") }, days };
}

/** The last day of `day`'s calendar month (ISO: "2026-02-28" for "2026-02-10"). */
export function monthEnd(day: string): string {
  return iso(endOfMonth(parseISO(day)));
}

/**
 * A range cut after its first calendar month: `head`, its days in that month; `rest`, the days
 * after it (from the next month's first day to the range's last), null when the range ends in that
 * month. Used to count the first month's customers apart from a rest that starts on a month's first day.
 */
export function splitFirstMonth(range: DayRange): { head: DayRange; rest: DayRange | null } {
  const end = monthEnd(range.from);
  if (range.to <= end) return { head: range, rest: null };
  return { head: { from: range.from, to: end }, rest: { from: iso(addDays(parseISO(end), 1)), to: range.to } };
}

/** Whether a bucket shares a day with a range (the chart marks those inside the period). */
export function overlaps(bucket: DayRange, range: DayRange): boolean {
  return bucket.from <= range.to && bucket.to >= range.from;
}

/** The overview's charts, in the order the page shows them. */
export const OVERVIEW_CHARTS = ["requests", "conversion", "revenue", "first-answer", "crew-load", "repeat-customers", "rating"] as const;
export type OverviewChartId = (typeof OVERVIEW_CHARTS)[number];

/** Each chart's accessible name and heading. */
export const OVERVIEW_CHART_TITLES: Record<OverviewChartId, string> = {
  requests: "Quote requests per week",
  conversion: "Quotes that became bookings",
  revenue: "Booked and collected per month",
  "first-answer": "Average time to the first answer",
  "crew-load": "Crew load, next 2 weeks",
  "repeat-customers": "Repeat customers",
  rating: "Average rating",
};

/** A change against the previous period: its words ("+12% on October 1–28") and whether it is good news. */
export interface FigureChange {
  text: string;
  tone: "better" | "worse" | "same" | "none";
}

/**
 * The change of a figure from `previous` to `current`, in words. `unit` "percent" compares
 * relatively (+12%), "points" absolutely (+4 points, for shares), "hours" and "stars" absolutely
 * with one decimal. `higherIsBetter` false for the time to the first answer. With no previous
 * figure (null, or 0 for a relative change) it says there is nothing to compare with.
 */
export function figureChange(
  current: number | null,
  previous: number | null,
  unit: "percent" | "points" | "hours" | "stars",
  previousLabel: string,
  higherIsBetter = true,
): FigureChange {
  if (current === null || previous === null || (unit === "percent" && previous === 0)) {
    return { text: `Nothing to compare with in ${previousLabel}`, tone: "none" };
  }
  const delta = unit === "percent" ? Math.round(((current - previous) / previous) * 100) : Math.round((current - previous) * 10) / 10;
  if (delta === 0) return { text: `Same as ${previousLabel}`, tone: "same" };
  const sign = delta > 0 ? "+" : "−";
  const size = Math.abs(delta);
  const amount =
    unit === "percent"
      ? `${size}%`
      : unit === "points"
        ? `${size} ${size === 1 ? "point" : "points"}`
        : unit === "hours"
          ? `${size} h`
          : `${size} ★`;
  const better = delta > 0 === higherIsBetter;
  return { text: `${sign}${amount} on ${previousLabel}`, tone: better ? "better" : "worse" };
}

/** A series of a chart: its key, its legend's words, and which of the palette's series colours it takes (0, 1). */
export interface ChartSeries {
  key: string;
  label: string;
  colour: 0 | 1;
}

/** A bar, in the SVG's user units; `emphasis` false for a bucket outside the chosen period. */
export interface ChartBar {
  series: string;
  x: number;
  y: number;
  width: number;
  height: number;
  emphasis: boolean;
  /** What a pointer's tooltip says ("Nov 23: 14 requests"). */
  title: string;
}

/** A line (d3-shape's path) and its points. */
export interface ChartLine {
  series: string;
  d: string;
  points: Array<{ x: number; y: number; title: string; emphasis: boolean }>;
}

/** A value written beside a mark (a crew's load at the end of its bar), in the SVG's user units. */
export interface ChartLabel {
  x: number;
  y: number;
  text: string;
  anchor: "start" | "middle" | "end";
}

/** An axis tick: its position along the axis and its label. */
export interface ChartTick {
  at: number;
  label: string;
}

/**
 * One chart as the page draws it: geometry already computed on the server (d3-scale, d3-shape),
 * its words, and its numbers as a table (the disclosure and the CSV read the same rows).
 */
export interface ChartModel {
  id: OverviewChartId;
  title: string;
  /** The headline figure for the period ("124", "J$1,240,000.00", "3.2 h", "4.8 ★"), or "—" when there is none. */
  figure: string;
  /** What the figure is ("requests in November 2026"). */
  figureLabel: string;
  change: FigureChange;
  /** One or two sentences a screen reader hears as the chart's description. */
  summary: string;
  /** Set when the chart has no data to draw: the words shown in its place. */
  empty: string | null;
  /** The SVG's viewBox size, in user units. */
  width: number;
  height: number;
  /** Where the plot sits inside the viewBox. */
  plot: { left: number; top: number; right: number; bottom: number };
  orientation: "vertical" | "horizontal";
  series: ChartSeries[];
  bars: ChartBar[];
  lines: ChartLine[];
  labels: ChartLabel[];
  /** Category ticks (along x for vertical charts, y for horizontal ones) and value ticks. */
  categoryTicks: ChartTick[];
  valueTicks: ChartTick[];
  /** The numbers, as the table under the chart and its CSV: the header, then one row a bucket. */
  table: { columns: string[]; rows: string[][] };
}
