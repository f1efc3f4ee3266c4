/**
 * Dates in the business's own time zone. Montego Bay keeps Jamaica time (America/Jamaica,
 * UTC-5 all year, no daylight saving); the IANA zone is used through @date-fns/tz, so the
 * code is right wherever it runs and whatever the zone's rules become.
 */
import { tz } from "@date-fns/tz";
import { format } from "date-fns";

const inJamaica = { in: tz("America/Jamaica") };

/** Today's date in Jamaica as an ISO calendar date, e.g. "2026-11-22". */
export function todayInJamaica(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd", inJamaica);
}

/** A time (ms since the epoch) as the admin reads it: 'MMM dd, yyyy' (docs/product.md §9), e.g. "Nov 22, 2026". */
export function formatAdminDate(ms: number): string {
  return format(ms, "MMM dd, yyyy", inJamaica);
}

/** Date and time for the audit trail, e.g. "Nov 22, 2026 14:05" (Jamaica time). */
export function formatAdminDateTime(ms: number): string {
  return format(ms, "MMM dd, yyyy HH:mm", inJamaica);
}
