/**
 * Calendar dates in the business's own time zone. Montego Bay keeps Jamaica time
 * (America/Jamaica, UTC-5 all year, no daylight saving).
 */
export const BUSINESS_TIME_ZONE = "America/Jamaica";

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
