/**
 * The overview's charts (docs/product.md §16 "Charts"): each figure of a period
 * (app/server/overview/types.ts `OverviewFigures`) turned into a ChartModel the page draws as
 * SVG without any charting code in the browser (app/routes/admin/index/chart.tsx), and the
 * same numbers as CSV (/admin/overview.csv).
 *
 * Geometry comes from d3-scale (band scales for the buckets and crews, linear scales made
 * `.nice()` with their `.ticks()`) and d3-shape (`line`, with gaps where a bucket has no value);
 * coordinates are rounded to a tenth of a user unit. The trends' buckets are the 12 weeks or
 * months ending with the period's last day (app/domain/overview.ts `weekBuckets`,
 * `monthBuckets`), matched to the figures by key (a key the figures lack counts as nothing);
 * buckets that share a day with the period are drawn in full colour (`emphasis`). A chart with
 * nothing to draw says so in `empty` and has no marks. No attribute or text ever holds NaN,
 * Infinity or undefined: shares of nothing are null and left out, not 0%.
 */
import { format, parseISO } from "date-fns";
import { stringify } from "csv-stringify/browser/esm/sync";
import { max } from "d3-array";
import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { centsToPlain, formatCents } from "~/domain/billing";
import {
  type Bucket,
  type ChartBar,
  type ChartLabel,
  type ChartLine,
  type ChartModel,
  type ChartSeries,
  type ChartTick,
  figureChange,
  monthBuckets,
  OVERVIEW_CHART_TITLES,
  type OverviewChartId,
  type OverviewPeriod,
  overlaps,
  weekBuckets,
} from "~/domain/overview";
import type {
  ConversionFigures,
  CrewLoadFigures,
  FirstAnswerFigures,
  OverviewFigures,
  RatingFigures,
  RepeatFigures,
  RequestFigures,
  RevenueFigures,
} from "./types";

/** "27 Nov" for an ISO day. */
const shortDay = (day: string) => format(parseISO(day), "d MMM");
/** The viewBox, in user units: about the width the page shows it at, so the 11-unit labels stay readable on a phone. */
const WIDTH = 360;
const HEIGHT = 200;
/** The plot of a trend: room on the left for value labels ("J$2.5M", "J$750k"), below for the buckets' labels. */
const PLOT = { left: 48, top: 10, right: 352, bottom: 176 };
/** The crew load's plot: room on the left for crews' names, on the right for "over" labels. */
const CREW_PLOT = { left: 92, top: 6, right: 284 };
/** The height of one crew's row (the chart is as tall as its crews, at least 3 rows), and the room under the last row for the value axis. */
const CREW_ROW = 30;
const CREW_AXIS = 24;
/** How many value ticks d3 aims for. */
const VALUE_TICKS = 4;
/** The longest crew name on the axis; the bar's title keeps the whole name. */
const CREW_LABEL_CHARS = 12;

const grouped = new Intl.NumberFormat("en-JM");

/** A coordinate rounded to a tenth of a user unit. */
const at = (value: number) => Math.round(value * 10) / 10;
/** A figure rounded to one decimal (hours, stars): the change compares what the page shows. */
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
/** `part` of `whole` as a whole percentage, or null when the whole is 0. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);
/** "1 request", "12 requests". */
const plural = (count: number, one: string, many = `${one}s`) => `${grouped.format(count)} ${count === 1 ? one : many}`;

/** An axis label of an amount in J$ (the scale is in dollars): "J$0", "J$500", "J$120k", "J$1.5M". */
function dollarsTick(dollars: number): string {
  if (dollars >= 1_000_000) return `J$${Number((dollars / 1_000_000).toFixed(1))}M`;
  if (dollars >= 1000) return `J$${Number((dollars / 1000).toFixed(1))}k`;
  return `J$${dollars}`;
}

/** A bucket of a trend, its row of the figures and the value drawn for it (null: nothing drawn). */
interface Entry<Row> {
  bucket: Bucket;
  row: Row;
  value: number | null;
}

/** The figures' rows in the order of `buckets`, matched by key (`missing` for a bucket they lack), with the value each draws. */
function byBucket<Row extends { key: string }>(
  buckets: Bucket[],
  rows: Row[],
  missing: Row,
  value: (row: Row) => number | null,
): Array<Entry<Row>> {
  const found = new Map(rows.map((row) => [row.key, row]));
  return buckets.map((bucket) => {
    const row = found.get(bucket.key) ?? missing;
    return { bucket, row, value: value(row) };
  });
}

/** The drawn values of entries. */
const drawnValues = <Row>(entries: Array<Entry<Row>>) => entries.flatMap((entry) => (entry.value === null ? [] : [entry.value]));

/** The band scale of a trend's buckets along x. */
function bucketScale(buckets: Bucket[]): ScaleBand<string> {
  return scaleBand<string>()
    .domain(buckets.map((bucket) => bucket.key))
    .range([PLOT.left, PLOT.right])
    .paddingInner(0.25)
    .paddingOuter(0.15);
}

/** A value scale along y from 0 to `top` (made nice), or over the fixed `domain` of a share or a rating. */
function valueScale(top: number | [number, number]): ScaleLinear<number, number> {
  const domain: [number, number] = Array.isArray(top) ? top : [0, top > 0 ? top : 1];
  return scaleLinear().domain(domain).range([PLOT.bottom, PLOT.top]).nice(VALUE_TICKS);
}

/** The value ticks of `scale` with their labels; `whole` keeps only whole numbers (counts). */
function valueTicks(scale: ScaleLinear<number, number>, label: (value: number) => string, whole = false): ChartTick[] {
  return scale
    .ticks(VALUE_TICKS)
    .filter((value) => !whole || Number.isInteger(value))
    .map((value) => ({ at: at(scale(value)), label: label(value) }));
}

/** The buckets' labels under the plot; weeks are crowded, so every other one is labelled (the latest always). */
function bucketTicks(scale: ScaleBand<string>, buckets: Bucket[], everyOther: boolean): ChartTick[] {
  return buckets
    .filter((_, index) => !everyOther || (buckets.length - 1 - index) % 2 === 0)
    .map((bucket) => ({ at: at((scale(bucket.key) ?? 0) + scale.bandwidth() / 2), label: bucket.label }));
}

/** A trend's scales: the buckets along x, the values along y. */
interface Axes {
  x: ScaleBand<string>;
  y: ScaleLinear<number, number>;
}

/** The tooltip of a bucket's mark. */
type Titled<Row> = (entry: Entry<Row>, value: number) => string;

/** Columns of one series, one a bucket with a value. */
function columns<Row>({ x, y }: Axes, entries: Array<Entry<Row>>, series: string, period: OverviewPeriod, title: Titled<Row>): ChartBar[] {
  return entries.flatMap((entry) => {
    const { bucket, value } = entry;
    if (value === null) return [];
    const top = y(value);
    return [
      {
        series,
        x: at(x(bucket.key) ?? 0),
        y: at(top),
        width: at(x.bandwidth()),
        height: at(PLOT.bottom - top),
        emphasis: overlaps(bucket, period),
        title: title(entry, value),
      },
    ];
  });
}

/** A line through the buckets' values with a point on each, broken where a value is null. */
function trendLine<Row>({ x, y }: Axes, entries: Array<Entry<Row>>, series: string, period: OverviewPeriod, title: Titled<Row>): ChartLine {
  const centre = (bucket: Bucket) => at((x(bucket.key) ?? 0) + x.bandwidth() / 2);
  const path = line<Entry<Row>>()
    .defined((entry) => entry.value !== null)
    .x((entry) => centre(entry.bucket))
    .y((entry) => at(y(entry.value ?? 0)));
  return {
    series,
    d: path(entries) ?? "",
    points: entries.flatMap((entry) =>
      entry.value === null
        ? []
        : [{ x: centre(entry.bucket), y: at(y(entry.value)), title: title(entry, entry.value), emphasis: overlaps(entry.bucket, period) }],
    ),
  };
}

/** What every chart shares: its id and title, the viewBox, the trend's plot, and no marks yet. */
function frame(id: OverviewChartId) {
  return {
    id,
    title: OVERVIEW_CHART_TITLES[id],
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    orientation: "vertical" as const,
    series: [] as ChartSeries[],
    bars: [] as ChartBar[],
    lines: [] as ChartLine[],
    labels: [] as ChartLabel[],
  };
}

/** The entry with the highest value, or null when none is above 0. */
function peak<Row>(entries: Array<Entry<Row>>): Entry<Row> | null {
  let best: Entry<Row> | null = null;
  for (const entry of entries) {
    if (entry.value !== null && entry.value > 0 && (best === null || entry.value > (best.value ?? 0))) best = entry;
  }
  return best;
}

/** Quote requests per week (12 weeks): bars; the figure is the period's count. */
function requestsChart(figures: RequestFigures, period: OverviewPeriod): ChartModel {
  const buckets = weekBuckets(period.to);
  const weeks = byBucket(buckets, figures.weeks, { key: "", count: 0 }, (week) => week.count);
  const x = bucketScale(buckets);
  const y = valueScale(max(drawnValues(weeks)) ?? 0);
  const change = figureChange(figures.current, figures.previous, "percent", period.previousLabel);
  const busiest = peak(weeks);
  const empty = busiest ? null : "No quote requests in these 12 weeks yet.";
  return {
    ...frame("requests"),
    figure: grouped.format(figures.current),
    figureLabel: `${figures.current === 1 ? "request" : "requests"} in ${period.label}`,
    change,
    summary:
      `${plural(figures.current, "quote request")} in ${period.label} (${change.text}).` +
      (busiest ? ` The busiest of the 12 weeks was the week of ${busiest.bucket.label}, with ${grouped.format(busiest.row.count)}.` : ""),
    empty,
    series: [{ key: "requests", label: "Requests", colour: 0 }],
    bars: empty
      ? []
      : columns({ x, y }, weeks, "requests", period, ({ bucket }, value) => `Week of ${bucket.label}: ${plural(value, "request")}`),
    categoryTicks: bucketTicks(x, buckets, true),
    valueTicks: valueTicks(y, (value) => grouped.format(value), true),
    table: { columns: ["Week starting", "Requests"], rows: weeks.map(({ bucket, row }) => [bucket.from, String(row.count)]) },
  };
}

/** Quotes that became bookings, per month (the share booked of quoted): a line with points; a month with no quote has none. */
function conversionChart(figures: ConversionFigures, period: OverviewPeriod): ChartModel {
  const buckets = monthBuckets(period.to);
  const months = byBucket(buckets, figures.months, { key: "", quoted: 0, booked: 0 }, (month) => share(month.booked, month.quoted));
  const x = bucketScale(buckets);
  const y = valueScale([0, 100]);
  const current = share(figures.current.booked, figures.current.quoted);
  const change = figureChange(current, share(figures.previous.booked, figures.previous.quoted), "points", period.previousLabel);
  const drawn = drawnValues(months);
  const empty = drawn.length === 0 ? "No quotes sent in these 12 months yet." : null;
  return {
    ...frame("conversion"),
    figure: current === null ? "—" : `${current}%`,
    figureLabel:
      current === null
        ? `no quotes sent in ${period.label}`
        : `of ${plural(figures.current.quoted, "quoted request")} in ${period.label} booked (${grouped.format(figures.current.booked)})`,
    change,
    summary:
      (current === null
        ? `No quotes were sent in ${period.label}.`
        : `${current}% of the ${plural(figures.current.quoted, "request")} quoted in ${period.label} were booked (${change.text}).`) +
      (drawn.length > 1 ? ` Over the 12 months the monthly share ran from ${Math.min(...drawn)}% to ${Math.max(...drawn)}%.` : ""),
    empty,
    series: [{ key: "conversion", label: "Booked of quoted", colour: 0 }],
    lines: empty
      ? []
      : [
          trendLine(
            { x, y },
            months,
            "conversion",
            period,
            ({ bucket, row }, value) =>
              `${bucket.label}: ${value}% (${grouped.format(row.booked)} of ${plural(row.quoted, "quote")} booked)`,
          ),
        ],
    categoryTicks: bucketTicks(x, buckets, false),
    valueTicks: valueTicks(y, (value) => `${value}%`),
    table: {
      columns: ["Month", "Quoted", "Booked", "Booked of quoted (%)"],
      rows: months.map(({ bucket, row, value }) => [
        bucket.key,
        String(row.quoted),
        String(row.booked),
        value === null ? "" : String(value),
      ]),
    },
  };
}

/** Booked and collected per month: grouped bars of two series, in J$; the figure is the period's collected money. */
function revenueChart(figures: RevenueFigures, period: OverviewPeriod): ChartModel {
  const buckets = monthBuckets(period.to);
  const missing = { key: "", bookedCents: 0, collectedCents: 0 };
  const booked = byBucket(buckets, figures.months, missing, (month) => month.bookedCents / 100);
  const collected = byBucket(buckets, figures.months, missing, (month) => month.collectedCents / 100);
  const x = bucketScale(buckets);
  const y = valueScale(max([...drawnValues(booked), ...drawnValues(collected)]) ?? 0);
  const series: ChartSeries[] = [
    { key: "booked", label: "Booked", colour: 0 },
    { key: "collected", label: "Collected", colour: 1 },
  ];
  const inner = scaleBand<string>()
    .domain(series.map((one) => one.key))
    .range([0, x.bandwidth()])
    .paddingInner(0.1);
  const group = (entries: Array<Entry<typeof missing>>, key: string, words: string) =>
    columns({ x, y }, entries, key, period, ({ bucket }, value) => `${bucket.label}: ${formatCents(Math.round(value * 100))} ${words}`).map(
      (bar) => ({ ...bar, x: at(bar.x + (inner(key) ?? 0)), width: at(inner.bandwidth()) }),
    );
  const change = figureChange(figures.current.collectedCents, figures.previous.collectedCents, "percent", period.previousLabel);
  const empty = [...drawnValues(booked), ...drawnValues(collected)].some((value) => value > 0)
    ? null
    : "Nothing booked or collected in these 12 months yet.";
  const collectedNow = formatCents(figures.current.collectedCents);
  const bookedNow = formatCents(figures.current.bookedCents);
  return {
    ...frame("revenue"),
    figure: collectedNow,
    figureLabel: `collected in ${period.label}; ${bookedNow} booked`,
    change,
    summary: `${collectedNow} collected and ${bookedNow} of work booked in ${period.label} (collected: ${change.text}).`,
    empty,
    series,
    bars: empty ? [] : [...group(booked, "booked", "booked"), ...group(collected, "collected", "collected")],
    categoryTicks: bucketTicks(x, buckets, false),
    valueTicks: valueTicks(y, dollarsTick),
    table: {
      columns: ["Month", "Booked (J$)", "Collected (J$)"],
      rows: booked.map(({ bucket, row }) => [bucket.key, centsToPlain(row.bookedCents), centsToPlain(row.collectedCents)]),
    },
  };
}

/** Average hours to the first answer, per week: a line with points, broken where no request was answered. */
function firstAnswerChart(figures: FirstAnswerFigures, period: OverviewPeriod): ChartModel {
  const buckets = weekBuckets(period.to);
  const weeks = byBucket(buckets, figures.weeks, { key: "", answered: 0, averageHours: null }, (week) => oneDecimal(week.averageHours));
  const x = bucketScale(buckets);
  const y = valueScale(max(drawnValues(weeks)) ?? 0);
  const current = oneDecimal(figures.current.averageHours);
  const change = figureChange(current, oneDecimal(figures.previous.averageHours), "hours", period.previousLabel, false);
  const empty = drawnValues(weeks).length === 0 ? "No requests answered in these 12 weeks yet." : null;
  return {
    ...frame("first-answer"),
    figure: current === null ? "—" : `${current.toFixed(1)} h`,
    figureLabel:
      current === null
        ? `no requests answered in ${period.label}`
        : `on average to answer ${plural(figures.current.answered, "request")} in ${period.label}`,
    change,
    summary:
      current === null
        ? `No requests were answered in ${period.label}.`
        : `Requests answered in ${period.label} waited ${current.toFixed(1)} hours on average for their first answer (${change.text}).`,
    empty,
    series: [{ key: "hours", label: "Average hours", colour: 0 }],
    lines: empty
      ? []
      : [
          trendLine(
            { x, y },
            weeks,
            "hours",
            period,
            ({ bucket, row }, value) => `Week of ${bucket.label}: ${value.toFixed(1)} h (${plural(row.answered, "request")} answered)`,
          ),
        ],
    categoryTicks: bucketTicks(x, buckets, true),
    valueTicks: valueTicks(y, (value) => `${value} h`),
    table: {
      columns: ["Week starting", "Answered", "Average hours to the first answer"],
      rows: weeks.map(({ bucket, row, value }) => [bucket.from, String(row.answered), value === null ? "" : value.toFixed(1)]),
    },
  };
}

/** A crew's name as the axis shows it: cut with "…" past CREW_LABEL_CHARS. */
const crewLabel = (name: string) => (name.length > CREW_LABEL_CHARS ? `${name.slice(0, CREW_LABEL_CHARS - 1)}…` : name);

/**
 * Crew load over the next 2 weeks: a horizontal bar a crew, its booked visits against its
 * places (drawn up to 100%, "over" said beyond); a crew without places (Unassigned) has its
 * visits written instead of a bar.
 */
function crewLoadChart(figures: CrewLoadFigures): ChartModel {
  const crews = figures.crews.map((crew, index) => ({
    ...crew,
    key: crew.id ?? `unassigned-${index}`,
    load: share(crew.booked, crew.capacity),
  }));
  const height = CREW_PLOT.top + Math.max(crews.length, 3) * CREW_ROW + CREW_AXIS;
  const plot = { ...CREW_PLOT, bottom: height - CREW_AXIS };
  const y = scaleBand<string>()
    .domain(crews.map((crew) => crew.key))
    .range([plot.top, plot.top + crews.length * CREW_ROW])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const x = scaleLinear().domain([0, 100]).range([plot.left, plot.right]).nice(VALUE_TICKS);
  const current = share(figures.current.booked, figures.current.capacity);
  const change = figureChange(current, share(figures.previous.booked, figures.previous.capacity), "points", "the past 2 weeks");
  const empty =
    crews.length === 0 || (figures.current.capacity === 0 && figures.current.booked === 0)
      ? "No crews or visits in the next 2 weeks yet."
      : null;
  const describe = (crew: (typeof crews)[number]) =>
    crew.load === null
      ? `${crew.name}: ${plural(crew.booked, "visit")} booked, no places`
      : `${crew.name}: ${crew.load > 100 ? "over capacity, " : ""}${grouped.format(crew.booked)} of ${plural(crew.capacity, "place")} booked (${crew.load}%)`;
  const middle = (crew: (typeof crews)[number]) => at((y(crew.key) ?? 0) + y.bandwidth() / 2);
  const bars: ChartBar[] = crews.flatMap((crew) =>
    crew.load === null
      ? []
      : [
          {
            series: "load",
            x: at(plot.left),
            y: at(y(crew.key) ?? 0),
            width: at(x(Math.min(crew.load, 100)) - plot.left),
            height: at(y.bandwidth()),
            emphasis: true,
            title: describe(crew),
          },
        ],
  );
  const labels: ChartLabel[] = crews.map((crew) => ({
    x: at(crew.load === null ? plot.left + 4 : x(Math.min(crew.load, 100)) + 4),
    y: middle(crew),
    text: crew.load === null ? `${plural(crew.booked, "visit")}, no crew` : crew.load > 100 ? `${crew.load}%, over` : `${crew.load}%`,
    anchor: "start",
  }));
  const busiest = crews.filter((crew) => crew.load !== null).sort((a, b) => (b.load ?? 0) - (a.load ?? 0))[0];
  const over = crews.filter((crew) => crew.load !== null && crew.load > 100).map((crew) => crew.name);
  return {
    ...frame("crew-load"),
    height,
    plot,
    orientation: "horizontal",
    figure: current === null ? "—" : `${current}%`,
    figureLabel: `${grouped.format(figures.current.booked)} of ${plural(figures.current.capacity, "place")} booked, ${shortDay(figures.from)} to ${shortDay(figures.to)}`,
    change,
    summary:
      (current === null
        ? `No places to book in the next 2 weeks; ${plural(figures.current.booked, "visit")} booked.`
        : `The crews are ${current}% booked over the next 2 weeks, ${grouped.format(figures.current.booked)} of ${plural(figures.current.capacity, "place")} (${change.text}).`) +
      (busiest && busiest.load !== null ? ` Busiest: ${busiest.name} at ${busiest.load}%.` : "") +
      (over.length > 0 ? ` Over capacity: ${over.join(", ")}.` : ""),
    empty,
    series: [{ key: "load", label: "Booked of places", colour: 0 }],
    bars: empty ? [] : bars,
    labels: empty ? [] : labels,
    categoryTicks: crews.map((crew) => ({ at: middle(crew), label: crewLabel(crew.name) })),
    valueTicks: x.ticks(VALUE_TICKS).map((value) => ({ at: at(x(value)), label: `${value}%` })),
    table: {
      columns: ["Crew", "Booked visits", "Places", "Load (%)"],
      rows: crews.map((crew) => [crew.name, String(crew.booked), String(crew.capacity), crew.load === null ? "" : String(crew.load)]),
    },
  };
}

/** Repeat customers per month: the share of the customers served who had been served before; bars, none for a month without customers. */
function repeatChart(figures: RepeatFigures, period: OverviewPeriod): ChartModel {
  const buckets = monthBuckets(period.to);
  const months = byBucket(buckets, figures.months, { key: "", customers: 0, repeat: 0 }, (month) => share(month.repeat, month.customers));
  const x = bucketScale(buckets);
  const y = valueScale([0, 100]);
  const current = share(figures.current.repeat, figures.current.customers);
  const change = figureChange(current, share(figures.previous.repeat, figures.previous.customers), "points", period.previousLabel);
  const empty = drawnValues(months).length === 0 ? "No visits done in these 12 months yet." : null;
  return {
    ...frame("repeat-customers"),
    figure: current === null ? "—" : `${current}%`,
    figureLabel:
      current === null
        ? `no customers served in ${period.label}`
        : `of ${plural(figures.current.customers, "customer")} served in ${period.label} had come before`,
    change,
    summary:
      current === null
        ? `No customers were served in ${period.label}.`
        : `${grouped.format(figures.current.repeat)} of the ${plural(figures.current.customers, "customer")} served in ${period.label} had been served before, ${current}% (${change.text}).`,
    empty,
    series: [{ key: "repeat", label: "Repeat share", colour: 0 }],
    bars: empty
      ? []
      : columns(
          { x, y },
          months,
          "repeat",
          period,
          ({ bucket, row }, value) => `${bucket.label}: ${value}% (${grouped.format(row.repeat)} of ${plural(row.customers, "customer")})`,
        ),
    categoryTicks: bucketTicks(x, buckets, false),
    valueTicks: valueTicks(y, (value) => `${value}%`),
    table: {
      columns: ["Month", "Customers served", "Repeat customers", "Repeat share (%)"],
      rows: months.map(({ bucket, row, value }) => [
        bucket.key,
        String(row.customers),
        String(row.repeat),
        value === null ? "" : String(value),
      ]),
    },
  };
}

/** Average rating per month on a fixed 0–5 axis: a line with points, broken in months without reviews. */
function ratingChart(figures: RatingFigures, period: OverviewPeriod): ChartModel {
  const buckets = monthBuckets(period.to);
  const months = byBucket(buckets, figures.months, { key: "", count: 0, average: null }, (month) =>
    month.count > 0 ? oneDecimal(month.average) : null,
  );
  const x = bucketScale(buckets);
  const y = valueScale([0, 5]);
  const current = figures.current.count > 0 ? oneDecimal(figures.current.average) : null;
  const previous = figures.previous.count > 0 ? oneDecimal(figures.previous.average) : null;
  const change = figureChange(current, previous, "stars", period.previousLabel);
  const empty = drawnValues(months).length === 0 ? "No reviews in these 12 months yet." : null;
  return {
    ...frame("rating"),
    figure: current === null ? "—" : `${current.toFixed(1)} ★`,
    figureLabel: current === null ? `no reviews in ${period.label}` : `from ${plural(figures.current.count, "review")} in ${period.label}`,
    change,
    summary:
      current === null
        ? `No reviews were given in ${period.label}.`
        : `${plural(figures.current.count, "review")} in ${period.label} gave ${current.toFixed(1)} stars out of 5 on average (${change.text}).`,
    empty,
    series: [{ key: "rating", label: "Average stars", colour: 0 }],
    lines: empty
      ? []
      : [
          trendLine(
            { x, y },
            months,
            "rating",
            period,
            ({ bucket, row }, value) => `${bucket.label}: ${value.toFixed(1)} ★ (${plural(row.count, "review")})`,
          ),
        ],
    categoryTicks: bucketTicks(x, buckets, false),
    valueTicks: valueTicks(y, (value) => `${value} ★`),
    table: {
      columns: ["Month", "Reviews", "Average stars"],
      rows: months.map(({ bucket, row, value }) => [bucket.key, String(row.count), value === null ? "" : value.toFixed(1)]),
    },
  };
}

/**
 * The overview's charts for a period. In: the period's figures (app/server/overview/types.ts;
 * amounts in cents, durations in hours) and the period (app/domain/overview.ts `resolvePeriod`).
 * Out: one ChartModel per OVERVIEW_CHARTS id, in that order. Pure; never throws on any figures
 * of the right shape, empty ones included.
 */
export function overviewCharts(figures: OverviewFigures, period: OverviewPeriod): ChartModel[] {
  return [
    requestsChart(figures.requests, period),
    conversionChart(figures.conversion, period),
    revenueChart(figures.revenue, period),
    firstAnswerChart(figures.firstAnswer, period),
    crewLoadChart(figures.crewLoad),
    repeatChart(figures.repeatCustomers, period),
    ratingChart(figures.rating, period),
  ];
}

/**
 * A chart's numbers as a CSV file's text: a UTF-8 byte order mark, the table's header, then its
 * rows (the rows the page's table shows). RFC 4180 with CRLF, written by csv-stringify with
 * `escape_formulas` as the lists' export (app/server/inbox/export.server.ts): a cell starting
 * with =, +, -, @, a tab or a carriage return (a crew's name) gets a leading `'`.
 */
export function chartCsv(chart: ChartModel): string {
  return `\uFEFF${stringify([chart.table.columns, ...chart.table.rows], { record_delimiter: "windows", escape_formulas: true })}`;
}
