/**
 * What the record page's Visit card shows of a quote request (app/routes/admin/quote/): its
 * visits with their history, the availability settings (the windows of the staff's forms), its
 * regular cleaning with the visits ahead, and the frequency it asked for.
 */
import type { Frequency } from "~/domain/enumerations";
import type { Database } from "~/server/platform";
import { readAvailabilitySettings } from "./availability.server";
import { seriesOverview } from "./series.server";
import { visitsWithHistory } from "./visits.server";

/**
 * The request's visits for its record page. In: the request's id and the frequency it asked for.
 * Out: `visits` (the newest RECORD_VISITS_SHOWN, each with its history), `total` and `scheduled`
 * (visits.server.ts `visitsWithHistory`), `settings`, `series` (series.server.ts
 * `seriesOverview`, null when none) and `frequency`. Three D1 calls side by side, one round trip.
 */
export async function requestVisits(db: Database, request: { id: string; frequency: Frequency | null }, now = new Date()) {
  const [history, settings, series] = await Promise.all([
    visitsWithHistory(db, request.id),
    readAvailabilitySettings(db),
    seriesOverview(db, request.id, now),
  ]);
  return { ...history, settings, series, frequency: request.frequency };
}
