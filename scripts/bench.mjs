/**
 * `npm run bench`: measures the built site under `wrangler dev` (bundled as for production,
 * startServer) on a fresh local database and prints one table (a benchmark, not a test: it asserts nothing).
 *
 * - Lighthouse (mobile preset, Debian Chromium) for every public page: the four category
 *   scores, LCP, CLS, TBT, Lighthouse's measure of the machine's speed (its benchmarkIndex:
 *   TBT moves with it), and the page's JS/CSS/HTML/image bytes gzipped; then the same
 *   preset once more with its throttling applied to the page load (DevTools throttling).
 *   Then / and /gallery again with published content (scripts/bench-content.mjs: gallery
 *   photos, before/after pairs, reviews), the photos served by the Worker from R2.
 * - autocannon on loopback: a cached page, an uncached render, and a burst of 200 concurrent
 *   quote submissions with a photo, then the rows and R2 objects that landed. Next to the
 *   end-to-end figures, the Worker's own time per request (from its request log lines) and a
 *   static file that never reaches the Worker, which shows what wrangler dev's local proxies
 *   add to every request.
 * - The admin search at 50,000 quote requests and 50,000 contact messages
 *   (scripts/bench-admin-search.mjs).
 * - /admin/customers at 50,000 customers, with and without a search (scripts/bench-customers.mjs).
 * - Booking at 5,000 scheduled visits (scripts/bench-booking.mjs): a month of availability,
 *   GET /status/:token/book one request at a time, end to end and in the Worker; then the
 *   booking action, 20 POSTs one at a time, then 20 at once from 20 quoted requests, 10 rounds
 *   (the last all for one window's last place), with the answers and the rows that landed.
 *   Then the calendar feeds (scripts/bench-feeds.mjs): a crew's feed of 1,000 visits, one
 *   request at a time, with and without its ETag, against an empty crew's and the team's.
 * - The schedule (scripts/bench-schedule.mjs): 20 crews and 2,000 visits in one week, the
 *   week view and its busiest day, end to end and in the Worker.
 * - The overview (scripts/bench-overview.mjs) at five years of a busy company's data
 *   (scripts/bench-scale.mjs), on a database of its own (wrangler dev started again on
 *   .wrangler/bench-overview): /admin for three periods beside /admin/quotes, end to end and in
 *   the Worker, with the page's size and its D1 queries.
 * - The production Worker bundle from `wrangler deploy --dry-run`, gzipped.
 *
 * - The navigation time from / to /services in Chromium: client-side, and as a new document with
 *   and without the speculation rules (scripts/bench-navigation.mjs).
 *
 * `npm run bench -- --search-only` runs only the admin search part; `-- --customers-only` only
 * the customers part; `-- --booking-only` only the
 * booking part and the calendar feeds; `-- --schedule-only` only the schedule's views;
 * `-- --overview-only` only the overview at five years; `-- --scale` only every admin page at five
 * years (scripts/bench-admin-pages.mjs: times, bytes, round trips, and rows read in a second run
 * with MEASURE_D1_ROWS=1);
 * `-- --lighthouse-only` only Lighthouse and the navigation time;
 * `-- --pages=/,/gallery` only those pages; `-- --runs=N` N Lighthouse runs per page (default 5;
 * a run Lighthouse aborts is run again), reported as the median and the range (min-max) of each
 * figure, with Lighthouse's LCP breakdown;
 * `-- --no-content` skips the runs with published content; `-- --no-navigation` the navigation
 * time.
 *
 * `npm run bench -- --latency` runs only the latency part (scripts/bench-latency.mjs), not
 * against `wrangler dev`: the production Worker bundle in Miniflare with every D1 round trip and
 * R2 call made slower, for production's distances, and counted: per request kind (cached and
 * uncached page, the gallery with its photos, a photo, the quote form's POST, the admin list and
 * a record page), the D1 round trips and R2 calls per request and the time to first byte at p50
 * and p95, with the delays and without. `-- --d1-delay=80` ms per D1 round trip (default 80),
 * `-- --r2-delay=100` ms per R2 call (default 100), `-- --latency-requests=N` requests per kind
 * and delay (default 30).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { getPlatformProxy } from "wrangler";
import { adminPages, adminPagesTable, countAdminPageRows, TARGETS, timeAdminPages } from "./bench-admin-pages.mjs";
import { costTables, databaseBytes, MONTHLY_USE, rowsPerInsert } from "./bench-cost.mjs";
import { benchAdminSearch } from "./bench-admin-search.mjs";
import { benchBooking } from "./bench-booking.mjs";
import { benchCustomers } from "./bench-customers.mjs";
import { benchFeeds } from "./bench-feeds.mjs";
import { benchLatency } from "./bench-latency.mjs";
import { benchOverview } from "./bench-overview.mjs";
import { countsTable, fillScale } from "./bench-scale.mjs";
import { benchSchedule } from "./bench-schedule.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, quoteSubmission, spread } from "./bench-common.mjs";
import { benchNavigation } from "./bench-navigation.mjs";
import { publishBenchContent } from "./bench-content.mjs";
import { ensureDevVars } from "./dev-vars.mjs";
import { bin, bundleWorker, run } from "./run.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = ".wrangler/bench";
/** The overview part's own database in a whole run (`--overview-only` uses STATE). */
const OVERVIEW_STATE = ".wrangler/bench-overview";
const ALL_PAGES = ["/", "/services", "/services/residential", "/about", "/contact", "/gallery", "/faq", "/quote", "/pricing"];
/** `--name=value` from the command line, or undefined. */
const option = (name) =>
  process.argv
    .find((argument) => argument.startsWith(`--${name}=`))
    ?.split("=")
    .slice(1)
    .join("=");
const PAGES = option("pages")?.split(",") ?? ALL_PAGES;
const RUNS = Number(option("runs") ?? 5);
const kB = (bytes) => `${(bytes / 1024).toFixed(1)}`;

if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
ensureDevVars();
if (process.argv.includes("--latency")) {
  await benchLatency({
    d1Delay: Number(option("d1-delay") ?? 80),
    r2Delay: Number(option("r2-delay") ?? 100),
    requests: Number(option("latency-requests") ?? 30),
  });
  process.exit(0);
}
// wrangler dev's output, with the Worker's request log lines, goes to a file: reading it
// through a pipe would load this process, which also runs autocannon.
const WORKER_LOG = ".wrangler/bench-worker.log";
/** The running `wrangler dev` (startServer). */
let server;
process.on("exit", () => server?.kill());
/** The Worker's own request log lines so far (app/worker/request-log.ts). */
function requestLog() {
  return readFileSync(WORKER_LOG, "utf8")
    .split("\n")
    .filter((line) => line.includes('{"event":"request"'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line.slice(line.indexOf('{"event":"request"')))];
      } catch {
        return []; // a line still being written
      }
    });
}
/**
 * Migrates a fresh local database in `state` (emptied first) and starts `wrangler dev` on it,
 * its output in WORKER_LOG (emptied); resolves once the site answers. Throws after a minute.
 * NODE_ENV is production, as `wrangler deploy` bundles the Worker: under its default
 * ("development") wrangler dev would bundle React's development build, which checks every
 * element it renders and made /admin 15-20 ms slower than the code production runs.
 */
async function startServer(state) {
  rmSync(state, { recursive: true, force: true });
  await run("node", ["scripts/db-migrate.mjs", "--persist-to", state]);
  await launchServer(state);
}
/**
 * Starts `wrangler dev` on the database already in `state`, with `vars` (["NAME:value"], its
 * `--var`s), its output in WORKER_LOG (emptied); resolves once the site answers. Throws after a minute.
 */
async function launchServer(state, vars = []) {
  const varArguments = vars.flatMap((value) => ["--var", value]);
  server = spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", state, ...varArguments], {
    stdio: ["ignore", openSync(WORKER_LOG, "w"), "ignore"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${BASE}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 120) throw new Error("wrangler dev did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
/** Stops the running `wrangler dev` (SIGKILL when it has not exited 10 s after SIGTERM); resolves once it has exited, its port free. */
async function stopServer() {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, "exit");
  server.kill();
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
await startServer(STATE);

/** The admin search part: fills the bench database, then prints its table. */
async function searchBench() {
  const proxy = await getPlatformProxy({ persist: { path: `${STATE}/v3` } });
  try {
    const { rows, fillSeconds } = await benchAdminSearch({ base: BASE, state: STATE, db: proxy.env.DB, requestLog });
    console.log(
      `\nAdmin search and filters at 50,000 quote requests and 50,000 contact messages (local D1, FTS5; filled in ${fillSeconds} s; 20 requests each, one at a time; loader = the list route's .data request, page = the whole HTML page; Worker = its own time):`,
    );
    console.table(rows);
  } finally {
    await proxy.dispose();
  }
}
/** The customers part: 50,000 customers, then /admin/customers with and without a search. */
async function customersBench() {
  const proxy = await getPlatformProxy({ persist: { path: `${STATE}/v3` } });
  try {
    const { rows, fillSeconds } = await benchCustomers({ base: BASE, state: STATE, db: proxy.env.DB, requestLog });
    console.log(
      `\n/admin/customers at 50,000 customers with 60,000 quote requests of theirs (local D1, FTS5; filled in ${fillSeconds} s; 20 requests each, one at a time; loader = the list route's .data request, page = the whole HTML page; Worker = its own time; target: under 100 ms at the 95th percentile):`,
    );
    console.table(rows);
  } finally {
    await proxy.dispose();
  }
}
/** The booking part: fills the bench database with visits, then prints its tables. */
async function bookingBench() {
  const proxy = await getPlatformProxy({ persist: { path: `${STATE}/v3` } });
  try {
    const before = loadavg()[0].toFixed(1);
    const { seeded, fillSeconds, availability, rows, summary } = await benchBooking({ base: BASE, db: proxy.env.DB, requestLog });
    const loadAverage = loadavg()[0].toFixed(1);
    console.log(
      `\nBooking (local D1, filled in ${fillSeconds} s; machine load average ${before} before, ${loadAverage} after, ${availableParallelism()} cores): ${seeded}.`,
    );
    console.log(
      "A month of availability: GET /status/:token/book, 200 requests each, one at a time, the four in turn, after 5 each not counted, each from its own client address (Worker = its own time, from its request log, 1 ms resolution; target: under 50 ms at the 95th percentile):",
    );
    console.table(availability);
    console.log(
      "The booking action: POST /status/:token/book from quoted requests, each from its own client address: round 0 one at a time, rounds 1-10 20 at once (302: booked; 409 taken: the window was just taken, the page shown again; other: any other status):",
    );
    console.table(rows);
    console.log(summary);
    const feeds = await benchFeeds({ base: BASE, db: proxy.env.DB, requestLog });
    console.log(
      `\nCalendar feeds (filled in ${feeds.fillSeconds} s; beside the booking visits above, which have no crew): ${feeds.seeded}. GET /calendar/<token>.ics, 100 requests each, one at a time, the four in turn, after 5 each not counted, each from its own client address (Worker = its own time, from its request log):`,
    );
    console.table(feeds.rows);
  } finally {
    await proxy.dispose();
  }
}
/** The schedule part: 20 crews and 2,000 visits in a week, then the week and day views' times. */
async function scheduleBench() {
  const proxy = await getPlatformProxy({ persist: { path: `${STATE}/v3` } });
  try {
    const { seeded, fillSeconds, rows } = await benchSchedule({ base: BASE, state: STATE, db: proxy.env.DB, requestLog });
    console.log(
      `\nThe schedule (local D1, filled in ${fillSeconds} s): ${seeded}. GET /admin/schedule, 100 requests each, one at a time, after 5 not counted (Worker = its own time; target for the week: under 100 ms at the 95th percentile):`,
    );
    console.table(rows);
  } finally {
    await proxy.dispose();
  }
}
/**
 * The overview part: the five-years set (scripts/bench-scale.mjs) in `state`, then /admin for
 * three periods beside /admin/quotes. With `ownDatabase`, wrangler dev is first started again on
 * a fresh database in `state`, so the other parts' records are not counted in the overview's.
 */
async function overviewBench(state, ownDatabase) {
  if (ownDatabase) {
    await stopServer();
    await startServer(state);
  }
  const proxy = await getPlatformProxy({ persist: { path: `${state}/v3` } });
  try {
    const { seeded, fillSeconds, period, rows, failures } = await benchOverview({ base: BASE, state, db: proxy.env.DB, requestLog });
    console.log(`\nThe overview at five years (scripts/bench-scale.mjs, ${period}; local D1, filled in ${fillSeconds} s):`);
    console.table(seeded);
    console.log(
      "GET /admin per period and /admin/quotes as the control, 100 requests each, one at a time, in turn, after 5 each not counted (Worker = its own time, from its request log; D1 = the request log's queries, sequential round trips and summed D1 time per request, median; D1 rows read are not visible from outside the Worker; target: the whole page under 100 ms at the 95th percentile):",
    );
    console.table(rows);
    if (failures.length > 0) console.log(`The overview answered its D1 failure message on: ${failures.join(", ")}.`);
  } finally {
    await proxy.dispose();
  }
}
/**
 * The scale part: the five-years set (scripts/bench-scale.mjs) in STATE, every admin page timed
 * (scripts/bench-admin-pages.mjs), then wrangler dev started again with MEASURE_D1_ROWS=1 on the
 * same database for each page's rows read and written; one table, and the targets missed.
 */
async function scaleBench() {
  const proxy = await getPlatformProxy({ persist: { path: `${STATE}/v3` } });
  try {
    const fill = await fillScale(proxy.env.DB);
    console.log(
      `\nThe five-years set (scripts/bench-scale.mjs, ${fill.first} to ${fill.today}; local D1, filled in ${fill.seconds.toFixed(1)} s):`,
    );
    console.table(countsTable(fill.counts));
    const pages = await adminPages(proxy.env.DB);
    const times = await timeAdminPages({ base: BASE, state: STATE, pages, requestLog });
    await stopServer();
    await launchServer(STATE, ["MEASURE_D1_ROWS:1"]);
    const counted = await countAdminPageRows({ base: BASE, state: STATE, pages, requestLog });
    const { rows, misses } = adminPagesTable(times, counted);
    console.log(
      `Every admin page: GET, ${times[pages[0][0]].requests} requests each, one at a time, in turn, after 3 each not counted (Worker = its own time, from its request log; D1 queries and round trips: the log's median; rows read and written: D1's own figures, a second run of wrangler dev with MEASURE_D1_ROWS=1, median of 3; targets: p95 under ${TARGETS.p95Ms} ms, Worker p95 under ${TARGETS.workerP95Ms} ms, under ${TARGETS.pageKB} kB, at most ${TARGETS.rowsRead.toLocaleString("en")} rows read, at most ${TARGETS.roundTrips} round trips):`,
    );
    console.table(rows);
    console.log(misses.length === 0 ? "Every page meets every target." : `Targets missed:\n- ${misses.join("\n- ")}`);
    const cost = costTables({
      pages: rows,
      counts: fill.counts,
      years: 5,
      dbBytes: databaseBytes(`${STATE}/v3/d1`),
      perInsert: await rowsPerInsert(proxy.env.DB),
    });
    console.log(
      "\nWhat it costs to run (scripts/bench-cost.mjs): per page, the Worker's time at the median (its CPU time is at most that) and D1's rows read:",
    );
    console.table(cost.perPage);
    console.log(
      `A month of this company (scripts/bench-cost.mjs MONTHLY_USE: ${Object.entries(MONTHLY_USE)
        .map(([key, value]) => `${key} ${value}`)
        .join(", ")}) against what Workers Paid includes a month:`,
    );
    console.table(cost.perMonth);
    console.log(
      `D1 grows ${cost.growthMbPerYear.toFixed(0)} MB a year at this rate: one database's 10 GB limit would be reached after about ${Math.round(cost.yearsToLimit)} years.`,
    );
  } finally {
    await proxy.dispose();
  }
}
if (process.argv.includes("--scale")) {
  await scaleBench();
  server.kill();
  process.exit(0);
}
if (process.argv.includes("--overview-only")) {
  await overviewBench(STATE, false);
  server.kill();
  process.exit(0);
}
if (process.argv.includes("--schedule-only")) {
  await scheduleBench();
  server.kill();
  process.exit(0);
}
if (process.argv.includes("--search-only")) {
  await searchBench();
  server.kill();
  process.exit(0);
}
if (process.argv.includes("--customers-only")) {
  await customersBench();
  server.kill();
  process.exit(0);
}
if (process.argv.includes("--booking-only")) {
  await bookingBench();
  server.kill();
  process.exit(0);
}

// --- Lighthouse -------------------------------------------------------------------------
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
/** Gzipped sizes by URL, for the scripts pages share; emptied before each set of pages (their HTML changes with content). */
const gzipCache = new Map();
async function gzippedSize(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}
/** The gzipped size of the stylesheet inlined in a page (also counted in its HTML). */
async function inlineStylesSize(url) {
  const html = await (await fetch(url)).text();
  return gzipSync(html.match(/<style data-site-styles="">([\s\S]*?)<\/style>/)?.[1] ?? "", { level: 9 }).length;
}
/** The phases of Lighthouse's LCP breakdown, in its order and words. */
const LCP_PHASES = ["TTFB", "Load Delay", "Load Time", "Render Delay"];
/** A run's LCP breakdown: phase name -> ms (audit largest-contentful-paint-element, second table). */
function lcpPhases(lhr) {
  const table = lhr.audits["largest-contentful-paint-element"]?.details?.items?.find((item) => item.items?.[0]?.phase);
  return Object.fromEntries((table?.items ?? []).map((row) => [row.phase, row.timing]));
}
/** What a run's largest paint was: the element's tag and the start of its label (alt or text). */
function lcpElement(lhr) {
  const node = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.snippet?.match(/^<(\w+)/)?.[1] ?? "?"}: ${node.nodeLabel?.slice(0, 30) ?? ""}` : "n/a";
}

/**
 * Lighthouse on each page: RUNS runs of the mobile preset (simulated throttling), reported as
 * medians and ranges, then one run with the throttling applied to the page load.
 * Out: the two tables' rows.
 */
async function lighthousePages(pages) {
  gzipCache.clear();
  const simulatedRows = [];
  const breakdownRows = [];
  const appliedRows = [];
  for (const path of pages) {
    await fetch(BASE + path); // warm the page cache, as a returning visitor would find it
    // RUNS measured runs. A run Lighthouse aborts (now and then NO_NAVSTART: the trace it
    // recorded lacks the navigation's start, for which its advice is to run it again) measured
    // nothing, so it is run again, up to RUNS more times in all.
    const runs = [];
    for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
      const { lhr } = await lighthouse(BASE + path, { port: chrome.port, output: "json", logLevel: "error" });
      if (lhr.runtimeError) console.error(`Lighthouse ${path}: ${lhr.runtimeError.code}, run again`);
      else runs.push(lhr);
    }
    if (runs.length === 0) throw new Error(`Lighthouse measured nothing on ${path}`);
    const bytes = { Script: 0, Stylesheet: 0, Document: 0, Image: 0 };
    for (const request of runs[0].audits["network-requests"]?.details?.items ?? []) {
      if (!(request.resourceType in bytes) || !request.url.startsWith(BASE)) continue;
      // Images are already compressed: count what was sent. Text: gzip it as production would.
      bytes[request.resourceType] += request.resourceType === "Image" ? request.transferSize : await gzippedSize(request.url);
    }
    bytes.Stylesheet += await inlineStylesSize(BASE + path); // the site's CSS is inlined (app/document-inlines.tsx)
    const scores = (id) => runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? NaN) * 100));
    const metric = (id) => runs.map((lhr) => lhr.audits[id]?.numericValue);
    const whole = (value) => String(Math.round(value));
    simulatedRows.push({
      page: path,
      perf: spread(scores("performance"), whole),
      a11y: spread(scores("accessibility"), whole),
      bp: spread(scores("best-practices"), whole),
      seo: spread(scores("seo"), whole),
      "LCP s": spread(metric("largest-contentful-paint"), (value) => (value / 1000).toFixed(2)),
      CLS: spread(metric("cumulative-layout-shift"), (value) => value.toFixed(3)),
      "TBT ms": spread(metric("total-blocking-time"), whole),
      // Lighthouse's measure of this machine's speed at the start of each run (higher is
      // faster): blocking time is the machine's task lengths times 4, so it moves with this.
      "CPU index": spread(
        runs.map((lhr) => lhr.environment?.benchmarkIndex),
        whole,
      ),
      "JS kB": kB(bytes.Script),
      "CSS kB": kB(bytes.Stylesheet),
      "HTML kB": kB(bytes.Document),
      "img kB": kB(bytes.Image),
    });
    // Lighthouse's LCP breakdown (simulated): where the time to the largest paint goes.
    const phase = (name) => runs.map((lhr) => lcpPhases(lhr)[name]);
    breakdownRows.push({
      page: path,
      "LCP element": lcpElement(runs[0]),
      ...Object.fromEntries(LCP_PHASES.map((name) => [`${name} ms`, spread(phase(name), whole)])),
    });
    // The same mobile preset with the throttling applied to the real page load instead of
    // simulated from an unthrottled one: on loopback, whether scripts land before the first
    // paint is a matter of a few ms, and the simulation counts the ones that do as blocking it.
    const applied = (await lighthouse(BASE + path, { port: chrome.port, output: "json", logLevel: "error", throttlingMethod: "devtools" }))
      .lhr;
    appliedRows.push({
      page: path,
      perf: Math.round((applied.categories.performance?.score ?? 0) * 100),
      "FCP s": ((applied.audits["first-contentful-paint"]?.numericValue ?? NaN) / 1000).toFixed(2),
      "LCP s": ((applied.audits["largest-contentful-paint"]?.numericValue ?? NaN) / 1000).toFixed(2),
      "TBT ms": Math.round(applied.audits["total-blocking-time"]?.numericValue ?? NaN),
    });
  }
  return { simulatedRows, breakdownRows, appliedRows };
}
/** Prints the Lighthouse tables of `lighthousePages`. */
function printLighthouse(title, { simulatedRows, breakdownRows, appliedRows }) {
  console.log(
    `\nLighthouse, mobile preset, ${title} (${new Date().toISOString().slice(0, 10)}, wrangler dev, cache warm; median (range) of ${RUNS} runs):`,
  );
  console.table(simulatedRows);
  console.log("LCP breakdown (Lighthouse, simulated; median (range) ms):");
  console.table(breakdownRows);
  console.log("The same preset with applied (DevTools) throttling, one run: 150 ms RTT, 1.6 Mbit/s, CPU 4x slower:");
  console.table(appliedRows);
}
const defaultContent = await lighthousePages(PAGES);
const navigation = process.argv.includes("--no-navigation") ? null : await benchNavigation(BASE);
// The pages that show what staff publish, once they have (scripts/bench-content.mjs).
const CONTENT_PAGES = PAGES.filter((path) => path === "/" || path === "/gallery");
const published =
  CONTENT_PAGES.length > 0 && !process.argv.includes("--no-content") ? await publishBenchContent({ base: BASE, state: STATE }) : null;
const withContent = published ? await lighthousePages(CONTENT_PAGES) : null;
function printContentTables() {
  printLighthouse("the site's default content", defaultContent);
  if (navigation) {
    console.log(
      "Navigation / -> /services (scripts/bench-navigation.mjs; Chromium, 150 ms RTT, 1.6 Mbit/s, CPU 4x; median (range) of 5 runs):",
    );
    console.table(navigation);
  }
  if (!published || !withContent) return;
  printLighthouse(
    `with published content: ${published.photos} gallery photos, ${published.pairs} before/after pairs, ${published.reviews} reviews (${published.variants} photo variants made in ${published.seconds} s by the local IMAGES stand-in before measuring)`,
    withContent,
  );
}
if (process.argv.includes("--lighthouse-only")) {
  await chrome.kill();
  server.kill();
  printContentTables();
  process.exit(0);
}
await chrome.kill();

// --- Load on loopback -------------------------------------------------------------------
/** autocannon for 10 s on 20 connections, or for `amount` requests when given. */
function load(options) {
  const defaults = options.amount ? { connections: 20 } : { duration: 10, connections: 20 };
  return new Promise((resolve, reject) =>
    autocannon({ ...defaults, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}
/** p50/p99 of the Worker's own time (request log `durationMs`) for requests logged during `run`. */
async function withWorkerTime(run) {
  const from = requestLog().length;
  const result = await run();
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last log lines arrive
  const times = requestLog()
    .slice(from)
    .map((line) => line.durationMs)
    .sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { result, worker: { p50: at(0.5), p99: at(0.99), n: times.length } };
}
const cached = await withWorkerTime(() => load({ url: `${BASE}/gallery` }));
const uncached = await withWorkerTime(() => load({ url: `${BASE}/gallery?bench=render` })); // a query bypasses the cache
const floor = await load({ url: `${BASE}/favicon.svg` }); // a static file: wrangler dev's own share

const { body: multipart, contentType, photoBytes } = await quoteSubmission();
let client = 0;
const burst = await load({
  url: `${BASE}/quote`,
  amount: 200,
  connections: 200,
  method: "POST",
  headers: { "Content-Type": contentType, Origin: BASE },
  body: multipart,
  // Each submission from its own address, as 200 real visitors (the per-IP limit is 5 a minute).
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, "CF-Connecting-IP": `10.9.${(++client >> 8) & 255}.${client & 255}` },
      }),
    },
  ],
});

const proxy = await getPlatformProxy({ persist: { path: `${STATE}/v3` } });
const quotes = (await proxy.env.DB.prepare("SELECT count(*) AS n FROM quote_requests").first()).n;
const attachments = (await proxy.env.DB.prepare("SELECT count(*) AS n FROM attachments").first()).n;
let objects = 0;
let cursor;
do {
  const listed = await proxy.env.UPLOADS.list({ prefix: "quote-requests/", cursor });
  objects += listed.objects.length;
  cursor = listed.truncated ? listed.cursor : undefined;
} while (cursor);
await proxy.dispose();

await searchBench();
await customersBench();
await bookingBench();
await scheduleBench();
await overviewBench(OVERVIEW_STATE, true);

// --- Worker bundle ----------------------------------------------------------------------
bundleWorker(".cache/bench-bundle");
const bundle = gzipSync(readFileSync(".cache/bench-bundle/server.js"), { level: 9 }).length;

server.kill();
printContentTables();
const latency = ({ result, worker }) => ({
  "req/s": Math.round(result.requests.average),
  "p50 ms": result.latency.p50,
  "p99 ms": result.latency.p99,
  errors: result.errors + result.non2xx,
  "Worker p50 ms": worker?.p50 ?? "-",
  "Worker p99 ms": worker?.p99 ?? "-",
});
console.log(
  "Load on loopback (autocannon, 20 connections, 10 s; Worker = its own time per request, from its request log, 1 ms resolution):",
);
console.table({
  "cached page (HIT)": latency(cached),
  "uncached render": latency(uncached),
  "static file (no Worker)": latency({ result: floor }),
});
const redirected = burst["3xx"] ?? 0;
console.log(
  `Burst: 200 concurrent quote submissions with a ${kB(photoBytes)} kB photo -> ${redirected} answered 303, ` +
    `p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms; stored ${quotes} quote requests, ${attachments} attachment rows, ${objects} R2 objects of quote requests ` +
    `(${quotes === 200 && attachments === 200 && objects === 200 ? "none lost or duplicated" : "MISMATCH"}).`,
);
console.log(`Worker bundle (wrangler deploy --dry-run): ${kB(bundle)} kB gzipped.`);
process.exit(0);
