/**
 * Dates in the business's own time zone. Montego Bay keeps Jamaica time (America/Jamaica,
 * UTC-5 all year, no daylight saving); the IANA zone is used through @date-fns/tz, so the
 * code is right wherever it runs and whatever the zone's rules become.
 */
import { TZDate, tz } from "@date-fns/tz";
import { format, formatDuration, intervalToDuration, isValid, parse, startOfMonth } from "date-fns";

const JAMAICA = "America/Jamaica";

/** A day in milliseconds (Jamaica keeps no daylight saving, so a day is always 24 hours there). */
export const DAY_MS = 86_400_000;

/** An hour, in milliseconds. */
export const HOUR_MS = 3_600_000;

/** One minute in milliseconds. */
export const MINUTE_MS = 60_000;
const inJamaica = { in: tz(JAMAICA) };

/** Today's date in Jamaica as an ISO calendar date, e.g. "2026-11-22". */
export function todayInJamaica(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd", inJamaica);
}

/** The time of day in Jamaica as "HH:MM" (24-hour), e.g. "14:05": to compare with an arrival window's start. */
export function timeInJamaica(now: Date = new Date()): string {
  return format(now, "HH:mm", inJamaica);
}

/** A time (ms since the epoch) as the admin reads it: 'MMM dd, yyyy' (docs/product.md §9), e.g. "Nov 22, 2026". */
export function formatAdminDate(ms: number): string {
  return format(ms, "MMM dd, yyyy", inJamaica);
}

/**
 * Whether a quote sent at `sentMs` and valid `validDays` days is over: its last valid day (the
 * day of sending plus `validDays`, in Jamaica, the day the quote e-mail names) has passed, that
 * is `sentMs + validDays` days falls before the start of today in Jamaica (`quoteExpiryCutoff`,
 * the same rule as the stage's SQL in app/server/lifecycle/stage.server.ts).
 */
export function quoteExpired(sentMs: number, validDays: number, now: Date = new Date()): boolean {
  return sentMs + validDays * DAY_MS < quoteExpiryCutoff(now);
}

/**
 * The instant (ms since the epoch) before which `sent + validDays days` means an expired quote:
 * the start of today in Jamaica.
 */
export function quoteExpiryCutoff(now: Date = new Date()): number {
  return jamaicaDayStart(todayInJamaica(now)) as number;
}

/** Date and time for the audit trail, e.g. "Nov 22, 2026 14:05" (Jamaica time). */
export function formatAdminDateTime(ms: number): string {
  return format(ms, "MMM dd, yyyy HH:mm", inJamaica);
}

/**
 * The first millisecond (since the epoch) of an ISO calendar date in Jamaica, or null when
 * `iso` is not a real date in YYYY-MM-DD form from 1970 on. The admin's date filters read days this way.
 */
export function jamaicaDayStart(iso: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const day = parse(iso, "yyyy-MM-dd", new Date());
  // Years before 1970 hold no record, and two-digit years would be read as 19xx.
  if (!isValid(day) || format(day, "yyyy-MM-dd") !== iso || day.getFullYear() < 1970) return null;
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), JAMAICA).getTime();
}

/** Days' starts in Jamaica already computed (a calendar feed of 1,000 visits asks for each of its days many times; the zone's rules do not change while an isolate lives). */
const dayStarts = new Map<string, number>();

/**
 * When a time "HH:MM" of `day` (an ISO date) is in Jamaica, ms since the epoch: a visit's arrival
 * window, its change cut-off, its calendar event, a review request's sending time. `day` must be
 * a real date (as booking's days are).
 */
export function jamaicaInstant(day: string, time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  let start = dayStarts.get(day);
  if (start === undefined) {
    if (dayStarts.size >= 1000) dayStarts.clear();
    start = jamaicaDayStart(day)!;
    dayStarts.set(day, start);
  }
  return start + (hours * 60 + minutes) * MINUTE_MS;
}

/** A time as the CSV export writes it: "2026-11-22 14:05" in Jamaica time. */
export function formatExportDateTime(ms: number): string {
  return format(ms, "yyyy-MM-dd HH:mm", inJamaica);
}

/** How long ago, in whole hours, e.g. 26 (for "waiting 26 h"). */
export function hoursSince(ms: number, now: Date = new Date()): number {
  return Math.floor((now.getTime() - ms) / HOUR_MS);
}

/** The first millisecond of the current month in Jamaica, e.g. Nov 1, 2026 00:00 (UTC-5). */
export function jamaicaMonthStart(now: Date = new Date()): number {
  return startOfMonth(now, inJamaica).getTime();
}

/** The month's name in Jamaica, e.g. "November 2026". */
export function jamaicaMonthName(now: Date = new Date()): string {
  return format(now, "MMMM yyyy", inJamaica);
}

/**
 * How long from `fromMs` to `toMs`, to the minute, in words: "3 hours 12 minutes", "2 days 1
 * hour", "under a minute".
 */
export function formatElapsed(fromMs: number, toMs: number): string {
  const duration = intervalToDuration({ start: fromMs, end: Math.max(fromMs, toMs) });
  const text = formatDuration(duration, { format: ["months", "days", "hours", "minutes"] });
  return text || "under a minute";
}
