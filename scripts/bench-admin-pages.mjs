/**
 * Every admin page at five years of a busy company's data (docs/benchmarks.md "Every admin page
 * at five years"; the set: scripts/bench-scale.mjs), run by `npm run bench -- --scale`. Signs
 * in as an admin, picks the records to open from the set (the newest request and message, the
 * customer with the most visits, the newest invoice, today's schedule), then asks each page
 * GETS times, one request at a time and the pages in turn, after WARM_UP each not counted: end
 * to end and the Worker's own time (its request log lines, app/worker/request-log.ts), the
 * page's bytes, and the D1 queries and round trips its log line counts. A second pass, on
 * `wrangler dev` started again with MEASURE_D1_ROWS=1 (app/worker/request-metrics.ts: it runs
 * reads twice, so its times are not used), gives each page's D1 rows read and written.
 *
 * Targets (docs/benchmarks.md "Targets"): whole page p95 under 100 ms, Worker p95 under 50 ms,
 * under 300 kB of HTML, at most 10,000 rows read, at most 2 D1 round trips.
 */
import { format, parseISO, subMonths } from "date-fns";
import { signIn } from "./bench-admin-search.mjs";
import { inTurn, percentile, timeColumns, todayInJamaica } from "./bench-common.mjs";

const GETS = 30;
const WARM_UP = 3;
/** Requests per page in the rows pass (their median is printed). */
const ROWS_GETS = 3;
/** A page slower than this (ms) stops the bench with its name, rather than waiting for ever. */
const TIMEOUT_MS = 60_000;
export const TARGETS = { p95Ms: 100, workerP95Ms: 50, pageKB: 300, rowsRead: 10_000, roundTrips: 2 };

/** One row of `sql` from the bench's database, or throws naming what was missing. */
async function one(db, what, sql) {
  const row = await db.prepare(sql).first();
  if (!row) throw new Error(`the five-years set has no ${what}`);
  return row;
}

/** The 15th of the month `months` calendar months before `day`'s (ISO days). */
const fifteenthMonthsBefore = (day, months) => format(subMonths(parseISO(day), months), "yyyy-MM-15");

/**
 * The admin pages to measure, as [label, path], with the records they open picked from the set.
 * In: a D1 binding to the bench's database. Out: the list, in the order the table prints it.
 */
export async function adminPages(db) {
  const today = todayInJamaica();
  const request = await one(db, "quote request", "SELECT id FROM quote_requests ORDER BY created_at DESC LIMIT 1");
  const message = await one(db, "contact message", "SELECT id FROM contact_messages ORDER BY created_at DESC LIMIT 1");
  const customer = await one(
    db,
    "customer with visits",
    "SELECT customer_id AS id FROM visits WHERE customer_id IS NOT NULL GROUP BY customer_id ORDER BY count(*) DESC LIMIT 1",
  );
  const busiest = await one(
    db,
    "request with visits",
    "SELECT quote_request_id AS id FROM visits GROUP BY quote_request_id ORDER BY count(*) DESC LIMIT 1",
  );
  const invoice = await one(db, "issued invoice", "SELECT id FROM invoices WHERE status = 'issued' ORDER BY issue_date DESC LIMIT 1");
  return [
    ["overview, this month", "/admin"],
    ["overview, last 12 months", "/admin?period=last-12-months"],
    // A custom range of some 17 months starting inside a month: the overview's costliest kind of period (docs/decisions/023-overview.md).
    ["overview, 17 months from a 15th", `/admin?period=custom&from=${fifteenthMonthsBefore(today, 17)}&to=${today}`],
    ["quote requests", "/admin/quotes"],
    ["quote requests, a search", "/admin/quotes?q=smith"],
    ["a quote request, newest", `/admin/quotes/${request.id}`],
    ["a quote request, most visits", `/admin/quotes/${busiest.id}`],
    ["contact messages", "/admin/messages"],
    ["a contact message", `/admin/messages/${message.id}`],
    ["customers", "/admin/customers"],
    ["customers, a search", "/admin/customers?q=smith"],
    ["a customer, most visits", `/admin/customers/${customer.id}`],
    ["schedule, today", `/admin/schedule?day=${today}`],
    ["schedule, this week", `/admin/schedule?day=${today}&view=week`],
    ["day sheets, today", `/admin/schedule/sheet?day=${today}`],
    ["availability", "/admin/availability"],
    ["crews", "/admin/crews"],
    ["calendar feeds", "/admin/calendar-feeds"],
    ["invoices", "/admin/invoices"],
    ["unpaid invoices", "/admin/invoices/unpaid"],
    ["an invoice", `/admin/invoices/${invoice.id}`],
    ["billing settings", "/admin/billing"],
    ["reviews", "/admin/reviews"],
    ["gallery", "/admin/gallery"],
    ["site content", "/admin/content"],
    ["services", "/admin/content/services"],
    ["price guide", "/admin/content/prices"],
    ["FAQ", "/admin/content/faqs"],
    ["reply templates", "/admin/templates"],
    ["team", "/admin/team"],
    ["security", "/admin/security"],
    ["data retention", "/admin/retention"],
  ];
}

/**
 * A GET of a page ([label, path]) as the signed-in admin: its time end to end (ms), its request
 * id and its size in bytes; `onBody(label, body)` sees each answer. Throws on a status other than
 * 200 or after TIMEOUT_MS, naming the path.
 */
export function getter(base, cookie, onBody = () => {}) {
  return async ([label, path]) => {
    const t0 = performance.now();
    let response;
    let body;
    try {
      response = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      body = await response.text();
    } catch (error) {
      throw new Error(`${path} did not answer within ${TIMEOUT_MS / 1000} s`, { cause: error });
    }
    const ms = performance.now() - t0;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    onBody(label, body);
    return { ms, requestId: response.headers.get("X-Request-Id"), bytes: Buffer.byteLength(body) };
  };
}

/** The log lines of `samples` ({ requestId }), from `requestLog()`. */
function loggedLines(samples, requestLog) {
  const lines = new Map(requestLog().map((line) => [line.requestId, line]));
  return samples.flatMap((sample) => (lines.has(sample.requestId) ? [lines.get(sample.requestId)] : []));
}

/**
 * The timing pass. In: the site's base URL, the bench's persist directory (to sign in), the
 * pages (`adminPages`), `requestLog()` and `gets` per page. Out: one row per page for
 * console.table (times in ms, page kB, median D1 queries and round trips).
 */
export async function timeAdminPages({ base, state, pages, requestLog, gets = GETS }) {
  const cookie = await signIn(base, state);
  const samples = await inTurn(pages, getter(base, cookie), { gets, warmUp: WARM_UP });
  const rows = {};
  for (const [k, [label]] of pages.entries()) {
    const logged = loggedLines(samples[k], requestLog);
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
    };
  }
  return rows;
}

/**
 * The rows pass, on a Worker started with MEASURE_D1_ROWS=1. In: as `timeAdminPages`. Out: per
 * page label, the median `{ read, written }` of ROWS_GETS requests and `heaviest` (the statement
 * that read the most rows in the last of them: `{ rowsRead, sql }`); throws when the log lines
 * carry no rows (the variable was not set).
 */
export async function countAdminPageRows({ base, state, pages, requestLog }) {
  const cookie = await signIn(base, state);
  const samples = await inTurn(pages, getter(base, cookie), { gets: ROWS_GETS, warmUp: 0 });
  const rows = {};
  for (const [k, [label]] of pages.entries()) {
    const logged = loggedLines(samples[k], requestLog);
    if (!logged.every((line) => typeof line.d1RowsRead === "number"))
      throw new Error(`no rows counted for ${label}: is MEASURE_D1_ROWS set?`);
    rows[label] = {
      read: percentile(
        logged.map((line) => line.d1RowsRead),
        0.5,
      ),
      written: percentile(
        logged.map((line) => line.d1RowsWritten),
        0.5,
      ),
      heaviest: logged.at(-1)?.d1Heaviest ?? null,
    };
  }
  return rows;
}

/**
 * The two passes' rows as one table, each figure against its target. In: `timeAdminPages`'s
 * rows and `countAdminPageRows`'s. Out: rows for console.table, and the pages that miss a
 * target with what they miss.
 */
export function adminPagesTable(times, counted) {
  const rows = {};
  const misses = [];
  for (const [label, time] of Object.entries(times)) {
    const { read, written, heaviest } = counted[label] ?? { read: null, written: null, heaviest: null };
    rows[label] = {
      "p50 ms": time["p50 ms"],
      "p95 ms": time["p95 ms"],
      "Worker p50 ms": time["Worker p50 ms"],
      "Worker p95 ms": time["Worker p95 ms"],
      "page kB": time["page kB"],
      "D1 queries": time["D1 queries"],
      "D1 round trips": time["D1 round trips"],
      "rows read": read,
      "rows written": written,
    };
    const missed = [
      time["p95 ms"] >= TARGETS.p95Ms && `p95 ${time["p95 ms"]} ms`,
      time["Worker p95 ms"] >= TARGETS.workerP95Ms && `Worker p95 ${time["Worker p95 ms"]} ms`,
      time["page kB"] >= TARGETS.pageKB && `${time["page kB"]} kB`,
      read !== null && read > TARGETS.rowsRead && `${read} rows read (the most by one statement: ${heaviest?.rowsRead}, ${heaviest?.sql})`,
      time["D1 round trips"] > TARGETS.roundTrips && `${time["D1 round trips"]} round trips`,
    ].filter(Boolean);
    if (missed.length > 0) misses.push(`${label}: ${missed.join(", ")}`);
  }
  return { rows, misses };
}
