/** What the benchmark scripts (scripts/bench.mjs and its parts) share. */

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
