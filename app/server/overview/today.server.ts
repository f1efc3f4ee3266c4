/**
 * The overview's Today and Needs you (docs/product.md §16 "Today and Needs you"), read in one D1
 * batch of two statements: today's visits by crew, then tomorrow's count and what waits for the
 * owner as one row (app/server/platform `oneRowStatement`). The requests and messages waiting
 * for an answer are the admin frame's own tab counts (app/server/inbox `readFrameFigures`), which
 * the page reads from the frame rather than twice. Every count reuses its module's own
 * definition: the quotes waiting at a request's stage
 * (app/server/lifecycle `quotesWaitingQuery`), the Unpaid view's totals (app/server/billing
 * `unpaidTotalsQuery`, app/domain/billing.ts `isOverdue`). Defined here: a visit to mark done is
 * one still scheduled on a day before today (Jamaica), counted from visits_status_day_customer_idx
 * alone; a review to publish is one not published.
 */
import { and, asc, count, eq, inArray, lt, min, sql } from "drizzle-orm";
import { crews, customers, quoteRequests, reviews, visits } from "../../../drizzle/schema";
import { plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import type { VisitStatus } from "~/domain/enumerations";
import { unpaidTotalsQuery } from "~/server/billing";
import { quotesWaitingQuery } from "~/server/lifecycle";
import { oneRowStatement, type Database } from "~/server/platform";
import { retentionSummaryFrom, retentionSummaryQuery } from "~/server/retention";
import type { TodayBoard } from "./types";

/** The statuses of a visit that Today lists: the day's work, done or not (cancelled and skipped visits are left out). */
const TODAY_STATUSES = ["scheduled", "done", "no_show"] as const satisfies readonly VisitStatus[];

/**
 * Today's work and what needs the owner at `now`, in one batch (one round trip).
 * In: the database and now (an instant; the day is today in Jamaica). Out: `{ today, needsYou,
 * retention }` (app/server/overview/types.ts: visits ordered by crew position, unassigned last,
 * then window start; amounts in cents; the retention job's last run, app/server/retention).
 * Throws when D1 fails.
 */
export async function readTodayBoard(db: Database, now: Date): Promise<TodayBoard> {
  const { queries, finish } = todayBoardRead(db, now);
  const [visitRows, countRows] = await db.batch(queries);
  return finish(visitRows, countRows);
}

/**
 * `readTodayBoard` as its two statements, for a caller's batch (app/server/overview `readOverview`):
 * `queries` (the day's visits, then the counts' row) go into the batch, and `finish(visitRows,
 * countRows)` turns what they answered into `{ today, needsYou, retention }`.
 */
export function todayBoardRead(db: Database, now: Date) {
  const day = todayInJamaica(now);
  const tomorrow = plusDays(day, 1);
  const counts = oneRowStatement(db, [
    db
      .select({ n: count() })
      .from(visits)
      .where(and(eq(visits.day, tomorrow), eq(visits.status, "scheduled"))),
    quotesWaitingQuery(db, now),
    db
      .select({ n: count(), oldest: min(visits.day) })
      .from(visits)
      .where(and(eq(visits.status, "scheduled"), lt(visits.day, day))),
    unpaidTotalsQuery(db, day),
    db.select({ n: count() }).from(reviews).where(eq(reviews.published, false)),
    retentionSummaryQuery(db),
  ]);
  const visitList = db
    .select({
      id: visits.id,
      quoteRequestId: visits.quoteRequestId,
      crewId: visits.crewId,
      crewName: sql<string | null>`${crews.name}`.as("crew_name"),
      windowStart: visits.windowStart,
      windowEnd: visits.windowEnd,
      status: visits.status,
      // The request's name as the customer gave it, else the customer's (a name left blank).
      customerName: sql<string>`COALESCE(NULLIF(TRIM(${quoteRequests.name}), ''), ${customers.name}, '')`.as("customer_name"),
      serviceType: visits.serviceType,
      address: visits.address,
    })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .leftJoin(customers, eq(customers.id, quoteRequests.customerId))
    .leftJoin(crews, eq(crews.id, visits.crewId))
    .where(and(eq(visits.day, day), inArray(visits.status, TODAY_STATUSES)))
    .orderBy(sql`${crews.position} IS NULL`, asc(crews.position), asc(crews.name), asc(visits.windowStart), asc(quoteRequests.name));
  const finish = (visitRows: Awaited<typeof visitList>, countRows: Parameters<typeof counts.read>[0]): TodayBoard => {
    const [tomorrowRow, priced, markRow, unpaidRow, toPublish, retentionRow] = counts.read(countRows);
    return {
      today: {
        day,
        visits: visitRows.map((row) => ({ ...row, status: row.status as VisitStatus })),
        tomorrow,
        tomorrowCount: Number(tomorrowRow.n ?? 0),
      },
      needsYou: {
        quotesWaiting: Number(priced.n ?? 0),
        visitsToMarkDone: Number(markRow.n ?? 0),
        oldestVisitToMarkDone: markRow.oldest ?? null,
        unpaid: { count: Number(unpaidRow.count ?? 0), cents: Number(unpaidRow.cents ?? 0) },
        overdue: { count: Number(unpaidRow.overdueCount ?? 0), cents: Number(unpaidRow.overdueCents ?? 0) },
        reviewsToPublish: Number(toPublish.n ?? 0),
      },
      retention: retentionSummaryFrom([retentionRow]),
    };
  };
  return { queries: [visitList, counts.query] as const, finish };
}
