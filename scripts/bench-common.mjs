/** What the benchmark scripts (scripts/bench.mjs and its parts) share. */
import { readFileSync } from "node:fs";

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Chromium's flags for measuring: no sandbox (root in CI), no GPU, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * The median of numbers and their range, as "median (min-max)", each passed through `format`
 * (non-numbers, such as a run Lighthouse aborted, are left out; "n/a" when none is left).
 */
export function spread(values, format = (value) => String(Math.round(value))) {
  const sorted = values.filter((value) => typeof value === "number" && !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return "n/a";
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return sorted.length === 1 ? format(median) : `${format(median)} (${format(sorted[0])}-${format(sorted[sorted.length - 1])})`;
}

/** A small deterministic generator (mulberry32): numbers in [0, 1), the same for the same seed, so every run fills the same records. */
export function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The q-quantile (0.5: median, 0.95, 1: max) of numbers, rounded to a whole number; "-" when there are none. */
export function percentile(values, q) {
  if (values.length === 0) return "-";
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
}

export const DAY_MS = 86_400_000;
/** Today in Jamaica, an ISO date: Jamaica is UTC-5 all year (no daylight saving time). */
export const todayInJamaica = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
/** The ISO date `n` days after `day` (before, for a negative `n`). */
export const plusDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A reference of the seeded requests' form (10 characters: never one the site would draw). */
export const newReference = () => `MB-${Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => ALPHABET[byte % 30]).join("")}`;

/**
 * Times `variants` one request at a time, in turn (so a burst of load on the machine falls on
 * all of them alike): `warmUp` rounds not counted, then `gets` rounds. `get(variant)` sends one
 * request and returns `{ ms, requestId, ... }` (the X-Request-Id the Worker answered with).
 * Out: each variant's samples, in the order of `variants`, once the last log lines are in.
 */
export async function inTurn(variants, get, { gets, warmUp }) {
  for (let i = 0; i < warmUp; i++) for (const variant of variants) await get(variant);
  const samples = variants.map(() => []);
  for (let i = 0; i < gets; i++) for (const [k, variant] of variants.entries()) samples[k].push(await get(variant));
  await sleep(500); // let the last log lines arrive
  return samples;
}

/**
 * The time columns of a table row from `samples` ({ ms, requestId }): end to end, and the
 * Worker's own time from its request log lines (`requestLog()`, app/worker/request-log.ts),
 * matched by request id; p50, p95 and max, in whole ms.
 */
export function timeColumns(samples, requestLog) {
  const workerTime = new Map(requestLog().map((line) => [line.requestId, line.durationMs]));
  const total = samples.map((sample) => sample.ms);
  const worker = samples.flatMap((sample) => (workerTime.has(sample.requestId) ? [workerTime.get(sample.requestId)] : []));
  return {
    requests: total.length,
    "p50 ms": percentile(total, 0.5),
    "p95 ms": percentile(total, 0.95),
    "max ms": percentile(total, 1),
    "Worker p50 ms": percentile(worker, 0.5),
    "Worker p95 ms": percentile(worker, 0.95),
    "Worker max ms": percentile(worker, 1),
  };
}

/**
 * A valid quote request with one photo (app/assets/photos/cleaning-tools-duster.jpg), encoded as
 * a browser posts it. Out: the multipart body, its Content-Type and the photo's size in bytes.
 */
export async function quoteSubmission() {
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
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("Content-Type"), photoBytes: photo.length };
}
