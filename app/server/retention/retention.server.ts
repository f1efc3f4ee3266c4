/**
 * Retention by default (docs/product.md §17 "Retention"; the periods: app/domain/retention.ts,
 * stated by the privacy notice): run by the daily cron (server.ts `scheduled`), it
 * 1. anonymises the quote requests that never became a job (no visit, no invoice, whatever their
 *    stage) and the contact messages, `neverBookedMonths` months after their last activity: name
 *    ANONYMISED_NAME, e-mail, phone and address "" (or NULL where the column allows), the free text
 *    cleared (the request's details, the message, staff notes, status reasons, the replies sent
 *    and the text, links and address of their e-mails), the status page's token removed (its link
 *    is dead); the search index follows through its triggers (migrations/0003_search_index.sql).
 *    A customer whose every request and message is anonymised, and who has no invoice, is
 *    anonymised likewise (migrations/0013_customers_search.sql's triggers). The reference, dates,
 *    service and status stay, for the figures;
 * 2. deletes photos from R2, then their `attachments` rows: those of requests closed (a stage of
 *    CLOSED_STAGES) for `photoMonths` months, and those of anonymised (or erased) records;
 * 3. clears the text and links of e-mails sent or failed more than MAIL_BODY_DAYS days ago
 *    (`mail_deliveries.body_text`, `links`); the row stays for the record, with its recipient's
 *    address, subject and status (what a bounce or a question about a mail needs), until the
 *    record it belongs to is anonymised or erased. A mail without its text can no longer be resent.
 *
 * "Last activity" (and so the moment a request is closed) is the latest of: the row's creation
 * and update, its status changes, its staff notes, the replies sent (a quote counts until its last
 * valid day, so an expired quote's request is closed when the quote expired) and, for a request,
 * its visits' updates. A request cancelled or completed by staff is thus closed at its last status
 * change, one whose visit is done at that visit's last update.
 *
 * Every write is guarded by its rule in the statement and selects rows "not yet done" (an e-mail
 * not yet "", an attachment row still present, a mail text not yet NULL), so a second run changes
 * nothing and concurrent runs never count a row twice: each row is counted by the one statement
 * that changed it; an R2 delete of a key already gone is no error. Work per run is bounded:
 * at most MAX_ROUNDS rounds of BATCH_ROWS rows of each kind (2,000 requests, 2,000 messages,
 * 2,000 photos, 2,000 mail texts), each round one D1 read, one D1 batch (ids in statements of at
 * most IDS_PER_STATEMENT, under D1's 100 bound parameters) and, for photos, one R2 delete: a
 * backlog of years is drained over a few nights, each run well inside the Worker's limits.
 * The run's counts are added to the day's in `retention_settings` (read back by
 * `readRetentionSummary`) and returned for the cron's log line.
 */
import { and, eq, inArray, lt, max, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  attachments,
  contactMessages,
  customerReplies,
  customers,
  mailDeliveries,
  quoteRequests,
  recordNotes,
  retentionSettings,
  statusChanges,
} from "../../../drizzle/schema";
import { DAY_MS, todayInJamaica } from "~/domain/dates";
import type { AuditedEntity } from "~/domain/enumerations";
import { ANONYMISED_NAME, CLOSED_STAGES, MAIL_BODY_DAYS, monthsBefore, RETENTION_DEFAULTS } from "~/domain/retention";
import { stageColumns } from "~/server/lifecycle";
import { bumpContentVersion, type Database } from "~/server/platform";
import { searchIndexesOptimised } from "~/server/data-rights";

/** Rows of one kind handled per round (one D1 read, one batch). */
const BATCH_ROWS = 500;
/** Rounds of each kind per run: the run's bound (BATCH_ROWS × MAX_ROUNDS rows of each kind). */
const MAX_ROUNDS = 4;
/** Ids bound in one statement (D1 allows 100 bound parameters, the statements add a few of their own). */
const IDS_PER_STATEMENT = 70;

type Statement = BatchItem<"sqlite">;

/** The owner's two periods, in months. */
export interface RetentionSettings {
  photoMonths: number;
  neverBookedMonths: number;
}

/** What one run did: each count is of rows this run changed (none twice across concurrent runs). */
export interface RetentionResult {
  photosDeleted: number;
  requestsAnonymised: number;
  messagesAnonymised: number;
  customersAnonymised: number;
  mailBodiesCleared: number;
  /** True when a kind still had a full round left at the bound: the next night goes on. */
  more: boolean;
}

/** The overview's line: the last run (its instant and Jamaica day) and that day's counts; `lastRunAt` null: never run. */
export interface RetentionSummary {
  lastRunAt: Date | null;
  lastRunDay: string | null;
  photosDeleted: number;
  requestsAnonymised: number;
  messagesAnonymised: number;
  mailBodiesCleared: number;
}

/** `ids` in slices of at most IDS_PER_STATEMENT. */
function slices<T>(ids: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) out.push(ids.slice(start, start + IDS_PER_STATEMENT));
  return out;
}

/** The record table's name in SQL, and the entity name its notes, replies and mails carry. */
const TABLES = { quote_request: "quote_requests", contact_message: "contact_messages" } as const satisfies Record<AuditedEntity, string>;

/**
 * The last activity (ms) of the record table's row in scope, as SQL (see the header). The row is
 * named by its table, never bare: the subqueries have their own ids.
 */
function lastActivitySql(entity: AuditedEntity): SQL<number> {
  const table = TABLES[entity];
  const id = sql.raw(`"${table}"."id"`);
  const visits =
    entity === "quote_request" ? sql`, COALESCE((SELECT MAX(v.updated_at) FROM visits v WHERE v.quote_request_id = ${id}), 0)` : sql``;
  return sql<number>`MAX(${sql.raw(`"${table}"."created_at"`)}, ${sql.raw(`"${table}"."updated_at"`)},
    COALESCE((SELECT MAX(s.created_at) FROM status_changes s WHERE s.entity = ${entity} AND s.entity_id = ${id}), 0),
    COALESCE((SELECT MAX(n.created_at) FROM record_notes n WHERE n.entity = ${entity} AND n.entity_id = ${id}), 0),
    COALESCE((SELECT MAX(r.created_at + COALESCE(r.valid_days, 0) * ${DAY_MS}) FROM customer_replies r WHERE r.entity = ${entity} AND r.entity_id = ${id}), 0)${visits})`;
}

/** The quote request in scope never became a job: no visit of it, no invoice for it. */
const neverBookedSql = sql`NOT EXISTS (SELECT 1 FROM visits v WHERE v.quote_request_id = "quote_requests"."id")
  AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.quote_request_id = "quote_requests"."id")`;

/** A quote request to anonymise now: not yet anonymised, never a job, inactive since `cutoff`. */
function requestDue(cutoff: number): SQL {
  return sql`${quoteRequests.email} <> '' AND ${quoteRequests.createdAt} < ${cutoff} AND ${neverBookedSql} AND ${lastActivitySql("quote_request")} < ${cutoff}`;
}

/** A contact message to anonymise now: not yet anonymised, inactive since `cutoff`. */
function messageDue(cutoff: number): SQL {
  return sql`${contactMessages.email} <> '' AND ${contactMessages.createdAt} < ${cutoff} AND ${lastActivitySql("contact_message")} < ${cutoff}`;
}

/**
 * The owner's periods' query, for a caller's batch (the public content's, which the privacy
 * notice reads: app/server/site/content.server.ts); its rows go through `retentionSettingsFrom`.
 */
export function retentionSettingsQuery(db: Database) {
  return db
    .select({ photoMonths: retentionSettings.photoMonths, neverBookedMonths: retentionSettings.neverBookedMonths })
    .from(retentionSettings)
    .where(eq(retentionSettings.id, 1));
}

/** The owner's periods from `retentionSettingsQuery`'s rows (none: the defaults of app/domain/retention.ts). */
export function retentionSettingsFrom(rows: ReadonlyArray<RetentionSettings>): RetentionSettings {
  const row = rows[0];
  return row ? { photoMonths: row.photoMonths, neverBookedMonths: row.neverBookedMonths } : { ...RETENTION_DEFAULTS };
}

/** The owner's periods (the defaults of app/domain/retention.ts when the row is missing). Throws when D1 fails. */
export async function readRetentionSettings(db: Database): Promise<RetentionSettings> {
  return retentionSettingsFrom(await retentionSettingsQuery(db));
}

/**
 * Saves the owner's periods (whole months, each within RETENTION_MONTHS: the table's CHECK refuses
 * anything else, so the caller checks first), in one batch with the content version's bump: the
 * privacy notice (/privacy, a cached public page) states them. `now` is the save's instant.
 * Throws when D1 fails (nothing is then written).
 */
export async function saveRetentionSettings(db: Database, settings: RetentionSettings, now: Date): Promise<void> {
  await db.batch([
    db
      .insert(retentionSettings)
      .values({ id: 1, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: retentionSettings.id, set: { ...settings, updatedAt: now } }),
    bumpContentVersion(db),
  ]);
}

/**
 * The summary's query: one row always (aggregates of the one settings row, so a database whose
 * row is missing still answers: never run, counts 0), for a caller's batch or combined one-row
 * statement (the overview's Needs you); its rows go through `retentionSummaryFrom`.
 */
export function retentionSummaryQuery(db: Database) {
  return db
    .select({
      lastRunAt: max(retentionSettings.lastRunAt),
      lastRunDay: max(retentionSettings.lastRunDay),
      photosDeleted: sql<number>`coalesce(max(${retentionSettings.lastPhotosDeleted}), 0)`,
      requestsAnonymised: sql<number>`coalesce(max(${retentionSettings.lastRequestsAnonymised}), 0)`,
      messagesAnonymised: sql<number>`coalesce(max(${retentionSettings.lastMessagesAnonymised}), 0)`,
      mailBodiesCleared: sql<number>`coalesce(max(${retentionSettings.lastMailBodiesCleared}), 0)`,
    })
    .from(retentionSettings)
    .where(eq(retentionSettings.id, 1));
}

/** The summary from `retentionSummaryQuery`'s row (none: never run). */
export function retentionSummaryFrom(rows: ReadonlyArray<RetentionSummary>): RetentionSummary {
  const row = rows[0];
  return {
    lastRunAt: row?.lastRunAt ?? null,
    lastRunDay: row?.lastRunDay ?? null,
    photosDeleted: Number(row?.photosDeleted ?? 0),
    requestsAnonymised: Number(row?.requestsAnonymised ?? 0),
    messagesAnonymised: Number(row?.messagesAnonymised ?? 0),
    mailBodiesCleared: Number(row?.mailBodiesCleared ?? 0),
  };
}

/** The retention job's last run and that day's counts (one SELECT). Throws when D1 fails. */
export async function readRetentionSummary(db: Database): Promise<RetentionSummary> {
  return retentionSummaryFrom(await retentionSummaryQuery(db));
}

/** The statements that anonymise the records of `entity` with these ids (guarded by `due`), and everything written about them. */
function anonymiseStatements(db: Database, entity: AuditedEntity, ids: string[], due: SQL, now: Date): Statement[] {
  const table = entity === "quote_request" ? quoteRequests : contactMessages;
  const anonymisedIds = db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.email, "")));
  const record: Statement =
    entity === "quote_request"
      ? db
          .update(quoteRequests)
          .set({ name: ANONYMISED_NAME, email: "", phone: "", address: "", additionalInfo: null, statusToken: null, updatedAt: now })
          .where(and(inArray(quoteRequests.id, ids), due))
          .returning({ id: quoteRequests.id })
      : db
          .update(contactMessages)
          .set({ name: ANONYMISED_NAME, email: "", phone: null, message: "", statusToken: null, updatedAt: now })
          .where(and(inArray(contactMessages.id, ids), due))
          .returning({ id: contactMessages.id });
  const about = <T extends typeof recordNotes | typeof statusChanges | typeof customerReplies | typeof mailDeliveries>(t: T) =>
    and(eq(t.entity, entity), inArray(t.entityId, anonymisedIds));
  const owner = entity === "quote_request" ? "quote_requests" : "contact_messages";
  return [
    record,
    // Staff notes keep a marker (the column needs a text), status reasons and replies are emptied.
    db
      .update(customerReplies)
      .set({ message: "", included: null })
      .where(and(about(customerReplies), sql`(${customerReplies.message} <> '' OR ${customerReplies.included} IS NOT NULL)`)),
    db
      .update(recordNotes)
      .set({ body: ANONYMISED_NAME })
      .where(and(about(recordNotes), sql`${recordNotes.body} <> ${ANONYMISED_NAME}`)),
    db
      .update(statusChanges)
      .set({ note: null })
      .where(and(sql`${statusChanges.note} IS NOT NULL`, about(statusChanges))),
    db
      .update(mailDeliveries)
      // The reply-to (the owner's notice of a form carries the visitor's address) and the subject
      // ("… from <name>") name them too.
      .set({ toAddress: "", replyTo: null, subject: ANONYMISED_NAME, bodyText: null, links: null, lastError: null })
      .where(
        and(
          about(mailDeliveries),
          sql`(${mailDeliveries.toAddress} <> '' OR ${mailDeliveries.replyTo} IS NOT NULL OR ${mailDeliveries.subject} <> ${ANONYMISED_NAME}
            OR ${mailDeliveries.bodyText} IS NOT NULL OR ${mailDeliveries.links} IS NOT NULL)`,
        ),
      ),
    // Their customers, once nothing of theirs is left un-anonymised and no invoice keeps them.
    db
      .update(customers)
      .set({ name: ANONYMISED_NAME, email: null, phone: null, notes: null, updatedAt: now })
      .where(
        and(
          sql`${customers.id} IN (SELECT customer_id FROM ${sql.raw(owner)} WHERE id IN ${anonymisedIds} AND customer_id IS NOT NULL)`,
          sql`NOT (${customers.name} = ${ANONYMISED_NAME} AND ${customers.email} IS NULL AND ${customers.phone} IS NULL AND ${customers.notes} IS NULL)`,
          sql`NOT EXISTS (SELECT 1 FROM quote_requests q WHERE q.customer_id = ${customers.id} AND q.email <> '')`,
          sql`NOT EXISTS (SELECT 1 FROM contact_messages c WHERE c.customer_id = ${customers.id} AND c.email <> '')`,
          sql`NOT EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = ${customers.id})`,
        ),
      )
      .returning({ id: customers.id }),
  ];
}

/** One round of anonymising records of `entity`: out, how many records and customers this round changed. */
async function anonymiseRound(db: Database, entity: AuditedEntity, cutoff: number, now: Date) {
  const table = entity === "quote_request" ? quoteRequests : contactMessages;
  const due = entity === "quote_request" ? requestDue(cutoff) : messageDue(cutoff);
  const rows = await db.select({ id: table.id }).from(table).where(due).orderBy(table.createdAt).limit(BATCH_ROWS);
  if (rows.length === 0) return { records: 0, customers: 0, full: false };
  const statements = slices(rows.map((row) => row.id)).flatMap((ids) => anonymiseStatements(db, entity, ids, due, now));
  const results = (await db.batch(statements as [Statement, ...Statement[]])) as unknown[];
  let records = 0;
  let people = 0;
  // Each slice's statements: the record's update first, the customers' last (both RETURNING rows).
  const perSlice = statements.length / slices(rows).length;
  results.forEach((result, index) => {
    if (index % perSlice === 0) records += (result as unknown[]).length;
    else if (index % perSlice === perSlice - 1) people += (result as unknown[]).length;
  });
  return { records, customers: people, full: rows.length === BATCH_ROWS };
}

/** The attachments to delete now: of requests closed before `photoCutoff`, and of anonymised records. */
function photoDue(photoCutoff: number, now: Date): SQL {
  const closed = sql.join(
    CLOSED_STAGES.map((stage) => sql`${stage}`),
    sql`, `,
  );
  return or(
    and(
      eq(attachments.ownerKind, "quote"),
      sql`EXISTS (SELECT 1 FROM quote_requests WHERE "quote_requests"."id" = "attachments"."owner_id" AND ("quote_requests"."email" = '' OR (${lastActivitySql("quote_request")} < ${photoCutoff} AND ${stageColumns(now).stage} IN (${closed}))))`,
    ),
    and(
      eq(attachments.ownerKind, "contact"),
      sql`EXISTS (SELECT 1 FROM contact_messages c WHERE c.id = "attachments"."owner_id" AND c.email = '')`,
    ),
  )!;
}

/** One round of photo deletion: R2 first (a key already gone is no error), then the rows; out, the rows this round deleted. */
async function photoRound(db: Database, bucket: R2Bucket, photoCutoff: number, now: Date) {
  const due = photoDue(photoCutoff, now);
  const rows = await db.select({ id: attachments.id, key: attachments.r2Key }).from(attachments).where(due).limit(BATCH_ROWS);
  if (rows.length === 0) return { deleted: 0, full: false };
  // A failed R2 delete throws before any row goes: the rows stay, and the next run tries again.
  await bucket.delete(rows.map((row) => row.key));
  const statements: Statement[] = slices(rows.map((row) => row.id)).map((ids) =>
    db.delete(attachments).where(inArray(attachments.id, ids)).returning({ id: attachments.id }),
  );
  const results = (await db.batch(statements as [Statement, ...Statement[]])) as unknown[][];
  return { deleted: results.reduce((sum, result) => sum + result.length, 0), full: rows.length === BATCH_ROWS };
}

/** One round of clearing old mail texts (one statement, its own guard): out, the rows it cleared. */
async function mailRound(db: Database, mailCutoff: number) {
  const kept = db
    .select({ id: mailDeliveries.id })
    .from(mailDeliveries)
    .where(
      and(
        sql`(${mailDeliveries.bodyText} IS NOT NULL OR ${mailDeliveries.links} IS NOT NULL)`,
        lt(mailDeliveries.createdAt, new Date(mailCutoff)),
        inArray(mailDeliveries.status, ["sent", "failed"]),
      ),
    )
    .orderBy(mailDeliveries.createdAt)
    .limit(BATCH_ROWS);
  const cleared = await db
    .update(mailDeliveries)
    .set({ bodyText: null, links: null })
    .where(and(inArray(mailDeliveries.id, kept), sql`(${mailDeliveries.bodyText} IS NOT NULL OR ${mailDeliveries.links} IS NOT NULL)`))
    .returning({ id: mailDeliveries.id });
  return { cleared: cleared.length, full: cleared.length === BATCH_ROWS };
}

/**
 * The daily retention run (see the header). In: the database, the photos' bucket, `now` (the
 * run's instant). Out: this run's counts. Records them in `retention_settings` (added to the
 * counts of the same Jamaica day). Throws when D1 or R2 fails (what was done before stays done
 * and counted in D1 only when the run got to its end; the next run goes on from there).
 */
export async function applyRetention(input: { db: Database; bucket: R2Bucket; now: Date }): Promise<RetentionResult> {
  const { db, bucket, now } = input;
  const settings = await readRetentionSettings(db);
  const recordCutoff = monthsBefore(now, settings.neverBookedMonths);
  const photoCutoff = monthsBefore(now, settings.photoMonths);
  const mailCutoff = now.getTime() - MAIL_BODY_DAYS * DAY_MS;
  const result: RetentionResult = {
    photosDeleted: 0,
    requestsAnonymised: 0,
    messagesAnonymised: 0,
    customersAnonymised: 0,
    mailBodiesCleared: 0,
    more: false,
  };
  // Records first, so their photos go in the same run.
  for (const entity of ["quote_request", "contact_message"] as const) {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const done = await anonymiseRound(db, entity, recordCutoff, now);
      if (entity === "quote_request") result.requestsAnonymised += done.records;
      else result.messagesAnonymised += done.records;
      result.customersAnonymised += done.customers;
      if (!done.full) break;
      if (round === MAX_ROUNDS - 1) result.more = true;
    }
  }
  // The search indexes drop the words just replaced from their older segments too.
  if (result.requestsAnonymised + result.messagesAnonymised + result.customersAnonymised > 0) {
    const [first, ...rest] = searchIndexesOptimised(db);
    await db.batch([first!, ...rest]);
  }
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const done = await photoRound(db, bucket, photoCutoff, now);
    result.photosDeleted += done.deleted;
    if (!done.full) break;
    if (round === MAX_ROUNDS - 1) result.more = true;
  }
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const done = await mailRound(db, mailCutoff);
    result.mailBodiesCleared += done.cleared;
    if (!done.full) break;
    if (round === MAX_ROUNDS - 1) result.more = true;
  }
  await recordRun(db, now, result);
  return result;
}

/** Adds the run's counts to the day's (a new day starts them anew), in one statement. */
async function recordRun(db: Database, now: Date, result: RetentionResult): Promise<void> {
  const day = todayInJamaica(now);
  const sameDay = sql`${retentionSettings.lastRunDay} = ${day}`;
  const add = (column: SQLiteColumn, n: number) => sql`CASE WHEN ${sameDay} THEN ${column} + ${n} ELSE ${n} END`;
  await db
    .update(retentionSettings)
    .set({
      lastPhotosDeleted: add(retentionSettings.lastPhotosDeleted, result.photosDeleted),
      lastRequestsAnonymised: add(retentionSettings.lastRequestsAnonymised, result.requestsAnonymised),
      lastMessagesAnonymised: add(retentionSettings.lastMessagesAnonymised, result.messagesAnonymised),
      lastMailBodiesCleared: add(retentionSettings.lastMailBodiesCleared, result.mailBodiesCleared),
      lastRunDay: day,
      lastRunAt: sql`MAX(COALESCE(${retentionSettings.lastRunAt}, 0), ${now.getTime()})`,
    })
    .where(eq(retentionSettings.id, 1));
}
