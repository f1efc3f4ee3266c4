/**
 * The overview benchmark (docs/product.md §16; target: the whole of /admin under 100 ms at the
 * 95th percentile at five years of a busy company's data; figures in docs/benchmarks.md), run by
 * `npm run bench` (or `-- --overview-only`) against its `wrangler dev` on a database of its own:
 * fills the five-years set (scripts/bench-scale.mjs), signs in as an admin, then asks /admin for
 * this month, last month and the last 12 months, and /admin/quotes as the control (the same
 * admin frame around a list), 100 requests each, one at a time and in turn, after 5 each not
 * counted: end to end and the Worker's own time (its request log lines, app/worker/request-log.ts),
 * the page's bytes, and the D1 queries, round trips and D1 time the request log counts per request.
 *
 * D1's `rows_read` (a statement result's `meta`) is seen only inside the Worker, and its request
 * log does not carry it (app/worker/request-metrics.ts counts queries and their time), so the
 * bench cannot print rows read from outside.
 */
import { getter } from "./bench-admin-pages.mjs";
import { signIn } from "./bench-admin-search.mjs";
import { inTurn, percentile, timeColumns } from "./bench-common.mjs";
import { countsTable, fillScale } from "./bench-scale.mjs";

const GETS = 100;
const WARM_UP = 5;

const PAGES = [
  ["/admin, this month", "/admin"],
  ["/admin, last month", "/admin?period=last-month"],
  ["/admin, last 12 months", "/admin?period=last-12-months"],
  // The control: the same admin frame (its tab counts over the same database) around the inbox's first page.
  ["/admin/quotes (the control)", "/admin/quotes"],
];

/** The sentence the overview shows instead of its figures when D1 failed (app/routes/admin/index/overview.server.ts). */
const READ_FAILED = "The overview could not be read just now";

/**
 * Runs the benchmark. In: the site's base URL, the bench's D1 persist directory, a D1 binding to
 * it (getPlatformProxy; an empty migrated database, or one filled already with `fill: false`,
 * to measure again after a change without the minute of filling), `requestLog()`, and `gets`
 * (requests per page, default 100). Out: { seeded (rows per
 * table for console.table), fillSeconds, rows (one per page for console.table: times in ms,
 * bytes of the HTML, median D1 queries, round trips and D1 ms per request), failures (pages that
 * answered the overview's D1 failure message) }.
 */
export async function benchOverview({ base, state, db, requestLog, fill: filling = true, gets = GETS }) {
  const fill = filling ? await fillScale(db) : { counts: {}, seconds: 0, first: "(filled before)", today: "today" };
  const cookie = await signIn(base, state);
  const failures = [];
  const get = getter(base, cookie, (label, body) => {
    if (body.includes(READ_FAILED)) failures.push(label);
  });
  const samples = await inTurn(PAGES, get, { gets, warmUp: WARM_UP });
  const lines = new Map(requestLog().map((line) => [line.requestId, line]));
  const rows = {};
  for (const [k, [label]] of PAGES.entries()) {
    const logged = samples[k].flatMap((sample) => (lines.has(sample.requestId) ? [lines.get(sample.requestId)] : []));
    rows[label] = {
      ...timeColumns(samples[k], requestLog),
      "page kB": Math.round(samples[k].at(-1).bytes / 102.4) / 10,
      "D1 queries": percentile(
        logged.map((line) => line.d1Queries),
        0.5,
      ),
      "D1 round trips": percentile(
        logged.map((line) => line.d1RoundTrips),
        0.5,
      ),
      "D1 ms summed p50 / p95": `${percentile(
        logged.map((line) => line.d1Ms),
        0.5,
      )} / ${percentile(
        logged.map((line) => line.d1Ms),
        0.95,
      )}`,
    };
  }
  return {
    seeded: countsTable(fill.counts),
    fillSeconds: fill.seconds.toFixed(1),
    period: `${fill.first} to ${fill.today} and 60 days ahead`,
    rows,
    failures: [...new Set(failures)],
  };
}
