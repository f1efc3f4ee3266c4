import { format } from "date-fns";
/**
 * Calendar dates in the business's own time zone. Montego Bay keeps Jamaica time
 * (America/Jamaica, UTC-5 all year, no daylight saving).
 */
const BUSINESS_TIME_ZONE = "America/Jamaica";

/** Today's date in Jamaica as an ISO calendar date, e.g. "2026-11-22". */
export function todayInJamaica(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Jamaica is UTC-5 all year (no daylight saving). */
const JAMAICA_OFFSET_MS = -5 * 60 * 60 * 1000;

/**
 * A time (ms since the epoch) as the admin reads it: 'MMM dd, yyyy' (spec §2, §9) in
 * Jamaica's calendar, e.g. "Nov 22, 2026", whatever time zone the code runs in (date-fns).
 */
export function formatAdminDate(ms: number): string {
  const shifted = new Date(ms + JAMAICA_OFFSET_MS + new Date(ms).getTimezoneOffset() * 60_000);
  return format(shifted, "MMM dd, yyyy");
}

/** Date and time for the audit trail, e.g. "Nov 22, 2026 14:05" (Jamaica time). */
export function formatAdminDateTime(ms: number): string {
  const shifted = new Date(ms + JAMAICA_OFFSET_MS + new Date(ms).getTimezoneOffset() * 60_000);
  return format(shifted, "MMM dd, yyyy HH:mm");
}
