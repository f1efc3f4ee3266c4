/**
 * The server side of /admin/overview.csv?chart=<id>&period=…(&from=…&to=…), one chart of the
 * owner's overview as a CSV file (docs/product.md §16 "Charts"): admins only. The period is read
 * as the page reads it (app/domain/overview.ts `resolvePeriod`: one it cannot use gives this
 * month, as /admin shows), the figures and the chart come from app/server/overview, and the file
 * holds the rows of the chart's table (`chartCsv`: csv-stringify, formulas neutralised, a byte
 * order mark first). An unknown chart answers 404 in plain words; a D1 failure 503; never a 500.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRIVATE } from "~/cache-control";
import { todayInJamaica } from "~/domain/dates";
import { OVERVIEW_CHARTS, type OverviewChartId, resolvePeriod } from "~/domain/overview";
import { requireAdmin } from "~/http/permissions.server";
import { chartCsv, overviewCharts, readOverviewFigures } from "~/server/overview";
import { logFailure } from "~/server/platform";

/** A short plain-text answer that no cache keeps. */
function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE } });
}

/** Whether `value` names one of the overview's charts. */
function isChartId(value: string | null): value is OverviewChartId {
  return (OVERVIEW_CHARTS as readonly string[]).includes(value ?? "");
}

/**
 * GET /admin/overview.csv: admins only (the redirect of `requireAdmin` otherwise). Out: 200
 * `text/csv` attachment named `overview-<chart>-<from>-to-<to>.csv` (the period's days), never
 * cached; 404 (plain text) for a missing or unknown `chart`; 503 (plain text) when D1 failed.
 */
export async function overviewCsvLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const query = new URL(request.url).searchParams;
  const id = query.get("chart");
  if (!isChartId(id)) return plain(404, `There is no such chart. Charts: ${OVERVIEW_CHARTS.join(", ")}.`);
  const today = todayInJamaica(new Date());
  const { period } = resolvePeriod({ period: query.get("period"), from: query.get("from"), to: query.get("to") }, today);
  let csv: string | null = null;
  try {
    const figures = await readOverviewFigures(context.db, period, today);
    const chart = overviewCharts(figures, period).find((one) => one.id === id);
    if (chart) csv = chartCsv(chart);
  } catch (error) {
    logFailure("overview_csv_failed", error);
    return plain(503, "The export could not be made. Please try again.");
  }
  if (csv === null) return plain(404, "There is no such chart.");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="overview-${id}-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
