/**
 * One chart of the overview (docs/product.md §16 "Charts"), drawn from the ChartModel the server
 * computed (app/server/overview/charts.server.ts): a `<figure>` card with the title, the figure,
 * its change (an arrow and words, coloured by tone, never colour alone), the SVG (an image named
 * by its title and described by its summary; each bar and point has its own `<title>`), the
 * legend when there are two series, the numbers as a table in a disclosure and the CSV link.
 * Plain markup: no hooks, nothing runs in the browser.
 *
 * Marks take the brand teal (series 0) and amber (series 1), both at least 3:1 against white
 * (WCAG 1.4.11: brand-700 6.7:1, amber-700 5.0:1); buckets outside the period take a lighter
 * tint that still keeps 3:1 (brand-500 3.3:1, amber-600 3.2:1).
 */
import { textLinkClass } from "~/components/admin/kit";
import type { ChartModel, FigureChange } from "~/domain/overview";

/** A series' fill and stroke classes, in the period (`strong`) and outside it (`light`). */
const SERIES_COLOURS = [
  { strong: "fill-brand-700", light: "fill-brand-500", stroke: "stroke-brand-700", swatch: "bg-brand-700" },
  { strong: "fill-amber-700", light: "fill-amber-600", stroke: "stroke-amber-700", swatch: "bg-amber-700" },
] as const;

/** The change's look and the word that says its tone, so colour is never the only sign. */
const CHANGE_TONES: Record<FigureChange["tone"], { className: string; word: string | null }> = {
  better: { className: "bg-brand-50 text-brand-900 ring-brand-200", word: "better" },
  worse: { className: "bg-red-50 text-red-800 ring-red-200", word: "worse" },
  same: { className: "bg-slate-100 text-slate-700 ring-slate-200", word: null },
  none: { className: "bg-slate-100 text-slate-700 ring-slate-200", word: null },
};

/** The arrow of a change's direction, read from the sign its words start with. */
function arrow(change: FigureChange): string {
  if (change.text.startsWith("+")) return "↑";
  if (change.text.startsWith("−")) return "↓";
  return "→";
}

/** The change against the previous period: a small badge with an arrow, its words and its tone in words. */
function ChangeBadge({ change }: { change: FigureChange }) {
  const tone = CHANGE_TONES[change.tone];
  return (
    <p
      className={`mt-2 inline-flex flex-wrap items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone.className}`}
    >
      {change.tone === "none" ? null : <span aria-hidden="true">{arrow(change)}</span>}
      <span>{change.text}</span>
      {tone.word ? <span>({tone.word})</span> : null}
    </p>
  );
}

/** The colour index of a series key, 0 when the model does not name it. */
function colourOf(chart: ChartModel, series: string): 0 | 1 {
  return chart.series.find((one) => one.key === series)?.colour ?? 0;
}

/** The SVG of a chart with data: grid, axes, bars, lines with their points, value labels. */
function ChartSvg({ chart, titleId, descId }: { chart: ChartModel; titleId: string; descId: string }) {
  const { plot } = chart;
  const vertical = chart.orientation === "vertical";
  return (
    <svg
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className="mt-4 h-auto w-full"
      fontSize={11}
    >
      <title id={titleId}>{chart.title}</title>
      <desc id={descId}>{chart.summary}</desc>
      <g className="stroke-slate-200">
        {chart.valueTicks.map((tick) =>
          vertical ? (
            <line key={tick.label} x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} />
          ) : (
            <line key={tick.label} x1={tick.at} x2={tick.at} y1={plot.top} y2={plot.bottom} />
          ),
        )}
      </g>
      <g className="fill-slate-600">
        {chart.valueTicks.map((tick) =>
          vertical ? (
            <text key={tick.label} x={plot.left - 6} y={tick.at} textAnchor="end" dominantBaseline="middle">
              {tick.label}
            </text>
          ) : (
            <text key={tick.label} x={tick.at} y={plot.bottom + 15} textAnchor="middle">
              {tick.label}
            </text>
          ),
        )}
        {chart.categoryTicks.map((tick, index) =>
          vertical ? (
            <text key={`${tick.label}-${index}`} x={tick.at} y={plot.bottom + 16} textAnchor="middle">
              {tick.label}
            </text>
          ) : (
            <text key={`${tick.label}-${index}`} x={plot.left - 6} y={tick.at} textAnchor="end" dominantBaseline="middle">
              {tick.label}
            </text>
          ),
        )}
      </g>
      <g>
        {chart.bars.map((bar, index) => {
          const colours = SERIES_COLOURS[colourOf(chart, bar.series)];
          return (
            <rect
              key={`${bar.series}-${index}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={1.5}
              className={bar.emphasis ? colours.strong : colours.light}
            >
              <title>{bar.title}</title>
            </rect>
          );
        })}
      </g>
      {chart.lines.map((line) => {
        const colours = SERIES_COLOURS[colourOf(chart, line.series)];
        return (
          <g key={line.series}>
            <path d={line.d} fill="none" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" className={colours.stroke} />
            {line.points.map((point, index) => (
              <circle
                key={index}
                cx={point.x}
                cy={point.y}
                r={point.emphasis ? 4 : 3.5}
                className={`${point.emphasis ? colours.strong : colours.light} stroke-white`}
                strokeWidth={1}
              >
                <title>{point.title}</title>
              </circle>
            ))}
          </g>
        );
      })}
      <g className="fill-slate-700">
        {chart.labels.map((label, index) => (
          <text key={index} x={label.x} y={label.y} textAnchor={label.anchor} dominantBaseline="middle">
            {label.text}
          </text>
        ))}
      </g>
      <line
        className="stroke-slate-400"
        x1={plot.left}
        y1={vertical ? plot.bottom : plot.top}
        x2={vertical ? plot.right : plot.left}
        y2={plot.bottom}
      />
    </svg>
  );
}

/**
 * One chart of the overview. In: `chart` (ChartModel from app/server/overview `overviewCharts`)
 * and `csvHref` (its /admin/overview.csv link, keeping the period). Out: a `<figure>` card.
 */
export function OverviewChart({ chart, csvHref }: { chart: ChartModel; csvHref: string }) {
  const headingId = `chart-${chart.id}-heading`;
  const titleId = `chart-${chart.id}-title`;
  const descId = `chart-${chart.id}-desc`;
  return (
    <figure
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4"
      data-chart={chart.id}
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {chart.title}
      </h3>
      <p className="mt-2">
        <span className="block font-display text-3xl font-bold text-slate-900">{chart.figure}</span>
        <span className="block text-sm text-slate-700">{chart.figureLabel}</span>
      </p>
      <div>
        <ChangeBadge change={chart.change} />
      </div>
      {chart.empty ? (
        // The empty chart is still the named image (its frame, described by the sentence), the sentence shown over it.
        <div className="relative">
          <ChartSvg chart={chart} titleId={titleId} descId={descId} />
          <p className="absolute inset-0 mt-4 flex items-center justify-center rounded-lg bg-slate-50/80 p-4 text-center text-sm text-slate-700">
            {chart.empty}
          </p>
        </div>
      ) : (
        <ChartSvg chart={chart} titleId={titleId} descId={descId} />
      )}
      {chart.series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
          {chart.series.map((series) => (
            <li key={series.key} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SERIES_COLOURS[series.colour].swatch}`} />
              {series.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-start justify-between gap-x-4 gap-y-2 pt-4">
        <details className="min-w-0 flex-1">
          <summary className="min-h-6 cursor-pointer py-0.5 text-sm leading-5 font-semibold text-brand-800 underline">
            Numbers<span className="sr-only">: {chart.title}</span>
          </summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-xs text-slate-800">
              <caption className="sr-only">{chart.title}: the chart&rsquo;s numbers</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  {chart.table.columns.map((column) => (
                    <th key={column} scope="col" className="py-1 pr-3 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.table.rows.map((row, index) => (
                  <tr key={index} className="border-b border-slate-100">
                    {row.map((cell, column) =>
                      column === 0 ? (
                        <th key={column} scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                          {cell}
                        </th>
                      ) : (
                        <td key={column} className="py-1 pr-3 tabular-nums">
                          {cell === "" ? "—" : cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        <a href={csvHref} download className={textLinkClass("brand", "text-sm")}>
          Download CSV<span className="sr-only">: {chart.title}</span>
        </a>
      </div>
    </figure>
  );
}
