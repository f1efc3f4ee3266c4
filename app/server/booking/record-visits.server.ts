/**
 * What the record page's Visit card shows of a quote request (app/routes/admin/quote/): its
 * visits with their history, the availability settings (the windows of the staff's forms), its
 * regular cleaning with the visits ahead, and the frequency it asked for. Four reads side by side.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/server/platform";
import { quoteRequests } from "../../../drizzle/schema";
import { readAvailabilitySettings } from "./availability.server";
import { seriesOverview } from "./series.server";
import { visitsWithHistory } from "./visits.server";

/**
 * The request's visits for its record page. Out: `visits` (every visit, newest first, each with
 * its history: visits.server.ts `visitsWithHistory`), `settings`, `series` (series.server.ts
 * `seriesOverview`, null when none) and `frequency` (undefined when the request is gone).
 */
export async function requestVisits(db: Database, quoteRequestId: string, now = new Date()) {
  const [visits, settings, series, request] = await Promise.all([
    visitsWithHistory(db, quoteRequestId),
    readAvailabilitySettings(db),
    seriesOverview(db, quoteRequestId, now),
    db.select({ frequency: quoteRequests.frequency }).from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get(),
  ]);
  return { visits, settings, series, frequency: request?.frequency };
}
