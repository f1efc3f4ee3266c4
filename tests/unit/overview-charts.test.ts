/**
 * The overview's charts (app/server/overview/charts.server.ts) and their card
 * (app/routes/admin/index/chart.tsx): one model per chart in order; an empty company and a
 * single bucket of data never put NaN, Infinity or undefined in the geometry or the markup;
 * buckets inside the period are emphasised; weeks are labelled every other one; a month with
 * no quote has no point; the crew load is capped at 100% and says "over"; the CSV holds the
 * table's rows with formulas neutralised; the card is an image named and described, with its
 * table and its CSV link.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { monthBuckets, OVERVIEW_CHARTS, resolvePeriod, weekBuckets, type ChartModel } from "~/domain/overview";
import { OverviewChart } from "~/routes/admin/index/chart";
import { chartCsv, overviewCharts, type OverviewFigures } from "~/server/overview";

const TODAY = "2026-11-28";
const { period } = resolvePeriod({ period: "this-month" }, TODAY);
const WEEKS = weekBuckets(period.to);
const MONTHS = monthBuckets(period.to);

/** A company with nothing yet: every count 0, every average null, no crews. */
const EMPTY: OverviewFigures = {
  requests: { current: 0, previous: 0, weeks: WEEKS.map(({ key }) => ({ key, count: 0 })) },
  conversion: {
    current: { quoted: 0, booked: 0 },
    previous: { quoted: 0, booked: 0 },
    months: MONTHS.map(({ key }) => ({ key, quoted: 0, booked: 0 })),
  },
  revenue: {
    current: { bookedCents: 0, collectedCents: 0 },
    previous: { bookedCents: 0, collectedCents: 0 },
    months: MONTHS.map(({ key }) => ({ key, bookedCents: 0, collectedCents: 0 })),
  },
  firstAnswer: {
    current: { answered: 0, averageHours: null },
    previous: { answered: 0, averageHours: null },
    weeks: WEEKS.map(({ key }) => ({ key, answered: 0, averageHours: null })),
  },
  crewLoad: { current: { booked: 0, capacity: 0 }, previous: { booked: 0, capacity: 0 }, crews: [], from: TODAY, to: "2026-12-11" },
  repeatCustomers: {
    current: { customers: 0, repeat: 0 },
    previous: { customers: 0, repeat: 0 },
    months: MONTHS.map(({ key }) => ({ key, customers: 0, repeat: 0 })),
  },
  rating: {
    current: { count: 0, average: null },
    previous: { count: 0, average: null },
    months: MONTHS.map(({ key }) => ({ key, count: 0, average: null })),
  },
};

const lastWeek = WEEKS.at(-1)!.key;
const lastMonth = MONTHS.at(-1)!.key;

/** Data in the last bucket only, and one crew with places. */
const ONE_BUCKET: OverviewFigures = {
  requests: { current: 3, previous: 0, weeks: [{ key: lastWeek, count: 3 }] },
  conversion: { current: { quoted: 2, booked: 1 }, previous: { quoted: 0, booked: 0 }, months: [{ key: lastMonth, quoted: 2, booked: 1 }] },
  revenue: {
    current: { bookedCents: 1_800_000, collectedCents: 900_000 },
    previous: { bookedCents: 0, collectedCents: 0 },
    months: [{ key: lastMonth, bookedCents: 1_800_000, collectedCents: 900_000 }],
  },
  firstAnswer: {
    current: { answered: 1, averageHours: 2.25 },
    previous: { answered: 0, averageHours: null },
    weeks: [{ key: lastWeek, answered: 1, averageHours: 2.25 }],
  },
  crewLoad: {
    current: { booked: 1, capacity: 30 },
    previous: { booked: 0, capacity: 30 },
    crews: [{ id: "c1", name: "Crew A", booked: 1, capacity: 30 }],
    from: TODAY,
    to: "2026-12-11",
  },
  repeatCustomers: {
    current: { customers: 1, repeat: 0 },
    previous: { customers: 0, repeat: 0 },
    months: [{ key: lastMonth, customers: 1, repeat: 0 }],
  },
  rating: { current: { count: 1, average: 5 }, previous: { count: 0, average: null }, months: [{ key: lastMonth, count: 1, average: 5 }] },
};

/** A busy year: every bucket filled, a month without quotes, a week nobody was answered, a crew over capacity. */
const BUSY: OverviewFigures = {
  requests: { current: 124, previous: 110, weeks: WEEKS.map(({ key }, index) => ({ key, count: 20 + index * 3 })) },
  conversion: {
    current: { quoted: 50, booked: 21 },
    previous: { quoted: 40, booked: 15 },
    months: MONTHS.map(({ key }, index) => ({ key, quoted: index === 3 ? 0 : 40, booked: index === 3 ? 0 : 10 + index })),
  },
  revenue: {
    current: { bookedCents: 250_000_000, collectedCents: 180_000_000 },
    previous: { bookedCents: 200_000_000, collectedCents: 200_000_000 },
    months: MONTHS.map(({ key }, index) => ({
      key,
      bookedCents: 150_000_000 + index * 10_000_000,
      collectedCents: 140_000_000 + index * 9_000_000,
    })),
  },
  firstAnswer: {
    current: { answered: 120, averageHours: 3.24 },
    previous: { answered: 100, averageHours: 4 },
    weeks: WEEKS.map(({ key }, index) => ({ key, answered: index === 5 ? 0 : 10, averageHours: index === 5 ? null : 2 + index / 4 })),
  },
  crewLoad: {
    current: { booked: 75, capacity: 80 },
    previous: { booked: 60, capacity: 80 },
    crews: [
      { id: "c1", name: "Crew A", booked: 50, capacity: 40 },
      { id: "c2", name: '=HYPERLINK("x") and a long name', booked: 20, capacity: 40 },
      { id: null, name: "Unassigned", booked: 5, capacity: 0 },
    ],
    from: TODAY,
    to: "2026-12-11",
  },
  repeatCustomers: {
    current: { customers: 80, repeat: 30 },
    previous: { customers: 70, repeat: 21 },
    months: MONTHS.map(({ key }) => ({ key, customers: 70, repeat: 28 })),
  },
  rating: {
    current: { count: 12, average: 4.83 },
    previous: { count: 10, average: 4.6 },
    months: MONTHS.map(({ key }, index) => ({ key, count: index === 0 ? 0 : 10, average: index === 0 ? null : 4.5 })),
  },
};

const byId = (charts: ChartModel[], id: ChartModel["id"]) => charts.find((chart) => chart.id === id)!;

/** The card's markup with the chart's CSV link. */
const markup = (chart: ChartModel) => renderToStaticMarkup(OverviewChart({ chart, csvHref: `/admin/overview.csv?chart=${chart.id}` }));

describe("overviewCharts", () => {
  test.each([
    ["an empty company", EMPTY],
    ["one bucket of data", ONE_BUCKET],
    ["a busy year", BUSY],
  ])("%s: one chart per id in order, no NaN, Infinity or undefined in the models or the markup", (_what, figures) => {
    const charts = overviewCharts(figures, period);
    expect(charts.map((chart) => chart.id)).toEqual([...OVERVIEW_CHARTS]);
    for (const chart of charts) {
      expect(JSON.stringify(chart)).not.toMatch(/NaN|Infinity|undefined|null,"x"/);
      const html = markup(chart);
      expect(html).not.toMatch(/NaN|Infinity|undefined/);
      if (chart.id !== "crew-load") expect(chart.table.rows).toHaveLength(12);
      expect(chart.summary.length).toBeGreaterThan(10);
    }
  });

  test("an empty company: every chart says so over its empty frame, still the named image, and draws no mark", () => {
    const charts = overviewCharts(EMPTY, period);
    for (const chart of charts) {
      expect(chart.empty).toMatch(/yet\.$/);
      expect(chart.bars).toEqual([]);
      expect(chart.lines).toEqual([]);
      const html = markup(chart);
      expect(html).toContain('<svg role="img"');
      expect(html).toContain(`<title id="chart-${chart.id}-title">${chart.title}</title>`);
      expect(html).not.toMatch(/<rect|<path|<circle/);
      expect(html).toContain(chart.empty!);
    }
    expect(byId(charts, "requests").empty).toBe("No quote requests in these 12 weeks yet.");
    expect(byId(charts, "conversion").figure).toBe("—");
    expect(byId(charts, "requests").change).toEqual({ text: `Nothing to compare with in ${period.previousLabel}`, tone: "none" });
  });

  test("one bucket: a bar or a point for it alone, figures as the page shows them", () => {
    const charts = overviewCharts(ONE_BUCKET, period);
    expect(byId(charts, "requests").bars.filter((bar) => bar.height > 0)).toHaveLength(1);
    expect(byId(charts, "conversion").lines[0]!.points).toHaveLength(1);
    expect(byId(charts, "conversion").figure).toBe("50%");
    expect(byId(charts, "first-answer").figure).toBe("2.3 h");
    expect(byId(charts, "rating").figure).toBe("5.0 ★");
    expect(byId(charts, "rating").figureLabel).toBe(`from 1 review in ${period.label}`);
    expect(byId(charts, "revenue").figure).toBe("J$9,000.00");
    expect(byId(charts, "crew-load").figure).toBe("3%");
  });

  test("requests: 12 weekly bars, those in the period emphasised, every other week labelled, whole-number ticks from d3", () => {
    const chart = byId(overviewCharts(BUSY, period), "requests");
    expect(chart.bars).toHaveLength(12);
    expect(chart.bars.map((bar) => bar.emphasis)).toEqual(WEEKS.map((week) => week.to >= period.from));
    expect(chart.categoryTicks.map((tick) => tick.label)).toEqual(WEEKS.filter((_, index) => index % 2 === 1).map((week) => week.label));
    expect(chart.valueTicks.map((tick) => tick.label)).toEqual(["0", "20", "40", "60"]);
    expect(chart.figure).toBe("124");
    expect(chart.change).toEqual({ text: `+13% on ${period.previousLabel}`, tone: "better" });
    expect(chart.summary).toContain(`124 quote requests in ${period.label} (+13% on ${period.previousLabel}).`);
    expect(chart.bars[11]!.title).toBe(`Week of ${WEEKS[11]!.label}: 53 requests`);
    for (const bar of chart.bars) expect(bar.y + bar.height).toBeCloseTo(chart.plot.bottom, 0);
  });

  test("conversion: a month with no quote has no point and breaks the line; the change in points", () => {
    const chart = byId(overviewCharts(BUSY, period), "conversion");
    expect(chart.lines[0]!.points).toHaveLength(11);
    expect(chart.lines[0]!.d.match(/M/g)).toHaveLength(2);
    expect(chart.table.rows[3]).toEqual([MONTHS[3]!.key, "0", "0", ""]);
    expect(chart.figure).toBe("42%");
    expect(chart.change).toEqual({ text: `+4 points on ${period.previousLabel}`, tone: "better" });
    expect(chart.valueTicks.at(-1)!.label).toBe("100%");
  });

  test("revenue: booked and collected side by side in two colours, J$ ticks in thousands, the collected figure", () => {
    const chart = byId(overviewCharts(BUSY, period), "revenue");
    expect(chart.series).toEqual([
      { key: "booked", label: "Booked", colour: 0 },
      { key: "collected", label: "Collected", colour: 1 },
    ]);
    expect(chart.bars).toHaveLength(24);
    const [booked, collected] = [chart.bars[0]!, chart.bars[12]!];
    expect(collected.x).toBeGreaterThan(booked.x);
    expect(chart.valueTicks.map((tick) => tick.label)).toContain("J$1M");
    expect(chart.valueTicks.every((tick) => /^J\$\d+(\.\d)?[kM]?$/.test(tick.label))).toBe(true);
    expect(chart.figure).toBe("J$1,800,000.00");
    expect(chart.figureLabel).toBe(`collected in ${period.label}; J$2,500,000.00 booked`);
    expect(chart.change.tone).toBe("worse");
    expect(chart.table.columns).toEqual(["Month", "Booked (J$)", "Collected (J$)"]);
    expect(chart.table.rows[0]).toEqual([MONTHS[0]!.key, "1500000.00", "1400000.00"]);
  });

  test("first answer: hours with a gap where none was answered, lower is better", () => {
    const chart = byId(overviewCharts(BUSY, period), "first-answer");
    expect(chart.lines[0]!.points).toHaveLength(11);
    expect(chart.figure).toBe("3.2 h");
    expect(chart.change).toEqual({ text: `−0.8 h on ${period.previousLabel}`, tone: "better" });
    expect(chart.valueTicks[0]!.label).toBe("0 h");
  });

  test("crew load: horizontal bars capped at 100% with 'over' said, a crew without places written instead of drawn", () => {
    const chart = byId(overviewCharts(BUSY, period), "crew-load");
    expect(chart.orientation).toBe("horizontal");
    expect(chart.bars).toHaveLength(2);
    const [over, half] = chart.bars;
    expect(over!.x + over!.width).toBeCloseTo(chart.plot.right, 0);
    expect(over!.title).toBe("Crew A: over capacity, 50 of 40 places booked (125%)");
    expect(half!.width).toBeCloseTo((chart.plot.right - chart.plot.left) / 2, 0);
    expect(chart.labels.map((label) => label.text)).toEqual(["125%, over", "50%", "5 visits, no crew"]);
    expect(chart.categoryTicks[1]!.label).toBe("=HYPERLINK(…");
    expect(chart.figure).toBe("94%");
    expect(chart.change).toEqual({ text: "+19 points on the past 2 weeks", tone: "better" });
    expect(chart.summary).toContain("Over capacity: Crew A.");
  });

  test("repeat customers and rating: shares per month, stars on a fixed 0–5 axis with a gap in a month without reviews", () => {
    const charts = overviewCharts(BUSY, period);
    const repeat = byId(charts, "repeat-customers");
    expect(repeat.figure).toBe("38%");
    expect(repeat.change.text).toBe(`+8 points on ${period.previousLabel}`);
    expect(repeat.bars).toHaveLength(12);
    const rating = byId(charts, "rating");
    expect(rating.valueTicks.map((tick) => tick.label)).toEqual(["0 ★", "1 ★", "2 ★", "3 ★", "4 ★", "5 ★"]);
    expect(rating.lines[0]!.points).toHaveLength(11);
    expect(rating.figure).toBe("4.8 ★");
    expect(rating.figureLabel).toBe(`from 12 reviews in ${period.label}`);
    expect(rating.change).toEqual({ text: `+0.2 ★ on ${period.previousLabel}`, tone: "better" });
  });
});

describe("chartCsv", () => {
  test("the table's rows after a byte order mark, CRLF, formulas neutralised", () => {
    const chart = byId(overviewCharts(BUSY, period), "crew-load");
    const csv = chartCsv(chart);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe("Crew,Booked visits,Places,Load (%)");
    expect(lines[1]).toBe("Crew A,50,40,125");
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"") and a long name",20,40,50`);
    expect(lines[3]).toBe("Unassigned,5,0,");
  });
});

describe("OverviewChart", () => {
  test("a figure card: the SVG named by its title and described by its summary, bars with titles, the legend, the table and the CSV link", () => {
    const chart = byId(overviewCharts(BUSY, period), "revenue");
    const html = markup(chart);
    expect(html).toContain('<svg role="img" aria-labelledby="chart-revenue-title chart-revenue-desc" viewBox="0 0 360 200"');
    expect(html).toContain(`<title id="chart-revenue-title">${chart.title}</title>`);
    expect(html).toContain(`<desc id="chart-revenue-desc">`);
    expect(html.match(/<rect /g)).toHaveLength(24);
    expect(html).toContain("fill-amber-700");
    expect(html).toContain('aria-label="Legend"');
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<th scope="row"');
    expect(html).toContain("<summary");
    expect(html).toContain('href="/admin/overview.csv?chart=revenue"');
    expect(html).toContain("Download CSV");
    expect(html).toContain("(worse)");
  });
});
