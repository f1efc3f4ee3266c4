/**
 * `npm run bench`: measures the built site under `wrangler dev` on a fresh local database and
 * prints one table (a benchmark, not a test: it asserts nothing).
 *
 * - Lighthouse (mobile preset, Debian Chromium) for every public page: the four category
 *   scores, LCP, CLS, TBT, and the page's JS/CSS/HTML/image bytes gzipped; then the same
 *   preset once more with its throttling applied to the page load (DevTools throttling).
 * - autocannon on loopback: a cached page, an uncached render, and a burst of 200 concurrent
 *   quote submissions with a photo, then the rows and R2 objects that landed. Next to the
 *   end-to-end figures, the Worker's own time per request (from its request log lines) and a
 *   static file that never reaches the Worker, which shows what wrangler dev's local proxies
 *   add to every request.
 * - The admin search at 50,000 quote requests and 50,000 contact messages
 *   (scripts/bench-admin-search.mjs).
 * - The production Worker bundle from `wrangler deploy --dry-run`, gzipped.
 *
 * `npm run bench -- --search-only` runs only the admin search part.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { getPlatformProxy } from "wrangler";
import { benchAdminSearch } from "./bench-admin-search.mjs";
import { ensureDevVars } from "./dev-vars.mjs";
import { bin, run } from "./run.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = ".wrangler/bench";
const PAGES = ["/", "/services", "/services/residential", "/about", "/contact", "/gallery", "/faq", "/quote"];
const kB = (bytes) => `${(bytes / 1024).toFixed(1)}`;

if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
ensureDevVars();
rmSync(STATE, { recursive: true, force: true });
await run("node", ["scripts/db-migrate.mjs", "--persist-to", STATE]);

// wrangler dev's output, with the Worker's request log lines, goes to a file: reading it
// through a pipe would load this process, which also runs autocannon.
const WORKER_LOG = ".wrangler/bench-worker.log";
const server = spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE], {
  stdio: ["ignore", openSync(WORKER_LOG, "w"), "ignore"],
});
process.on("exit", () => server.kill());
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
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${BASE}/robots.txt`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 120) throw new Error("wrangler dev did not start");
  await new Promise((resolve) => setTimeout(resolve, 500));
}

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
if (process.argv.includes("--search-only")) {
  await searchBench();
  server.kill();
  process.exit(0);
}

// --- Lighthouse -------------------------------------------------------------------------
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
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
const lighthouseRows = [];
const appliedRows = [];
for (const path of PAGES) {
  await fetch(BASE + path); // warm the page cache, as a returning visitor would find it
  const { lhr } = await lighthouse(BASE + path, { port: chrome.port, output: "json", logLevel: "error" });
  const bytes = { Script: 0, Stylesheet: 0, Document: 0, Image: 0 };
  for (const request of lhr.audits["network-requests"]?.details?.items ?? []) {
    if (!(request.resourceType in bytes) || !request.url.startsWith(BASE)) continue;
    // Images are already compressed: count what was sent. Text: gzip it as production would.
    bytes[request.resourceType] += request.resourceType === "Image" ? request.transferSize : await gzippedSize(request.url);
  }
  bytes.Stylesheet += await inlineStylesSize(BASE + path); // the site's CSS is inlined (app/site-styles.tsx)
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // A failed run (lhr.runtimeError) has no metrics: report it instead of a number.
  const metric = (id, format) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? format(value) : `n/a${lhr.runtimeError ? ` (${lhr.runtimeError.code})` : ""}`;
  };
  lighthouseRows.push({
    page: path,
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    seo: score("seo"),
    "LCP s": metric("largest-contentful-paint", (value) => (value / 1000).toFixed(2)),
    CLS: metric("cumulative-layout-shift", (value) => value.toFixed(3)),
    "TBT ms": metric("total-blocking-time", (value) => Math.round(value)),
    "JS kB": kB(bytes.Script),
    "CSS kB": kB(bytes.Stylesheet),
    "HTML kB": kB(bytes.Document),
    "img kB": kB(bytes.Image),
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

const photo = readFileSync("app/assets/photos/cleaning-tools-duster.jpg");
const form = new FormData();
for (const [name, value] of Object.entries({
  name: "Bench Visitor",
  email: "bench@example.com",
  phone: "876 555 0100",
  address: "1 Bench Road",
  serviceType: "residential",
})) {
  form.append(name, value);
}
form.append("photos", new File([photo], "duster.jpg", { type: "image/jpeg" }));
const encoded = new Request(BASE, { method: "POST", body: form });
const multipart = Buffer.from(await encoded.arrayBuffer());
let client = 0;
const burst = await load({
  url: `${BASE}/quote`,
  amount: 200,
  connections: 200,
  method: "POST",
  headers: { "Content-Type": encoded.headers.get("Content-Type"), Origin: BASE },
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
  const listed = await proxy.env.UPLOADS.list({ cursor });
  objects += listed.objects.length;
  cursor = listed.truncated ? listed.cursor : undefined;
} while (cursor);
await proxy.dispose();

await searchBench();

// --- Worker bundle ----------------------------------------------------------------------
rmSync(".cache/bench-bundle", { recursive: true, force: true });
execFileSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", ".cache/bench-bundle"], { stdio: "ignore" });
const bundle = gzipSync(readFileSync(".cache/bench-bundle/server.js"), { level: 9 }).length;

server.kill();
console.log(`\nLighthouse, mobile preset (${new Date().toISOString().slice(0, 10)}, wrangler dev, cache warm):`);
console.table(lighthouseRows);
console.log("The same preset with applied (DevTools) throttling: 150 ms RTT, 1.6 Mbit/s, CPU 4x slower:");
console.table(appliedRows);
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
  `Burst: 200 concurrent quote submissions with a ${kB(photo.length)} kB photo -> ${redirected} answered 303, ` +
    `p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms; stored ${quotes} quote requests, ${attachments} attachment rows, ${objects} R2 objects ` +
    `(${quotes === 200 && attachments === 200 && objects === 200 ? "none lost or duplicated" : "MISMATCH"}).`,
);
console.log(`Worker bundle (wrangler deploy --dry-run): ${kB(bundle)} kB gzipped.`);
process.exit(0);
