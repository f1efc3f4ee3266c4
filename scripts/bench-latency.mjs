/**
 * `npm run bench -- --latency`: what a request costs at production's distances. On loopback a
 * D1 query takes under a millisecond, so the local figures hide the round trips production
 * pays; here every D1 round trip and R2 call is made slower by a fixed delay, and counted.
 *
 * It runs the production Worker bundle (`wrangler deploy --dry-run`, scripts/run.mjs) in
 * Miniflare with wrangler.toml's bindings, on a fresh local D1 migrated with the project's
 * migrations and a fresh R2, kept in .wrangler/bench-latency, on a free loopback port. The
 * bundle runs behind the bench's harness (scripts/bench-latency-harness.mjs), which sleeps
 * before each D1 round trip and R2 call of a measured request and counts them, waitUntil work
 * included; nothing of it is in the deployed Worker. Before measuring it publishes gallery photos
 * (scripts/bench-content.mjs) and signs in an admin (scripts/bench-admin-search.mjs).
 *
 * Request kinds, each `--latency-requests` times (default 30) one request at a time after 3
 * not counted, with the delays and without, in turn (so a burst of load on the machine falls on
 * both alike):
 * - cached page: an anonymous GET of / answered by the page cache (`X-Cache: HIT`);
 * - uncached page: the same with a Cookie header, which bypasses the page cache;
 * - gallery + photos: /gallery (anonymous), then each photo it shows (the `src` of its
 *   images), all at once as a browser would; the counts are the page's and its photos' together;
 * - photo: one /media/ variant, again and again;
 * - quote POST: a valid quote request with a photo, from the site's Origin and each from its
 *   own client address (CF-Connecting-IP, which the form's rate limit keys on);
 * - admin list: /admin/quotes as a signed-in admin;
 * - record page: /admin/quotes/:id of one of those quote requests.
 *
 * It prints, per kind, the D1 calls per request (of them batches; a batch is one call for all
 * its statements), the D1 round trips they took one after the other (calls made while another
 * is in flight share its round trip; what the targets count) and the R2 reads and writes, one number when every measured
 * request made as many, else their median (min-max); time to first byte (the response's headers) at p50 and p95 with the
 * delays and without; the time until the whole answer (and, for the gallery, every photo) is
 * in; a static file's time (answered before the Worker) as the floor under every row; and the
 * targets beside them. A benchmark: it asserts none of them.
 *
 * Options, after `--`: `--d1-delay=80` ms before each D1 call (default 80),
 * `--r2-delay=100` ms before each R2 call (default 100), `--latency-requests=30`. Times in ms.
 */
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { signIn } from "./bench-admin-search.mjs";
import { inTurn, percentile, quoteSubmission, spread } from "./bench-common.mjs";
import { publishBenchContent } from "./bench-content.mjs";
import { bundleWorker, run } from "./run.mjs";

const STATE = ".wrangler/bench-latency";
const BUNDLE_DIR = ".cache/bench-latency-worker";
const WARM_UP = 3;
/** The Miniflare main module: the harness around the bundle's default export. */
const MAIN = 'import worker from "./server.js";\nimport { wrapWorker } from "./harness.mjs";\nexport default wrapWorker(worker);\n';

/** A loopback port nothing listens on now, so the Worker's SITE_URL can name it before it starts. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the bundle behind the harness in Miniflare on a fresh, migrated database. Out: the Miniflare and its origin. */
async function startWorker() {
  bundleWorker(BUNDLE_DIR);
  rmSync(STATE, { recursive: true, force: true });
  await run("node", ["scripts/db-migrate.mjs", "--persist-to", STATE], { stdio: ["ignore", "ignore", "inherit"] });
  mkdirSync(STATE, { recursive: true });
  const log = createWriteStream(join(STATE, "worker.log"));
  const port = await freePort();
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const mf = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, SITE_URL: `http://127.0.0.1:${port}` },
    // The harness first (the main module), next to the bundle it imports.
    modules: [
      { type: "ESModule", path: join(BUNDLE_DIR, "main.mjs"), contents: MAIN },
      { type: "ESModule", path: join(BUNDLE_DIR, "harness.mjs"), contents: readFileSync("scripts/bench-latency-harness.mjs", "utf8") },
      { type: "ESModule", path: join(BUNDLE_DIR, "server.js") },
    ],
    modulesRules: undefined,
    host: "127.0.0.1",
    port,
    defaultPersistRoot: join(STATE, "v3"),
    // The Worker's own lines (one per request) go to a file, not among the tables.
    handleRuntimeStdio(stdout, stderr) {
      for (const stream of [stdout, stderr]) stream.pipe(log, { end: false });
    },
    cf: false,
    log: new Log(LogLevel.WARN),
  });
  return { mf, base: (await mf.ready).origin.replace(/\/$/, "") };
}

let clients = 0;
/** A client address of its own for each quote submission (10.50.0.0/16, apart from the other parts' addresses). */
const newClientIp = () => `10.50.${(++clients >> 8) & 255}.${clients & 255}`;
let requestIds = 0;

/**
 * Sends one measured request with `delays` ({ d1, r2 } ms) and reads its whole answer. Out: its
 * status, X-Cache, time to the response's headers and to the end of the body (ms from the
 * start), the body (text, when `text`) and its calls as the harness counted them.
 */
async function measured(base, path, delays, init = {}, { text = false } = {}) {
  const id = `latency-${++requestIds}`;
  const headers = { ...init.headers, "X-Bench-Request": id, "X-Bench-D1-Delay": String(delays.d1), "X-Bench-R2-Delay": String(delays.r2) };
  const started = performance.now();
  const response = await fetch(base + path, { ...init, headers, redirect: "manual" });
  const ttfb = performance.now() - started;
  const body = text ? await response.text() : (await response.arrayBuffer(), "");
  const done = performance.now() - started;
  const calls = await (await fetch(`${base}/__bench/calls?id=${id}`)).json();
  return { status: response.status, cache: response.headers.get("X-Cache"), ttfb, done, body, calls };
}

/** Throws unless `sample` answered `expected`. */
function expect(sample, expected, what) {
  if (sample.status !== expected) throw new Error(`${what} answered ${sample.status}, not ${expected}`);
  return sample;
}

/** The photos a page shows: each image's `src` under /media/ (one variant per photo, as a browser without srcset would fetch). */
const photosOf = (html) => [...new Set([...html.matchAll(/<img\b[^>]*?\ssrc="(\/media\/[^"]+)"/g)].map((match) => match[1]))];

/** The sum of the calls of several requests (a page and its photos). */
function addCalls(all) {
  const sum = {};
  for (const calls of all) for (const [key, value] of Object.entries(calls)) sum[key] = (sum[key] ?? 0) + value;
  return sum;
}

/**
 * The request kinds: for each, `get(delays)` sends one (or, for the gallery, the page and its
 * photos) and returns `{ ttfb, done, cache, calls }`; `target` is what the issue asks of it,
 * `met(delayed, undelayed)` whether these samples meet it (absent: no target).
 */
function kinds(base, { cookie, quote, photo, recordPath }) {
  const anonymous = (path, status) => async (delays) => expect(await measured(base, path, delays), status, `GET ${path}`);
  const signedIn = (path) => async (delays) => {
    const url = await path();
    return expect(await measured(base, url, delays, { headers: { Cookie: cookie } }), 200, url);
  };
  const most = (samples, key) => Math.max(...samples.map((sample) => sample.calls[key]));
  const closeTo = (delayed, undelayed) => percentile(ttfbs(delayed), 0.5) - percentile(ttfbs(undelayed), 0.5) <= 10;
  const cachedTarget = {
    target: "0 D1, 0 R2; TTFB p50 within 10 ms of no delay",
    met: (delayed, undelayed) => most(delayed, "d1Calls") === 0 && most(delayed, "r2Reads") === 0 && closeTo(delayed, undelayed),
  };
  return [
    { kind: "cached page (GET /, HIT)", get: anonymous("/", 200), ...cachedTarget },
    {
      kind: "uncached page (GET / with a Cookie)",
      get: async (delays) => expect(await measured(base, "/", delays, { headers: { Cookie: "bench=1" } }), 200, "GET / with a Cookie"),
      target: "≤ 1 D1 round trip",
      met: (delayed) => most(delayed, "d1RoundTrips") <= 1,
    },
    {
      kind: "gallery + its photos",
      get: async (delays) => {
        const started = performance.now();
        const page = expect(await measured(base, "/gallery", delays, {}, { text: true }), 200, "GET /gallery");
        const photos = await Promise.all(photosOf(page.body).map(async (url) => expect(await measured(base, url, delays), 200, url)));
        if (photos.length === 0) throw new Error("/gallery shows no /media/ photo");
        return { ...page, done: performance.now() - started, calls: addCalls([page.calls, ...photos.map((each) => each.calls)]) };
      },
    },
    { kind: "photo (one /media/ variant)", get: anonymous(photo, 200), ...cachedTarget },
    {
      kind: "quote POST (1 photo)",
      get: async (delays) =>
        expect(
          await measured(base, "/quote", delays, {
            method: "POST",
            body: quote.body,
            headers: { "Content-Type": quote.contentType, Origin: base, "CF-Connecting-IP": newClientIp() },
          }),
          303,
          "POST /quote",
        ),
      target: "≤ 2 D1 round trips + its R2 writes",
      met: (delayed) => most(delayed, "d1RoundTrips") <= 2,
    },
    {
      kind: "admin list (/admin/quotes)",
      get: signedIn(async () => "/admin/quotes"),
      target: "≤ 2 D1 round trips",
      met: (delayed) => most(delayed, "d1RoundTrips") <= 2,
    },
    { kind: "record page (/admin/quotes/:id)", get: signedIn(recordPath) },
  ];
}

const ttfbs = (samples) => samples.map((sample) => sample.ttfb);

/**
 * The floor under every row: a static file the assets answer before the Worker (so the harness
 * never sees it), `requests` times after WARM_UP. Out: its TTFB p50 and p95.
 */
async function staticFloor(base, requests) {
  const times = [];
  for (let i = 0; i < WARM_UP + requests; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/favicon.svg`);
    if (i >= WARM_UP) times.push(performance.now() - started);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /favicon.svg answered ${response.status}`);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
const whole = (value) => String(Math.round(value));

/** Counts as one number when every request made as many, else their median (min-max). */
function counts(values) {
  return Math.min(...values) === Math.max(...values) ? values[0] : spread(values, whole);
}

/** The counts column for `key`: the delayed requests' counts, and the undelayed ones' when they differ. */
function countColumn(delayed, undelayed, key) {
  const [withDelay, without] = [delayed, undelayed].map((samples) => counts(samples.map((sample) => sample.calls[key])));
  return withDelay === without ? withDelay : `${withDelay} (no delay: ${without})`;
}

/** How the X-Cache headers went: "HIT", or each value with its count when they differ. */
function cacheColumn(samples) {
  const counts = new Map();
  for (const sample of samples) counts.set(sample.cache, (counts.get(sample.cache) ?? 0) + 1);
  return counts.size === 1 ? String([...counts.keys()][0]) : [...counts].map(([value, n]) => `${value} ${n}`).join(", ");
}

/**
 * Runs the benchmark and prints its table. In: the delays in ms and the requests per kind and
 * delay.
 */
export async function benchLatency({ d1Delay, r2Delay, requests }) {
  for (const [name, value] of Object.entries({ "--d1-delay": d1Delay, "--r2-delay": r2Delay })) {
    if (!(value >= 0)) throw new Error(`${name} must be a number of ms, 0 or more`);
  }
  if (!(Number.isInteger(requests) && requests > 0)) throw new Error("--latency-requests must be a whole number above 0");
  const { mf, base } = await startWorker();
  try {
    const published = await publishBenchContent({ base, state: STATE });
    const cookie = await signIn(base, STATE);
    const quote = await quoteSubmission();
    const gallery = await (await fetch(`${base}/gallery`)).text();
    const photo = photosOf(gallery)[0];
    if (!photo) throw new Error("/gallery shows no /media/ photo");
    // The record page shows the newest quote request, one the quote POSTs made.
    let recordPath;
    const newestRecord = async () =>
      (recordPath ??= `/admin/quotes/${(await (await mf.getD1Database("DB")).prepare("SELECT id FROM quote_requests ORDER BY created_at DESC LIMIT 1").first()).id}`);
    const delayed = { d1: d1Delay, r2: r2Delay };
    const undelayed = { d1: 0, r2: 0 };
    const rows = {};
    const targets = [];
    for (const kind of kinds(base, { cookie, quote, photo, recordPath: newestRecord })) {
      const [withDelay, without] = await inTurn([delayed, undelayed], kind.get, { gets: requests, warmUp: WARM_UP });
      rows[kind.kind] = {
        "D1 calls": countColumn(withDelay, without, "d1Calls"),
        "D1 round trips": countColumn(withDelay, without, "d1RoundTrips"),
        "of them batches": countColumn(withDelay, without, "d1Batches"),
        "R2 reads": countColumn(withDelay, without, "r2Reads"),
        "R2 writes": countColumn(withDelay, without, "r2Writes"),
        "X-Cache": cacheColumn([...withDelay, ...without]),
        "TTFB p50": percentile(ttfbs(withDelay), 0.5),
        "TTFB p95": percentile(ttfbs(withDelay), 0.95),
        "no delay p50": percentile(ttfbs(without), 0.5),
        "no delay p95": percentile(ttfbs(without), 0.95),
        "p50 added": percentile(ttfbs(withDelay), 0.5) - percentile(ttfbs(without), 0.5),
        "all in p50": percentile(
          withDelay.map((sample) => sample.done),
          0.5,
        ),
        "all in, no delay": percentile(
          without.map((sample) => sample.done),
          0.5,
        ),
      };
      if (kind.target) targets.push(`- ${kind.kind}: ${kind.target}: ${kind.met(withDelay, without) ? "met" : "not met"}`);
    }
    console.log(
      `\nLatency at production's distances (${new Date().toISOString().slice(0, 10)}; the production Worker bundle in Miniflare, local D1 and R2; ` +
        `${published.photos} gallery photos and ${published.pairs} before/after pairs published): each D1 call ${d1Delay} ms later, ` +
        `each R2 call ${r2Delay} ms later, and without the delays; ${requests} requests per kind and delay, one at a time, the two in turn, ` +
        `after ${WARM_UP} each not counted. Calls per request (median (min-max) when they vary), waitUntil work included; TTFB = until the response's ` +
        `headers; "all in" = until the whole body (gallery: and every photo) is in; times in ms:`,
    );
    console.table(rows);
    const floor = await staticFloor(base, requests);
    console.log(
      `The floor: a static file (/favicon.svg), answered before the Worker, TTFB p50 ${floor.p50} ms, p95 ${floor.p95} ms (loopback and Miniflare's own routing).`,
    );
    console.log(`Targets (printed, not asserted):\n${targets.join("\n")}`);
  } finally {
    await mf.dispose();
  }
}
