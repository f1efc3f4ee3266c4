/**
 * What the company costs to run on Cloudflare, from the five-years set (scripts/bench-scale.mjs)
 * and the admin pages' figures (scripts/bench-admin-pages.mjs), printed by `npm run bench --
 * --scale` after its table. Two tables:
 *
 * - per page: the Worker's time at the median (an upper bound of its CPU time: it includes the
 *   waits for D1) and the D1 rows it reads;
 * - per month: requests, CPU time, D1 rows read and written, D1 storage, R2 operations and
 *   storage, each against what the Workers Paid plan includes a month (USAGE_INCLUDED), with
 *   the month's figure worked out from the set and from MONTHLY_USE (what this company does in
 *   a month, stated below so the model can be checked); and the years until D1's 10 GB limit
 *   for one database at the set's rate of growth.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * What a month of Workers Paid includes (developers.cloudflare.com: Workers pricing, D1 pricing,
 * R2 pricing, as of 2026): 10 million requests and 30 million CPU milliseconds; D1 25 billion
 * rows read, 50 million rows written and 5 GB stored (a database's limit is 10 GB); R2 10 GB
 * stored, 1 million Class A (writes) and 10 million Class B (reads) operations.
 */
export const USAGE_INCLUDED = {
  requests: 10_000_000,
  cpuMs: 30_000_000,
  rowsRead: 25_000_000_000,
  rowsWritten: 50_000_000,
  d1Bytes: 5e9,
  d1LimitBytes: 10e9,
  r2Bytes: 10e9,
  r2ClassA: 1_000_000,
  r2ClassB: 10_000_000,
};

/**
 * This company's month, for the model: the set's own rate (40 visits a day, 6 days a week: 1,040
 * visits, 500 quote requests, 333 contact messages a month) and what people do around it.
 * Staff: 6 people opening 150 admin pages each on 26 working days. Calendars: 21 feeds (20
 * crews and the team) fetched hourly. Visitors: 30,000 public page views, a tenth of them
 * missing the edge's cache, each counted as a cold isolate's read of the public content with
 * the published reviews' counts (some 21,000 rows at five years: an upper bound, as a warm
 * isolate reads none), and photo views answered by the edge (no R2 read). A quote request
 * carries 2 photos of some 400 kB (a write each, and 3 reads by staff).
 */
export const MONTHLY_USE = {
  adminPages: 6 * 150 * 26,
  feedFetches: 21 * 24 * 30,
  publicViews: 30_000,
  publicMissShare: 0.1,
  publicMissRows: 21_000,
  publicMissCpuMs: 15,
  quotePhotos: 2,
  quotePhotoBytes: 400_000,
  photoReadsEach: 3,
};

/** The size in bytes of the largest SQLite file under `dir` with its WAL: the bench's D1 database. */
export function databaseBytes(dir) {
  let largest = 0;
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".sqlite") && entry.name !== "metadata.sqlite") {
        let bytes = statSync(full).size;
        try {
          bytes += statSync(`${full}-wal`).size;
        } catch {
          // No WAL: the file is the whole database.
        }
        largest = Math.max(largest, bytes);
      }
    }
  };
  walk(dir);
  return largest;
}

/**
 * How many rows D1 writes for one row inserted into each table: the row and one per index of
 * the table (Cloudflare counts an index's update as a row written), read from sqlite_master.
 * In: a D1 binding. Out: table name → rows written per insert.
 */
export async function rowsPerInsert(db) {
  const { results } = await db
    .prepare("SELECT tbl_name AS name, count(*) AS indexes FROM sqlite_master WHERE type = 'index' GROUP BY tbl_name")
    .all();
  return Object.fromEntries(results.map((row) => [row.name, 1 + Number(row.indexes)]));
}

const percent = (used, included) => `${((100 * used) / included).toFixed(used / included < 0.01 ? 3 : 1)} %`;
const round = (value) => Math.round(value).toLocaleString("en");

/**
 * The two cost tables. In: `pages` (the admin pages' table: label → { "Worker p50 ms", "rows
 * read" }), `counts` (rows per table of the set), `years` (the set's span), `dbBytes`
 * (`databaseBytes`) and `perInsert` (`rowsPerInsert`). Out: { perPage, perMonth, yearsToLimit,
 * archive } for console.table and a sentence.
 */
export function costTables({ pages, counts, years, dbBytes, perInsert }) {
  const entries = Object.entries(pages).filter(([, page]) => typeof page["rows read"] === "number");
  const perPage = Object.fromEntries(
    entries.map(([label, page]) => [label, { "Worker p50 ms (CPU at most)": page["Worker p50 ms"], "D1 rows read": page["rows read"] }]),
  );
  const mean = (key) => entries.reduce((sum, [, page]) => sum + Number(page[key]), 0) / Math.max(1, entries.length);
  const months = years * 12;
  const use = MONTHLY_USE;
  const feedRows = 1_000; // a crew's feed: its visits of the 121 days and their requests (scripts/bench-feeds.mjs)
  const feedCpuMs = 25; // a crew's feed of 1,000 visits at the median (docs/benchmarks.md, "Calendar feeds")
  const publicMisses = use.publicViews * use.publicMissShare;
  const quotesPerMonth = (counts.quote_requests ?? 0) / months;
  const requests = use.adminPages + use.feedFetches + use.publicViews;
  const cpuMs = use.adminPages * mean("Worker p50 ms") + use.feedFetches * feedCpuMs + publicMisses * use.publicMissCpuMs;
  const rowsRead = use.adminPages * mean("rows read") + use.feedFetches * feedRows + publicMisses * use.publicMissRows;
  const rowsWritten = Object.entries(counts).reduce((sum, [table, rows]) => sum + (rows / months) * (perInsert[table] ?? 1), 0);
  const photoBytesPerMonth = quotesPerMonth * use.quotePhotos * use.quotePhotoBytes;
  const r2Bytes = photoBytesPerMonth * months;
  const r2ClassA = quotesPerMonth * use.quotePhotos;
  const r2ClassB = r2ClassA * use.photoReadsEach;
  const growthPerYear = dbBytes / years;
  const perMonth = {
    requests: { month: round(requests), included: round(USAGE_INCLUDED.requests), share: percent(requests, USAGE_INCLUDED.requests) },
    "CPU ms (at most)": { month: round(cpuMs), included: round(USAGE_INCLUDED.cpuMs), share: percent(cpuMs, USAGE_INCLUDED.cpuMs) },
    "D1 rows read": { month: round(rowsRead), included: round(USAGE_INCLUDED.rowsRead), share: percent(rowsRead, USAGE_INCLUDED.rowsRead) },
    "D1 rows written": {
      month: round(rowsWritten),
      included: round(USAGE_INCLUDED.rowsWritten),
      share: percent(rowsWritten, USAGE_INCLUDED.rowsWritten),
    },
    "D1 storage after five years (MB)": {
      month: round(dbBytes / 1e6),
      included: round(USAGE_INCLUDED.d1Bytes / 1e6),
      share: percent(dbBytes, USAGE_INCLUDED.d1Bytes),
    },
    "R2 storage after five years (MB)": {
      month: round(r2Bytes / 1e6),
      included: round(USAGE_INCLUDED.r2Bytes / 1e6),
      share: percent(r2Bytes, USAGE_INCLUDED.r2Bytes),
    },
    "R2 Class A (writes)": {
      month: round(r2ClassA),
      included: round(USAGE_INCLUDED.r2ClassA),
      share: percent(r2ClassA, USAGE_INCLUDED.r2ClassA),
    },
    "R2 Class B (reads)": {
      month: round(r2ClassB),
      included: round(USAGE_INCLUDED.r2ClassB),
      share: percent(r2ClassB, USAGE_INCLUDED.r2ClassB),
    },
  };
  return {
    perPage,
    perMonth,
    growthMbPerYear: growthPerYear / 1e6,
    yearsToLimit: (USAGE_INCLUDED.d1LimitBytes - dbBytes) / growthPerYear + years,
  };
}
