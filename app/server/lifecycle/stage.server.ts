/**
 * The one definition of a quote request's stage (app/domain/lifecycle.ts lists the stages and
 * their order): SQL over the request's own row, its quotes (customer_replies of kind "quote"),
 * its visits and their reviews, so that a list, a filter, the CSV, a record and the status page
 * read the same stage in the statement that reads the request. Nothing is stored: a stage can
 * never disagree with the data it comes from.
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { customerReplies, quoteRequests } from "../../../drizzle/schema";
import { DAY_MS, quoteExpiryCutoff } from "~/domain/dates";
import { JOB_STAGES, type JobStage, type StageFacts } from "~/domain/lifecycle";
import type { Database } from "~/server/platform";

/**
 * The row in scope's id, always with its table: Drizzle writes a select over `quote_requests`
 * alone with bare column names, and a bare "id" inside the subqueries below would name their own
 * table's id (or be ambiguous in the one that joins reviews).
 */
const request = sql`"quote_requests"."id"`;

/** The newest quote of the request (a quote with a price: CHECK customer_replies_quote_check). */
const newestQuote = (column: string) =>
  sql.raw(`(SELECT cr.${column} FROM customer_replies cr WHERE cr.entity = 'quote_request' AND cr.kind = 'quote' AND cr.entity_id = `);

/**
 * The stage of the `quote_requests` row in scope, as SQL text (one of JOB_STAGES). `cutoffMs`
 * is `quoteExpiryCutoff(now)`: a quote whose `created_at + valid_days` days falls before it has
 * expired (app/domain/dates.ts, `quoteExpired`, the booking's own test).
 */
function stageSql(cutoffMs: number): SQL<JobStage> {
  return sql<JobStage>`CASE
    WHEN ${quoteRequests.status} = 'cancelled' THEN 'cancelled'
    WHEN EXISTS (SELECT 1 FROM visits v WHERE v.quote_request_id = ${request} AND v.status = 'scheduled') THEN 'booked'
    WHEN EXISTS (SELECT 1 FROM visits v JOIN reviews r ON r.visit_id = v.id WHERE v.quote_request_id = ${request} AND v.status = 'done') THEN 'reviewed'
    WHEN EXISTS (SELECT 1 FROM visits v WHERE v.quote_request_id = ${request} AND v.status = 'done') THEN 'visit_done'
    WHEN ${quoteRequests.status} = 'completed' THEN 'closed'
    WHEN ${newestQuote("created_at + cr.valid_days * 86400000")}${request} ORDER BY cr.created_at DESC LIMIT 1) < ${cutoffMs} THEN 'expired'
    WHEN ${quoteRequests.status} = 'quoted' OR ${pricedSql()} THEN 'quoted'
    ELSE 'new'
  END`;
}

/** 1 when a quote with a price was sent for the row in scope, else 0. */
function pricedSql(): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM customer_replies cr WHERE cr.entity = 'quote_request' AND cr.kind = 'quote' AND cr.entity_id = ${request})`;
}

/** The next scheduled visit of the row in scope as "YYYY-MM-DD HH:MM" (day and window start, Jamaica), or NULL. */
function nextVisitSql(): SQL<string | null> {
  return sql<
    string | null
  >`(SELECT v.day || ' ' || v.window_start FROM visits v WHERE v.quote_request_id = ${request} AND v.status = 'scheduled' ORDER BY v.day, v.window_start LIMIT 1)`;
}

/**
 * The columns a select over `quote_requests` adds to read each row's stage at `now`; turn the
 * row's values into StageFacts with `stageFacts`.
 */
export function stageColumns(now: Date = new Date()) {
  return { stage: stageSql(quoteExpiryCutoff(now)), priced: pricedSql(), nextVisit: nextVisitSql() };
}

/** StageFacts from the values `stageColumns` selected (an unknown stage, which the SQL never gives, reads as "new"). */
export function stageFacts(row: { stage: string; priced: number | boolean; nextVisit: string | null }): StageFacts {
  const stage = JOB_STAGES.find((candidate) => candidate === row.stage) ?? "new";
  const [day, start] = row.nextVisit ? row.nextVisit.split(" ") : [null, null];
  return { stage, priced: Boolean(row.priced), nextVisitDay: day ?? null, nextVisitStart: start ?? null };
}

/**
 * A WHERE condition: the row in scope is at `stage` at `now`. The status a stage implies is
 * tested first, so SQLite narrows by its index before it works out any stage.
 */
export function stageCondition(stage: JobStage, now: Date = new Date()): SQL {
  const implied: Partial<Record<JobStage, SQL>> = {
    new: sql`${quoteRequests.status} = 'pending'`,
    cancelled: sql`${quoteRequests.status} = 'cancelled'`,
    closed: sql`${quoteRequests.status} = 'completed'`,
    quoted: sql`${quoteRequests.status} IN ('pending', 'quoted')`,
    expired: sql`${quoteRequests.status} IN ('pending', 'quoted')`,
  };
  const exact = sql`${stageSql(quoteExpiryCutoff(now))} = ${stage}`;
  return implied[stage] ? sql`(${implied[stage]} AND ${exact})` : exact;
}

/** The stage of one quote request at `now`, or null when no request has that id. Throws when D1 fails. */
export async function readStage(db: Database, quoteRequestId: string, now: Date = new Date()): Promise<StageFacts | null> {
  const row = await db.select(stageColumns(now)).from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get();
  return row ? stageFacts(row) : null;
}

/**
 * One statement for a caller's batch (the overview's Needs you, app/server/overview/today.server.ts):
 * how many quote requests wait for the customer's acceptance at `now`, i.e. are at stage "quoted"
 * (`stageCondition`) with a priced quote. Answers one row `{ n }`. Throws (in the batch) when D1 fails.
 *
 * The same count as `stageCondition("quoted", now)` AND priced over every request, bounded so the
 * stage is worked out for a few hundred rows, not every request still pending or quoted: such a
 * request's newest quote is not expired (sent + valid_days days >= `quoteExpiryCutoff(now)`), so
 * it has a quote still valid at the cutoff. Those quotes are read from
 * customer_replies_quote_valid_idx (a range of the instants quotes expire; the expression below
 * is the index's, written the same way so SQLite uses it), their requests joined by id (the CROSS
 * JOIN keeps that order), and the stage itself decides: the bound only leaves out requests the
 * stage would not count. Proven against the unbounded count in tests/integration/overview-board.test.ts.
 */
export function quotesWaitingQuery(db: Database, now: Date = new Date()) {
  const cutoff = quoteExpiryCutoff(now);
  const stillValid = db
    .selectDistinct({ requestId: customerReplies.entityId })
    .from(customerReplies)
    .where(
      and(
        eq(customerReplies.kind, "quote"),
        eq(customerReplies.entity, "quote_request"),
        // drizzle/schema.ts customer_replies_quote_valid_idx: the same expression, its factor a literal (a bound value would not match it).
        sql`(${customerReplies.createdAt} + ${customerReplies.validDays} * ${sql.raw(String(DAY_MS))}) >= ${cutoff}`,
      ),
    )
    .as("valid_quote");
  return db
    .select({ n: count() })
    .from(stillValid)
    .crossJoin(quoteRequests)
    .where(and(eq(quoteRequests.id, stillValid.requestId), stageCondition("quoted", now), sql`${pricedSql()}`));
}
