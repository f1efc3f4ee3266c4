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
