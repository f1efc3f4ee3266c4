/**
 * The server side of /admin, the owner's overview (docs/product.md §16): admins only. Reads the
 * period from the URL (`period`, `from`, `to`; app/domain/overview.ts `resolvePeriod`), then in
 * one D1 batch, beside the session's read, the period's figures, today's work and what needs the
 * owner, and draws the charts on the server (app/server/overview). A period that cannot be
 * used shows this month with a message; a D1 failure is logged and shown as a message in the
 * page, never a 500.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_HEADERS } from "~/cache-control";
import { todayInJamaica } from "~/domain/dates";
import { resolvePeriod } from "~/domain/overview";
import { requireAdminWith } from "~/http/permissions.server";
import { overviewCharts, readOverview } from "~/server/overview";
import { logFailure } from "~/server/platform";

/**
 * The loader of /admin. Out: `period` (OverviewPeriod), `message` (why the period asked for was
 * not used, or null), `board` (today's work and what needs the owner, or null when D1 failed),
 * `charts` (ChartModel[], empty when D1 failed) and `error` (a sentence, or null).
 */
export async function overviewLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const now = new Date();
  const today = todayInJamaica(now);
  const { period, message } = resolvePeriod(
    { period: url.searchParams.get("period"), from: url.searchParams.get("from"), to: url.searchParams.get("to") },
    today,
  );
  const read = () =>
    readOverview(context.db, period, today, now).then(
      (overview) => ({ overview, error: null }),
      (error: unknown) => ({ overview: null, error }),
    );
  const { value } = await requireAdminWith(context.db, request, context.cloudflare.env, read);
  if (value.overview) {
    const { figures, board } = value.overview;
    return data({ period, message, board, charts: overviewCharts(figures, period), error: null }, { headers: ADMIN_HEADERS });
  }
  logFailure("overview_read_failed", value.error);
  return data(
    { period, message, board: null, charts: [], error: "The overview could not be read just now. Reload the page in a moment." },
    { headers: ADMIN_HEADERS },
  );
}
